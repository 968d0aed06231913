import { PASSKEY_TIMEOUT_SECONDS, type Passkey, type PasskeyAdded, type PasskeyCreationOptions, type PasskeyRequestOptions, TWO_FACTOR_MESSAGES } from '@reelbase/api-client';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Orm } from '../../db/orm.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import { conflict, notFound, unauthorized, unprocessable } from '../../http/errors.ts';
import type { SignInClient } from '../auth/sign-in-notices.ts';
import { User } from '../users/user.entity.ts';
import { twoFactorChallenges } from './challenges.queries.ts';
import { type PasskeyRow, passkeyStore as passkeys } from './passkeys.queries.ts';
import type { TwoFactorProofs } from './proofs.ts';
import { twoFactorStore } from './two-factor.queries.ts';
import type { StoredCredential, WebAuthn } from './webauthn.ts';

export interface PasskeyDeps {
  orm: Orm;
  proofs: TwoFactorProofs;
  /** Null when PUBLIC_URL is on an IP address other than loopback: WebAuthn needs a host name. */
  webAuthn: WebAuthn | null;
}

const stored = (r: PasskeyRow): StoredCredential => ({ credentialId: r.credential_id, publicKey: r.public_key, counter: Number(r.counter), transports: r.transports });
const iso = (t: Date | string) => new Date(t).toISOString();
const shown = (r: PasskeyRow): Passkey => ({ id: r.id, name: r.name, createdAt: iso(r.created_at), lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null });

/**
 * Passkeys (WebAuthn) as a second two-factor method beside the authenticator app: added from
 * Settings behind the current password (the first method turns two-factor sign-in on, with the
 * recovery codes an authenticator app's confirmation answers), used in a sign-in's second step.
 */
export function createPasskeyService(d: PasskeyDeps) {
  const em = () => d.orm.em.fork();
  const site = () => {
    if (!d.webAuthn) throw conflict(TWO_FACTOR_MESSAGES.passkeysUnavailable);
    return d.webAuthn;
  };

  return {
    async list(userId: string): Promise<{ passkeys: Passkey[] }> {
      return { passkeys: (await passkeys.list(sqlOf(em()), userId)).map(shown) };
    },

    /** Starts adding one: the current password (counted like a sign-in's), then creation options whose challenge waits PASSKEY_TIMEOUT_SECONDS. */
    async registrationOptions(userId: string, currentPassword: string, client: SignInClient): Promise<PasskeyCreationOptions> {
      const wa = site();
      const user = await em().findOneOrFail(User, { id: userId });
      if (!user.passwordHash) throw unprocessable({ currentPassword: TWO_FACTOR_MESSAGES.passwordNeeded });
      const { password } = await d.proofs.counted(user, client, null, async () => ({ password: await d.proofs.passwordRight(user, currentPassword, client) }));
      if (!password) throw unprocessable({ currentPassword: TWO_FACTOR_MESSAGES.wrongPassword });
      const sql = sqlOf(em());
      const existing = (await passkeys.list(sql, userId)).map(stored);
      const options = await wa.registrationOptions({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() || user.email }, existing);
      await passkeys.saveRegistration(sql, userId, options.challenge, PASSKEY_TIMEOUT_SECONDS);
      return options;
    },

    /** The browser's attestation for the waiting options (taken once, right or wrong): the passkey is kept, and two-factor sign-in is on. */
    async register(userId: string, name: string, response: RegistrationResponseJSON): Promise<PasskeyAdded> {
      const wa = site();
      const user = await em().findOneOrFail(User, { id: userId });
      const challenge = await passkeys.takeRegistration(sqlOf(em()), userId);
      if (!challenge) throw conflict(TWO_FACTOR_MESSAGES.passkeyNotStarted);
      const credential = await wa.verifyRegistration(response, challenge);
      if (!credential) throw unprocessable({ response: TWO_FACTOR_MESSAGES.passkeyRejected });
      return em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        // The person's row locked: a parallel confirmation of an authenticator app turns it on once, not twice.
        const row = await twoFactorStore.lockedIsOn(sql, userId);
        const added = await passkeys.add(sql, userId, { ...credential, name });
        if (!added) throw conflict(TWO_FACTOR_MESSAGES.passkeyDuplicate);
        const recoveryCodes = row.on ? undefined : await d.proofs.turnOn(sql, user);
        return { message: TWO_FACTOR_MESSAGES.passkeyAdded, passkey: shown(added), ...(recoveryCodes && { recoveryCodes }) };
      });
    },

    /** Removes one behind the current password; not the only method left (turning two-factor sign-in off asks for a code). */
    async remove(userId: string, id: string, currentPassword: string, client: SignInClient): Promise<{ message: string }> {
      const user = await em().findOneOrFail(User, { id: userId });
      const sql = sqlOf(em());
      const mine = isUuid(id) && (await passkeys.list(sql, userId)).some((p) => p.id === id);
      if (!mine) throw notFound(TWO_FACTOR_MESSAGES.passkeyNotFound);
      const { password } = await d.proofs.counted(user, client, null, async () => ({ password: !!user.passwordHash && (await d.proofs.passwordRight(user, currentPassword, client)) }));
      if (!password) throw unprocessable({ currentPassword: TWO_FACTOR_MESSAGES.wrongPassword });
      await em().transactional(async (tx) => {
        const t = sqlOf(tx);
        await twoFactorStore.lockUser(t, userId);
        if ((await passkeys.count(t, userId)) === 1 && !(await twoFactorStore.hasTotp(t, userId))) throw conflict(TWO_FACTOR_MESSAGES.passkeyLast);
        if (!(await passkeys.remove(t, userId, id))) throw notFound(TWO_FACTOR_MESSAGES.passkeyNotFound);
      });
      return { message: TWO_FACTOR_MESSAGES.passkeyRemoved };
    },

    /** A sign-in's passkey prompt: request options for the account's passkeys, their challenge kept with the sign-in's. */
    async signInOptions(challenge: string): Promise<PasskeyRequestOptions> {
      const wa = site();
      const sql = sqlOf(em());
      const open = await twoFactorChallenges.find(sql, challenge);
      if (!open) throw unauthorized(TWO_FACTOR_MESSAGES.invalidChallenge);
      const mine = await passkeys.list(sql, open.userId);
      if (!mine.length) throw conflict(TWO_FACTOR_MESSAGES.passkeyNone);
      const options = await wa.requestOptions(mine.map(stored));
      if (!(await twoFactorChallenges.saveWebAuthn(sql, challenge, options.challenge))) throw unauthorized(TWO_FACTOR_MESSAGES.invalidChallenge);
      return options;
    },

    /**
     * Whether `assertion` is one of `userId`'s passkeys signing the prompt of sign-in `challenge`
     * (taken once, right or wrong) with a counter past the last one seen; the counter moves on.
     */
    async verifySignIn(sql: Sql, challenge: string, userId: string, assertion: AuthenticationResponseJSON): Promise<boolean> {
      const wa = site();
      const expected = await twoFactorChallenges.takeWebAuthn(sql, challenge);
      const row = expected && (await passkeys.byCredential(sql, userId, assertion.id));
      if (!expected || !row) return false;
      const counter = await wa.verifyAssertion(assertion, expected, stored(row));
      return counter !== null && (await passkeys.used(sql, row.id, counter));
    },
  };
}
export type PasskeyService = ReturnType<typeof createPasskeyService>;
