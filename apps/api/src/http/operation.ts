import type { Layer, Router, RouterMiddleware } from '@koa/router';
import { type Endpoint, endpoints, type Route } from '@reelbase/api-client';

/** The contract's endpoints by operation (`<method> <path>`); GET /api/videos, listed twice, keeps one (the same access). */
const endpointByOperation = new Map<string, Endpoint>(endpoints.map((e) => [`${e.method} ${e.path}`, e]));

/** The contract's endpoint of an operation, or undefined when the contract does not list it. */
export const endpointOf = (operation: string): Endpoint | undefined => endpointByOperation.get(operation);

/**
 * Registers a route for one operation of the contract (`op.getShowcasesById` from
 * '@reelbase/api-client'): method and path come from the operation (`{id}` -> `:id`, minus the
 * router's prefix), and the route's layer is named after it, so the contract's permission, scope
 * and schemas are found by name (bindTeamAccess) and no path is written a second time. An
 * operation the contract does not list, or one outside the router's prefix, fails the start.
 */
export function on<S, C>(router: Router<S, C>, operation: Route, ...middleware: RouterMiddleware<S, C>[]): Layer<S, C> {
  if (!endpointOf(operation)) throw new Error(`${operation}: the contract lists no such operation`);
  const space = operation.indexOf(' ');
  const method = operation.slice(0, space);
  const path = operation.slice(space + 1).replace(/\{(\w+)\}/g, ':$1');
  const prefix = router.opts.prefix ?? '';
  const rest = path.slice(prefix.length);
  if (!path.startsWith(prefix) || (rest !== '' && !rest.startsWith('/'))) throw new Error(`${operation} lies outside its router's prefix ${prefix}`);
  return router.register(rest || '/', [method], middleware, { name: operation }) as Layer<S, C>;
}
