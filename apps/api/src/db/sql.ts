/** Runs one SQL statement (inside whatever transaction the caller is in). */
export type Sql = <T = Record<string, unknown>[]>(query: string, params?: unknown[]) => Promise<T>;

/** The `Sql` of an entity manager: raw SQL in its transaction when it is in one. */
export const sqlOf =
  (em: { execute: (q: string, p: unknown[]) => Promise<unknown> }): Sql =>
  (q, p = []) =>
    em.execute(q, p) as never;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether an id from a request can be a uuid column's value: checked before a query, which would fail on anything else. */
export const isUuid = (id: string) => UUID.test(id);
