import type { Sql } from '../../db/sql.ts';

// The SQL of the PayPal sandbox: its objects (plans, subscriptions) as JSON rows, and the payer
// it names at approval.

/** The sandbox object of that kind and id (its JSON). */
export const sandboxObjectRows = <T>(sql: Sql, id: string, kind: string) => sql<{ data: T }[]>('select data from paypal_sandbox_objects where id = ? and kind = ?', [id, kind]);

/** Stores the object (`data` as JSON), replacing the one of that id. */
export const saveSandboxObject = (sql: Sql, id: string, kind: string, data: string) =>
  sql('insert into paypal_sandbox_objects (id, kind, data) values (?, ?, ?::jsonb) on conflict (id) do update set data = excluded.data', [id, kind, data]);

/** The subscription's JSON, locked for the transaction. */
export const lockSandboxSubscription = <T>(sql: Sql, id: string) => sql<{ data: T }[]>(`select data from paypal_sandbox_objects where id = ? and kind = 'subscription' for update`, [id]);

/** The subscription holding the transaction (`transactions`: JSON of `[{ id }]`). */
export const sandboxSubscriptionWith = (sql: Sql, transactions: string) =>
  sql<{ id: string }[]>(`select id from paypal_sandbox_objects where kind = 'subscription' and data->'transactions' @> ?::jsonb`, [transactions]);

/** The account's owner name and address, the sandbox's payer. */
export const payerRows = (sql: Sql, userId: string) => sql<{ first_name: string; last_name: string; email: string }[]>('select first_name, last_name, email from users where id = ?', [userId]);
