import type { z } from 'zod';
import type { RequestOptions } from './core.ts';
import { methodOf, type OperationAt, type ParamNamesOf, type PathParams, pathOf, type Route } from './route.ts';

/** What the contract says the route answers (unknown for routes without a JSON answer). */
export type ResponseOf<R extends Route> = OperationAt<R> extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;
/** The JSON body the contract's schema accepts for the route. */
export type BodyOf<R extends Route> = OperationAt<R> extends { body: infer S extends z.ZodType } ? z.input<S> : never;

export type CallOptions<R extends Route> = Omit<RequestOptions, 'body'> & { body?: BodyOf<R> };

type Request = <T>(method: string, path: string, r?: RequestOptions) => Promise<T>;

/**
 * The client's one way to call a JSON operation: the route names method and path (written once, in
 * the contract), and the contract's schemas type the parameters, the body and the answer.
 */
export const caller =
  (request: Request) =>
  <R extends Route>(route: R, ...[params, r]: ParamNamesOf<R> extends never ? [params?: undefined, r?: CallOptions<R>] : [params: PathParams<R>, r?: CallOptions<R>]) =>
    request<ResponseOf<R>>(methodOf(route), pathOf(route, params as PathParams<R>), r);

export type Call = ReturnType<typeof caller>;
