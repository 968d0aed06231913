import type { z } from 'zod';
import type { RequestOptions } from './core.ts';
import { methodOf, type OperationAt, type ParamNamesOf, type PathParams, pathOf, type Route } from './route.ts';

/** What the contract says the route answers (unknown for routes without a JSON answer). */
export type ResponseOf<R extends Route> = OperationAt<R> extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;
/** The JSON body the contract's schema accepts for the route. */
export type BodyOf<R extends Route> = OperationAt<R> extends { body: infer S extends z.ZodType } ? z.input<S> : never;

/** A call's path parameters by name beside its request options (no parameter is named like an option). */
export type CallArgs<R extends Route> = PathParams<R> & Omit<RequestOptions, 'body'> & { body?: BodyOf<R> };

type Request = <T>(method: string, path: string, r?: RequestOptions) => Promise<T>;

/**
 * The client's one way to call a JSON operation: the route names method and path (written once, in
 * the contract), and the contract's schemas type the parameters, the body and the answer.
 */
export const caller =
  (request: Request) =>
  <R extends Route>(route: R, ...[args]: ParamNamesOf<R> extends never ? [args?: CallArgs<R>] : [args: CallArgs<R>]) =>
    request<ResponseOf<R>>(methodOf(route), pathOf(route, args as PathParams<R>), args);

export type Call = ReturnType<typeof caller>;
