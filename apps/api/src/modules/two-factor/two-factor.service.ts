import { MESSAGES, type TotpConfirmed, type TotpSetup, TWO_FACTOR_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { conflict, forbidden, unauthorized, unprocessable } from '../../http/errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { AuthService, SignInAnswer } from '../auth/auth.service.ts';
import type { PasswordChecks } from '../auth/password-checks.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { SignInClient, SignInNotices } from '../auth/sign-in-notices.ts';
import { addressBucket } from '../limits/address.ts';
import type { SignInLimits } from '../limits/rate-limits.ts';
import { type IUser, User } from '../users/user.entity.ts';
import { twoFactorChallenges } from './challenges.ts';
import { twoFactorStore as store } from './store.ts';
import { isTotpCode, newRecoveryCodes, newTotpSecret, type SecretBox, totpStep } from './totp.ts';

export interface TwoFactorDeps {
  orm: Orm;
  auth: AuthService;
  box: SecretBox;
  signInLimits: SignInLimits;
  passwordChecks: PasswordChecks;
  notices: SignInNotices;
  failureLimits: { perAccount: number; perDevice: number };
}

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and single-use recovery codes.
 * Every code and password checked here is counted like a sign-in's password (the same counters,
 * per address, per account, per trusted device), so a second factor is no cheaper to guess than
 * the first.
 */
