import type { Sql } from '../../db/sql.ts';
import type { Provider } from './identities.ts';
import { sha256 } from './secrets.ts';

// The SQL of sign-in with Google and Facebook: the provider links of accounts and the used nonces.

/**
 * Google and Facebook accounts are recognised by the provider's user id (`sub`, Facebook's user
 * id) recorded on the Reelbase account, never by the email they carry.
 */
export async function accountOfIdentity(sql: Sql, provider: Provider, subject: string): Promise<string | null> {
  const [row] = await sql<{ user_id: string }[]>('select user_id from user_identities where provider = ? and subject = ?', [provider, subject]);
  return row?.user_id ?? null;
}

export async function hasIdentity(sql: Sql, userId: string, provider: Provider): Promise<boolean> {
  return (await sql<unknown[]>('select 1 from user_identities where user_id = ? and provider = ?', [userId, provider])).length > 0;
}

/**
 * Records that `subject` at `provider` signs into `userId` (replacing an earlier account of that
 * provider on it). False when that provider account belongs to another Reelbase account.
 */
export async function recordIdentity(sql: Sql, userId: string, provider: Provider, subject: string): Promise<boolean> {
  const rows = await sql<{ user_id: string }[]>(
    `insert into user_identities (id, user_id, provider, subject) values (gen_random_uuid(), ?, ?, ?)
       on conflict (user_id, provider) do update set subject = excluded.subject, created_at = now()
         where not exists (select 1 from user_identities o where o.provider = excluded.provider and o.subject = excluded.subject)
       returning user_id`,
    [userId, provider, subject],
  ).catch((err: { code?: string }) => {
    // The provider account is another user's (unique provider + subject).
    if (err.code === '23505') return [];
    throw err;
  });
  if (rows.length) return true;
  return (await accountOfIdentity(sql, provider, subject)) === userId;
}

/** Provider links made since `since` (an email change an owner cancels takes them back). */
export async function dropIdentitiesSince(sql: Sql, userId: string, since: Date): Promise<void> {
  await sql('delete from user_identities where user_id = ? and created_at >= ?', [userId, since]);
}

/**
 * Each Google nonce signs in once: the first use claims it until the ID token expires; a second
 * use of the same token (or nonce) is a replay. Expired claims are cleared on the way.
 */
export async function claimNonce(sql: Sql, nonce: string, expiresAt: Date): Promise<boolean> {
  await sql('delete from oauth_nonces where expires_at < now()');
  const rows = await sql<unknown[]>('insert into oauth_nonces (nonce_hash, expires_at) values (?, ?) on conflict do nothing returning 1', [sha256(nonce), expiresAt]);
  return rows.length === 1;
}
