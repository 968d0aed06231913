import type { Sql } from './sql.ts';

// The SQL of app_secrets: secrets generated once and shared by every process (jwt-secret.ts).

/** Stores `candidate` under `name` unless a secret is stored there already. */
export const offerSecret = (sql: Sql, name: string, candidate: string) =>
  sql('insert into app_secrets (name, value) values (?, ?) on conflict (name) do nothing', [name, candidate]);

/** The secret stored under `name`. */
export async function storedSecretValue(sql: Sql, name: string): Promise<string> {
  const [row] = await sql<{ value: string }[]>('select value from app_secrets where name = ?', [name]);
  return row.value;
}
