import type { Sql } from '../../db/sql.ts';

// The SQL of accounts read or locked outside the ORM.

/** A users row as stored (to map onto the entity), or undefined. */
export async function userRow(sql: Sql, id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await sql<Record<string, unknown>[]>('select * from users where id = ?', [id]);
  return row;
}

/** Serialises the first-admin check of API processes started together, for the rest of the transaction. */
export const lockFirstAdmin = (sql: Sql) => sql(`select pg_advisory_xact_lock(hashtext('reelbase:first-admin'))`);