export function createTwoFactorService(d: TwoFactorDeps) {
  const em = () => d.orm.em.fork();
  const now = () => new Date().toISOString();

  /**
   * One counted check of `user`'s proofs (a password, a code, or both): the attempt's slots are
   * taken first, kept when a proof is wrong (with the lockout notices a password sign-in sends),
   * given back or cleared when all are right.
   */
  async function counted<T extends Record<string, boolean>>(user: IUser, client: SignInClient, deviceId: string | null, check: () => Promise<T>): Promise<T> {
    const attempt = await d.signInLimits.reserve({ account: user.email, address: client.address }, deviceId ?? undefined);
    let result: T;
    try {
      result = await check();
    } catch (err) {
      await attempt.release();
      throw err;
    }
    if (Object.values(result).every(Boolean)) {
      await attempt.succeeded();
      return result;
    }
    const began = attempt.failed();
    if (began.accountLocked) await d.notices.accountLocked(user.email, d.failureLimits.perAccount, client);
    if (began.deviceLocked) await d.notices.deviceLocked(user.email, d.failureLimits.perDevice, client);
    return result;
  }

  const passwordRight = (user: IUser, password: string, client: SignInClient) => d.passwordChecks.run(addressBucket(client.address), () => verifyPassword(user.passwordHash, password));

  /** Checks an authenticator code (its time step is used up) or a recovery code (used up); which one matched, or null. */
  async function useCode(sql: Sql, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
    if (isTotpCode(code)) {
      const sealed = await store.secret(sql, userId, true);
      const step = sealed ? await totpStep(d.box.open(sealed), code) : null;
      return step !== null && (await store.claimStep(sql, userId, step)) ? 'totp' : null;
    }
    return (await store.useRecoveryCode(sql, userId, code)) ? 'recovery' : null;
  }

  return {
    /** Starts the set-up: a new secret (replacing one that waited), on only once a code of it is confirmed. */
    async setup(userId: string, currentPassword: string, client: SignInClient): Promise<TotpSetup> {
      const user = await em().findOneOrFail(User, { id: userId });
      if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      if (!user.passwordHash) throw unprocessable({ currentPassword: TWO_FACTOR_MESSAGES.passwordNeeded });
      const { password } = await counted(user, client, null, async () => ({ password: await passwordRight(user, currentPassword, client) }));
      if (!password) throw unprocessable({ currentPassword: TWO_FACTOR_MESSAGES.wrongPassword });
      const setup = newTotpSecret(user.email);
      if (!(await store.savePending(sqlOf(em()), user.id, d.box.seal(setup.secret)))) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      return setup;
    },

    /** The first code of the waiting secret turns two-factor sign-in on: ten recovery codes, shown this once. */
    async confirm(userId: string, code: string): Promise<TotpConfirmed> {
      const user = await em().findOneOrFail(User, { id: userId });
      if (user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      const recovery = newRecoveryCodes();
      await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        const sealed = await store.secret(sql, userId, false);
        if (!sealed) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
        const step = await totpStep(d.box.open(sealed), code);
        if (step === null || !(await store.claimStep(sql, userId, step, false))) throw unprocessable({ code: TWO_FACTOR_MESSAGES.wrongCode });
        await store.enable(sql, userId, recovery.hashes);
        await queueMail(sql, user.email, 'two-factor', { firstName: user.firstName, kind: 'on', at: now() });
      });
      return { message: TWO_FACTOR_MESSAGES.turnedOn, recoveryCodes: recovery.codes };
    },

    /** Turns it off: the current password and a code (authenticator or recovery), counted like a sign-in. */
    async disable(userId: string, input: { currentPassword: string; code: string }, client: SignInClient): Promise<{ message: string }> {
      const user = await em().findOneOrFail(User, { id: userId });
      if (!user.twoFactorEnabledAt) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      const sql = sqlOf(em());
      const result = await counted(user, client, null, async () => {
        const password = await passwordRight(user, input.currentPassword, client);
        // The code is used up only behind a right password: a wrong password spends nothing.
        return { password, code: password && (await useCode(sql, userId, input.code)) !== null };
      });
      if (!result.password) throw unprocessable({ currentPassword: TWO_FACTOR_MESSAGES.wrongPassword });
      if (!result.code) throw unprocessable({ code: TWO_FACTOR_MESSAGES.wrongCode });
      await em().transactional(async (tx) => {
        await store.disable(sqlOf(tx), userId);
        await twoFactorChallenges.dropAll(sqlOf(tx), userId);
        await queueMail(sqlOf(tx), user.email, 'two-factor', { firstName: user.firstName, kind: 'off', at: now() });
      });
      return { message: TWO_FACTOR_MESSAGES.turnedOff };
    },

    /**
     * A sign-in's second step: the challenge of its first step and a code. A wrong code counts like
     * a wrong password and leaves the challenge open (a typo); the right one ends it and answers
     * the session the first step held back. A recovery code used is mailed to the owner.
     */
    async completeSignIn(challenge: string, code: string, client: SignInClient): Promise<SignInAnswer> {
      const sql = sqlOf(em());
      const open = await twoFactorChallenges.find(sql, challenge);
      const user = open && (await em().findOne(User, { id: open.userId }));
      if (!open || !user?.twoFactorEnabledAt) throw unauthorized(TWO_FACTOR_MESSAGES.invalidChallenge);
      if (user.ban) throw forbidden(MESSAGES.banned);
      const found: { used: 'totp' | 'recovery' | null } = { used: null };
      await counted(user, client, open.pending.deviceId, async () => {
        found.used = await useCode(sql, user.id, code);
        return { code: found.used !== null };
      });
      if (!found.used) throw unauthorized(TWO_FACTOR_MESSAGES.wrongCode);
      if (!(await twoFactorChallenges.claim(sql, challenge))) throw unauthorized(TWO_FACTOR_MESSAGES.invalidChallenge);
      if (found.used === 'recovery') {
        await queueMail(sql, user.email, 'two-factor', { firstName: user.firstName, kind: 'recovery-used', at: now(), codesLeft: await store.recoveryCodesLeft(sql, user.id) });
      }
      return d.auth.finishSignIn(user.id, open.pending, client);
    },

    /** The owner's policy for the team's members; requiring it asks the owner to have it first (no team locked out of its own owner). */
    async setTeamPolicy(person: IUser, teamId: string, requireTwoFactor: boolean): Promise<{ requireTwoFactor: boolean }> {
      if (requireTwoFactor && !person.twoFactorEnabledAt) throw unprocessable({ requireTwoFactor: TWO_FACTOR_MESSAGES.ownerFirst });
      await store.setTeamPolicy(sqlOf(em()), teamId, requireTwoFactor);
      return { requireTwoFactor };
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
