import type { ContractOperation } from '../contract/endpoints.ts';

/** An operation of the contract as `<method> <path>` (the constants of routes.generated.ts). */
export type Route = `${ContractOperation['method']} ${ContractOperation['path']}`;
/** The contract's operation of a route, with its schemas. */
export type OperationAt<R extends Route> = R extends `${infer M} ${infer P}` ? Extract<ContractOperation, { method: M; path: P }> : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** The names of a route's path parameters (`{id}` -> 'id'). */
export type ParamNamesOf<R extends Route> = ParamNames<OperationAt<R>['path']>;
/** The path parameters of a route by name (`{id}` -> `{ id: string }`). */
export type PathParams<R extends Route> = Record<ParamNamesOf<R>, string>;

/** The method of a route, as fetch sends it. */
export const methodOf = (route: Route) => route.slice(0, route.indexOf(' ')).toUpperCase();

/** The path of a route with its parameters filled in, each one encoded. */
export const pathOf = <R extends Route>(route: R, params?: PathParams<R>) =>
  route.slice(route.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]));
