import { TWO_FACTOR_CHALLENGE_TTL_SECONDS, type TwoFactorChallenge } from '@reelbase/api-client';
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
    return { twoFactorRequired: true, challenge: token };
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
