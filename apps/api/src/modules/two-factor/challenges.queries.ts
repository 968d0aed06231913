import { TWO_FACTOR_CHALLENGE_TTL_SECONDS, type TwoFactorChallenge, type TwoFactorMethod } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import { newOpaqueToken, sha256 } from '../auth/secrets.ts';

/** What the first step of a sign-in decided, held back until the second step's code. */
export interface PendingSignIn {
  rememberMe: boolean;
  /** The device token's device (a trusted device counts wrong codes on its own, as it counts wrong passwords). */
  deviceId: string | null;
  /** The first step found a device the account never signed in on: the owner is told once the sign-in completes. */
  notifyNewDevice: boolean;
}

/**
 * The second step's ticket: an opaque random token (only its SHA-256 is stored), valid
 * TWO_FACTOR_CHALLENGE_TTL_SECONDS, claimed once by the right code. Expired ones are cleared on the way.
 */
export const twoFactorChallenges = {
  async create(sql: Sql, userId: string, pending: PendingSignIn): Promise<TwoFactorChallenge> {
    await sql('delete from two_factor_challenges where expires_at < now()');
    const { token, hash } = newOpaqueToken();
    await sql(`insert into two_factor_challenges (token_hash, user_id, pending, expires_at) values (?, ?, ?, now() + make_interval(secs => ?))`, [
      hash,
      userId,
      JSON.stringify(pending),
      TWO_FACTOR_CHALLENGE_TTL_SECONDS,
    ]);
    const [has] = await sql<{ totp: boolean; passkey: boolean }[]>(
      'select exists (select 1 from user_totp where user_id = ? and confirmed_at is not null) as totp, exists (select 1 from user_passkeys where user_id = ?) as passkey',
      [userId, userId],
    );
    const methods = (['totp', 'passkey'] as const).filter((m): m is TwoFactorMethod => has[m]);
    return { twoFactorRequired: true, challenge: token, methods };
  },

  /** Keeps a passkey prompt's WebAuthn challenge with the open challenge `token` (a newer prompt replaces it); false when that is not open. */
  async saveWebAuthn(sql: Sql, token: string, webauthnChallenge: string): Promise<boolean> {
    const rows = await sql<unknown[]>('update two_factor_challenges set webauthn_challenge = ? where token_hash = ? and used_at is null and expires_at > now() returning 1', [webauthnChallenge, sha256(token)]);
    return rows.length === 1;
  },

  /** Takes the WebAuthn challenge of the open challenge `token`, once: a second assertion needs a new prompt. */
  async takeWebAuthn(sql: Sql, token: string): Promise<string | null> {
    const [row] = await sql<{ challenge: string }[]>(
      `update two_factor_challenges c set webauthn_challenge = null from (select token_hash, webauthn_challenge from two_factor_challenges where token_hash = ? for update) old
         where c.token_hash = old.token_hash and c.used_at is null and c.expires_at > now() and old.webauthn_challenge is not null
         returning old.webauthn_challenge as challenge`,
      [sha256(token)],
    );
    return row?.challenge ?? null;
  },

  /** The open challenge of `token` (not used, not expired), or null. */
  async find(sql: Sql, token: string): Promise<{ userId: string; pending: PendingSignIn } | null> {
    const [row] = await sql<{ user_id: string; pending: PendingSignIn }[]>('select user_id, pending from two_factor_challenges where token_hash = ? and used_at is null and expires_at > now()', [sha256(token)]);
    return row ? { userId: row.user_id, pending: row.pending } : null;
  },

  /** Uses the challenge up; false when another request did first (or it expired meanwhile). */
  async claim(sql: Sql, token: string): Promise<boolean> {
    const rows = await sql<unknown[]>('update two_factor_challenges set used_at = now() where token_hash = ? and used_at is null and expires_at > now() returning 1', [sha256(token)]);
    return rows.length === 1;
  },

  /** Turning two-factor sign-in off (or a new password) ends the sign-ins waiting for a code. */
  dropAll: (sql: Sql, userId: string) => sql('delete from two_factor_challenges where user_id = ?', [userId]),
};
