import type { Sql } from '../../db/sql.ts';
import { recoveryHash } from './totp.ts';

/** The rows of an account's two-factor sign-in: its TOTP secret (sealed), last time step used, recovery codes (hashed). */
export const twoFactorStore = {
  /** The sealed secret: the confirmed one (`confirmed`), or the one waiting for its first code. */
  async secret(sql: Sql, userId: string, confirmed: boolean): Promise<string | null> {
    const [row] = await sql<{ secret_enc: string }[]>(`select secret_enc from user_totp where user_id = ? and confirmed_at is ${confirmed ? 'not null' : 'null'}`, [userId]);
    return row?.secret_enc ?? null;
  },

  /** A new secret waiting for its first code (replacing one that waited); false when one is confirmed already. */
  async savePending(sql: Sql, userId: string, sealed: string): Promise<boolean> {
    const rows = await sql<unknown[]>(
      `insert into user_totp (user_id, secret_enc) values (?, ?)
         on conflict (user_id) do update set secret_enc = excluded.secret_enc, last_step = null, created_at = now() where user_totp.confirmed_at is null
         returning 1`,
      [userId, sealed],
    );
    return rows.length === 1;
  },

  /**
   * Uses time step `step` of the account's secret up: true only when it is later than every step
   * used before, so a code works once (also against a parallel request with the same code).
   */
  async claimStep(sql: Sql, userId: string, step: number, confirmed = true): Promise<boolean> {
    const rows = await sql<unknown[]>(
      `update user_totp set last_step = ?, confirmed_at = coalesce(confirmed_at, now())
         where user_id = ? and confirmed_at is ${confirmed ? 'not null' : 'null'} and (last_step is null or last_step < ?) returning 1`,
      [step, userId, step],
    );
    return rows.length === 1;
  },

  /** Uses a recovery code up; false when it is not one of the account's unused codes. */
  async useRecoveryCode(sql: Sql, userId: string, code: string): Promise<boolean> {
    const rows = await sql<unknown[]>('update two_factor_recovery_codes set used_at = now() where user_id = ? and code_hash = ? and used_at is null returning 1', [userId, recoveryHash(code)]);
    return rows.length === 1;
  },

  async hasTotp(sql: Sql, userId: string): Promise<boolean> {
    return (await this.secret(sql, userId, true)) !== null;
  },

  async recoveryCodesLeft(sql: Sql, userId: string): Promise<number> {
    const [row] = await sql<{ n: string }[]>('select count(*) as n from two_factor_recovery_codes where user_id = ? and used_at is null', [userId]);
    return Number(row.n);
  },

  /** Turns it on (the secret's first code was claimed): a fresh set of recovery codes. */
  async enable(sql: Sql, userId: string, hashes: string[]): Promise<void> {
    await sql('delete from two_factor_recovery_codes where user_id = ?', [userId]);
    await sql(`insert into two_factor_recovery_codes (user_id, code_hash) values ${hashes.map(() => '(?, ?)').join(', ')}`, hashes.flatMap((h) => [userId, h]));
    await sql('update users set two_factor_enabled_at = now() where id = ?', [userId]);
  },

  /** Turns it off: every method goes (authenticator app, passkeys, recovery codes), so turning it on again starts clean. */
  async disable(sql: Sql, userId: string): Promise<void> {
    await sql('delete from user_totp where user_id = ?', [userId]);
    await sql('delete from user_passkeys where user_id = ?', [userId]);
    await sql('delete from two_factor_recovery_codes where user_id = ?', [userId]);
    await sql('update users set two_factor_enabled_at = null where id = ?', [userId]);
  },

  /** Whether two-factor sign-in is on, the person's row locked for the rest of the transaction. */
  async lockedIsOn(sql: Sql, userId: string): Promise<{ on: boolean }> {
    const [row] = await sql<{ on: boolean }[]>('select two_factor_enabled_at is not null as on from users where id = ? for update', [userId]);
    return row;
  },

  /** Locks the person's row for the rest of the transaction (their methods change one at a time). */
  lockUser: (sql: Sql, userId: string) => sql('select 1 from users where id = ? for update', [userId]),

  /** The owner's policy; false when the team does not exist. */
  async setTeamPolicy(sql: Sql, teamId: string, requireTwoFactor: boolean): Promise<boolean> {
    return (await sql<unknown[]>('update teams set require_two_factor = ? where id = ? returning 1', [requireTwoFactor, teamId])).length === 1;
  },
};
