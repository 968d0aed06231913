import type { Sql } from '../../db/sql.ts';

export interface PasskeyRow {
  id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

/** The rows of an account's passkeys, its waiting registration and a sign-in's WebAuthn challenge. */
export const passkeyStore = {
  list: (sql: Sql, userId: string) => sql<PasskeyRow[]>('select * from user_passkeys where user_id = ? order by created_at', [userId]),

  async count(sql: Sql, userId: string): Promise<number> {
    const [row] = await sql<{ n: string }[]>('select count(*) as n from user_passkeys where user_id = ?', [userId]);
    return Number(row.n);
  },

  async byCredential(sql: Sql, userId: string, credentialId: string): Promise<PasskeyRow | null> {
    const [row] = await sql<PasskeyRow[]>('select * from user_passkeys where user_id = ? and credential_id = ?', [userId, credentialId]);
    return row ?? null;
  },

  /** A new credential; null when that credential is registered already (to anyone). */
  async add(sql: Sql, userId: string, p: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string }): Promise<PasskeyRow | null> {
    const [row] = await sql<PasskeyRow[]>(
      `insert into user_passkeys (user_id, credential_id, public_key, counter, transports, name) values (?, ?, ?, ?, ?, ?)
         on conflict (credential_id) do nothing returning *`,
      [userId, p.credentialId, Buffer.from(p.publicKey), p.counter, JSON.stringify(p.transports), p.name],
    );
    return row ?? null;
  },

  /**
   * Records a use: the counter moves to `counter` only forward (an authenticator without a counter
   * always shows 0), so of two requests with one assertion only one gets through.
   */
  async used(sql: Sql, id: string, counter: number): Promise<boolean> {
    const rows = await sql<unknown[]>('update user_passkeys set counter = ?, last_used_at = now() where id = ? and (counter < ? or (counter = 0 and ? = 0)) returning 1', [counter, id, counter, counter]);
    return rows.length === 1;
  },

  async remove(sql: Sql, userId: string, id: string): Promise<boolean> {
    return (await sql<unknown[]>('delete from user_passkeys where user_id = ? and id = ? returning 1', [userId, id])).length === 1;
  },

  /** The registration's challenge, replacing one that waited. */
  saveRegistration: (sql: Sql, userId: string, challenge: string, ttlSeconds: number) =>
    sql(
      `insert into passkey_registrations (user_id, challenge, expires_at) values (?, ?, now() + make_interval(secs => ?))
         on conflict (user_id) do update set challenge = excluded.challenge, expires_at = excluded.expires_at`,
      [userId, challenge, ttlSeconds],
    ),

  /** Takes the waiting registration's challenge (once); null when none waits or it expired. */
  async takeRegistration(sql: Sql, userId: string): Promise<string | null> {
    const [row] = await sql<{ challenge: string; live: boolean }[]>('delete from passkey_registrations where user_id = ? returning challenge, expires_at > now() as live', [userId]);
    return row?.live ? row.challenge : null;
  },
};
