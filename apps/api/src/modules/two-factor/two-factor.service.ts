import { MESSAGES, type TotpConfirmed, type TotpSetup, TWO_FACTOR_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { conflict, forbidden, unauthorized, unprocessable } from '../../http/errors.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AuthService, SignInAnswer } from '../auth/auth.service.ts';
import type { SignInClient } from '../auth/sign-in-notices.ts';
import { type IUser, User } from '../users/user.entity.ts';
import { twoFactorChallenges } from './challenges.queries.ts';
import type { PasskeyService } from './passkeys.service.ts';
import type { TwoFactorProofs } from './proofs.ts';
import { twoFactorStore as store } from './two-factor.queries.ts';
import { isTotpCode, newTotpSecret, type SecretBox, totpStep } from './totp.ts';

export interface TwoFactorDeps {
  orm: Orm;
  auth: AuthService;
  box: SecretBox;
  proofs: TwoFactorProofs;
  passkeys: PasskeyService;
}

/** A second step's proof: an authenticator or recovery code, or a passkey's assertion. */
export type SecondFactor = { code: string; passkey?: undefined } | { passkey: AuthenticationResponseJSON; code?: undefined };

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238), passkeys (passkeys.service.ts)
 * and single-use recovery codes. Every code, passkey and password checked here is counted like a
 * sign-in's password (the same counters, per address, per account, per trusted device), so a
 * second factor is no cheaper to guess than the first.
 */
export function createTwoFactorService(d: TwoFactorDeps) {
  const em = () => d.orm.em.fork();
  const now = () => new Date().toISOString();
  const { counted, passwordRight } = d.proofs;

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
      const recoveryCodes = await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        const sealed = await store.secret(sql, userId, false);
        if (!sealed) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
        const step = await totpStep(d.box.open(sealed), code);
        if (step === null || !(await store.claimStep(sql, userId, step, false))) throw unprocessable({ code: TWO_FACTOR_MESSAGES.wrongCode });
        return d.proofs.turnOn(sql, user);
      });
      return { message: TWO_FACTOR_MESSAGES.turnedOn, recoveryCodes };
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
     * A sign-in's second step: the challenge of its first step and a code or a passkey. A wrong one
     * counts like a wrong password and leaves the challenge open (a typo; a passkey prompt is asked
     * for anew); the right one ends it and answers the session the first step held back. A
     * recovery code used is mailed to the owner.
     */
    async completeSignIn(challenge: string, proof: SecondFactor, client: SignInClient): Promise<SignInAnswer> {
      const sql = sqlOf(em());
      const open = await twoFactorChallenges.find(sql, challenge);
      const user = open && (await em().findOne(User, { id: open.userId }));
      if (!open || !user?.twoFactorEnabledAt) throw unauthorized(TWO_FACTOR_MESSAGES.invalidChallenge);
      if (user.ban) throw forbidden(MESSAGES.banned);
      const found: { used: 'totp' | 'recovery' | 'passkey' | null } = { used: null };
      await counted(user, client, open.pending.deviceId, async () => {
        if (proof.passkey) found.used = (await d.passkeys.verifySignIn(sql, challenge, user.id, proof.passkey)) ? 'passkey' : null;
        else found.used = await useCode(sql, user.id, proof.code);
        return { proof: found.used !== null };
      });
      if (!found.used) throw unauthorized(proof.passkey ? TWO_FACTOR_MESSAGES.passkeyRejected : TWO_FACTOR_MESSAGES.wrongCode);
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
