import type { EntityManager } from '@mikro-orm/postgresql';
import { ERROR_CODES, type LoginResponse, MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { forbidden, unauthorized, unprocessable } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { SignInLimits } from '../limits/rate-limits.ts';
import { type IUser, User } from '../users/user.entity.ts';
import { newUserDefaults } from '../users/user-defaults.ts';
import type { AccessClaims, AccessTokens } from './access-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { PlatformVerifier } from './platform-verifier.ts';
import { newOpaqueToken, sha256 } from './secrets.ts';
import { type IOneTimeToken, type OneTimePurpose, OneTimeToken, RefreshToken } from './token.entities.ts';

const DAY_MS = 86_400_000;
const VERIFY_TTL_MS = 2 * DAY_MS;
const RESET_TTL_MS = 60 * 60 * 1000;

/** A rotation's answer; the route decides where the refresh token goes (body or cookie). */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** When the refresh token stops working (a cookie holding it expires then). */
  refreshExpiresAt: Date;
}
export type SessionStart = Omit<LoginResponse, 'refreshToken'> & Tokens;

export interface AuthDeps {
  orm: Orm;
  tokens: AccessTokens;
  signInLimits: SignInLimits;
  mailer: Mailer;
  platforms: PlatformVerifier;
  publicUrl: string;
  refreshTtlDays: number;
  rememberMeTtlDays: number;
  /** However often it is refreshed, a sign-in ends this long after it began. */
  refreshFamilyMaxDays: number;
}

export function createAuthService(d: AuthDeps) {
  const refreshTtlMs = (rememberMe: boolean) => (rememberMe ? d.rememberMeTtlDays : d.refreshTtlDays) * DAY_MS;

  async function issueTokens(em: EntityManager, user: IUser, family: { id: string; startedAt: Date }, rememberMe: boolean): Promise<Tokens> {
    const { token, hash } = newOpaqueToken();
    const familyEnd = family.startedAt.getTime() + d.refreshFamilyMaxDays * DAY_MS;
    const expiresAt = new Date(Math.min(Date.now() + refreshTtlMs(rememberMe), familyEnd));
    em.create(RefreshToken, { userId: user.id, familyId: family.id, familyStartedAt: family.startedAt, tokenHash: hash, rememberMe, expiresAt });
    await em.flush();
    const accessToken = await d.tokens.sign({ userId: user.id, sessionId: family.id, isAdmin: user.isAdmin });
    return { accessToken, refreshToken: token, refreshExpiresAt: expiresAt };
  }

  async function startSession(em: EntityManager, user: IUser, rememberMe: boolean): Promise<SessionStart> {
    assertNotBanned(user);
    user.lastLoginAt = new Date();
    const tokens = await issueTokens(em, user, { id: crypto.randomUUID(), startedAt: new Date() }, rememberMe);
    return { ...tokens, isAdmin: user.isAdmin, isPaymentMethodSet: user.paymentMethod != null };
  }

  async function revokeFamily(em: EntityManager, familyId: string) {
    await em.nativeUpdate(RefreshToken, { familyId, revokedAt: null }, { revokedAt: new Date() });
  }

  /** Ends every session of the user but `keepFamilyId` (the one making the change, if any). */
  async function revokeSessions(em: EntityManager, userId: string, keepFamilyId?: string) {
    await em.nativeUpdate(RefreshToken, { userId, revokedAt: null, ...(keepFamilyId && { familyId: { $ne: keepFamilyId } }) }, { revokedAt: new Date() });
  }

  async function createOneTimeToken(em: EntityManager, userId: string, purpose: OneTimePurpose, ttlMs: number, newEmail: string | null = null) {
    // A new link replaces any earlier one of the same purpose.
    await em.nativeUpdate(OneTimeToken, { userId, purpose, usedAt: null }, { usedAt: new Date() });
    const { token, hash } = newOpaqueToken();
    em.create(OneTimeToken, { userId, purpose, tokenHash: hash, newEmail, expiresAt: new Date(Date.now() + ttlMs) });
    await em.flush();
    return token;
  }

  /** Marks a one-time token used and returns it; the update is atomic, so it works once. */
  async function consumeOneTimeToken(em: EntityManager, token: string, purposes: OneTimePurpose[]): Promise<IOneTimeToken | null> {
    const row = await em.findOne(OneTimeToken, { tokenHash: sha256(token), purpose: { $in: purposes } });
    if (!row || row.usedAt || row.expiresAt < new Date()) return null;
    const claimed = await em.nativeUpdate(OneTimeToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
    return claimed === 1 ? row : null;
  }

  return {
    async login(input: { email: string; password: string; rememberMe: boolean }, address: string): Promise<SessionStart> {
      const actor = { account: input.email, address };
      await d.signInLimits.assertAllowed(actor);
      const em = d.orm.em.fork();
      const user = await em.findOne(User, { email: input.email });
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        await d.signInLimits.fail(actor);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      await d.signInLimits.clear(input.email);
      return startSession(em, user, input.rememberMe);
    },

    /** Which providers sign in here, for the browser to start their flows. */
    providers: () => d.platforms.providers(),

    async platformLogin(input: { platform: 'google' | 'facebook'; token: string; nonce?: string }): Promise<SessionStart> {
      const identity = await d.platforms.verify(input.platform, input.token, input.nonce);
      if (!identity) throw unauthorized(`The ${input.platform} sign-in could not be verified`, ERROR_CODES.invalidToken);
      const em = d.orm.em.fork();
      let user = await em.findOne(User, { platform: identity.platform, platformId: identity.platformId });
      if (!user) {
        const byEmail = await em.findOne(User, { email: identity.email });
        // Linking to an existing account needs the provider to vouch for the address.
        if (byEmail && !identity.emailVerified) throw unauthorized(`The ${input.platform} account's email is not verified`, ERROR_CODES.invalidToken);
        user =
          byEmail ??
          em.create(User, {
            ...newUserDefaults(),
            email: identity.email,
            firstName: identity.firstName,
            lastName: identity.lastName,
            platform: identity.platform,
            platformId: identity.platformId,
            isConfirmedEmail: identity.emailVerified,
          });
        if (byEmail && !byEmail.platformId) {
          if (!byEmail.isConfirmedEmail) {
            // Whoever set this password never proved the address was theirs: drop it and its sessions.
            byEmail.passwordHash = null;
            await revokeSessions(em, byEmail.id);
          }
          byEmail.isConfirmedEmail = true;
        }
        // The refresh token refers to the user by a plain id, so the user row must exist first.
        await em.flush();
      }
      return startSession(em, user, false);
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const em = d.orm.em.fork();
      const row = await em.findOne(RefreshToken, { tokenHash: sha256(refreshToken) });
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized('Invalid refresh token', ERROR_CODES.invalidToken);
      // Checked here too, so a shorter REFRESH_FAMILY_MAX_DAYS applies to tokens issued before.
      if (row.familyStartedAt.getTime() + d.refreshFamilyMaxDays * DAY_MS < Date.now()) throw unauthorized('Session has ended', ERROR_CODES.invalidToken);
      const claimed = row.usedAt ? 0 : await em.nativeUpdate(RefreshToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
      if (claimed !== 1) {
        // A used token presented again means it leaked: end every session of its chain.
        await revokeFamily(em, row.familyId);
        throw unauthorized('Refresh token was already used', ERROR_CODES.invalidToken);
      }
      const user = await em.findOneOrFail(User, { id: row.userId });
      assertNotBanned(user);
      return issueTokens(em, user, { id: row.familyId, startedAt: row.familyStartedAt }, row.rememberMe);
    },

    async logout(claims: AccessClaims) {
      await revokeFamily(d.orm.em.fork(), claims.sessionId);
    },

    /** Resolves a bearer token to its user; expired tokens get the code the client refreshes on. */
    async authenticate(bearer: string | undefined): Promise<{ user: IUser; claims: AccessClaims }> {
      if (!bearer) throw unauthorized();
      const check = await d.tokens.verify(bearer);
      if (!check.ok) throw check.expired ? unauthorized(MESSAGES.tokenExpired, ERROR_CODES.tokenExpired) : unauthorized('Invalid access token', ERROR_CODES.invalidToken);
      // One round trip per request: the user row and whether the session was revoked.
      const em = d.orm.em.fork();
      const [row] = await em.execute<Record<string, unknown>[]>(
        'select users.*, exists (select 1 from refresh_tokens where family_id = ? and revoked_at is not null) as session_revoked from users where id = ?',
        [check.claims.sessionId, check.claims.userId],
      );
      if (!row) throw unauthorized('Invalid access token', ERROR_CODES.invalidToken);
      const { session_revoked: revoked, ...columns } = row;
      const user = em.map(User, columns);
      assertNotBanned(user);
      if (revoked) throw unauthorized('Session has ended', ERROR_CODES.invalidToken);
      return { user, claims: check.claims };
    },

    async sendVerification(user: Pick<IUser, 'id' | 'email'>) {
      const token = await createOneTimeToken(d.orm.em.fork(), user.id, 'verify-email', VERIFY_TTL_MS);
      const link = `${d.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await d.mailer.send({ to: user.email, subject: 'Confirm your email address', text: `Welcome to Reelbase!\n\nConfirm your email address by opening this link:\n${link}\n\nThe link is valid for 48 hours.`, link });
    },

    async forgotPassword(email: string) {
      const em = d.orm.em.fork();
      const user = await em.findOne(User, { email });
      // The answer is the same whether or not the account exists.
      if (!user || user.ban) return;
      const token = await createOneTimeToken(em, user.id, 'reset-password', RESET_TTL_MS);
      const link = `${d.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await d.mailer.send({ to: user.email, subject: 'Reset your Reelbase password', text: `Someone asked to reset the password of this account.\n\nChoose a new password here:\n${link}\n\nThe link is valid for one hour. If it was not you, ignore this message.`, link });
    },

    async resetPassword(token: string, password: string) {
      const em = d.orm.em.fork();
      const row = await consumeOneTimeToken(em, token, ['reset-password']);
      if (!row) throw unprocessable({ token: 'The reset link is invalid or has expired.' });
      const user = await em.findOneOrFail(User, { id: row.userId });
      user.passwordHash = await hashPassword(password);
      await em.flush();
      // A new password ends every existing session.
      await revokeSessions(em, row.userId);
    },

    /** After a password change by a signed-in user: every session but the one that made it ends. */
    async endOtherSessions(claims: AccessClaims) {
      await revokeSessions(d.orm.em.fork(), claims.userId, claims.sessionId);
    },

    /**
     * An email change takes effect only when the link mailed to the new address is opened (the
     * same /verify-email page); the old address gets a notice at once.
     */
    async requestEmailChange(user: Pick<IUser, 'id' | 'email'>, newEmail: string) {
      const token = await createOneTimeToken(d.orm.em.fork(), user.id, 'change-email', VERIFY_TTL_MS, newEmail);
      const link = `${d.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
      await d.mailer.send({
        to: newEmail,
        subject: 'Confirm your new email address',
        text: `Someone asked to use this address for a Reelbase account.\n\nConfirm it by opening this link:\n${link}\n\nThe link is valid for 48 hours. Until then the account keeps its current address. If it was not you, ignore this message.`,
        link,
      });
      await d.mailer.send({
        to: user.email,
        subject: 'Your Reelbase email address is being changed',
        text: `Someone signed in to your Reelbase account asked to change its email address to ${newEmail}.\n\nNothing changes until that address is confirmed. If it was not you, change your password now (Forgot Password on the sign-in page): that also ends every session.`,
      });
    },

    async verifyEmail(token: string): Promise<SessionStart> {
      const em = d.orm.em.fork();
      const row = await consumeOneTimeToken(em, token, ['verify-email', 'change-email']);
      if (!row) throw unprocessable({ token: 'The verification link is invalid or has expired.' });
      const user = await em.findOneOrFail(User, { id: row.userId });
      if (row.purpose === 'change-email' && row.newEmail) {
        if (await em.count(User, { email: row.newEmail, id: { $ne: user.id } })) throw unprocessable({ email: MESSAGES.emailTaken });
        user.email = row.newEmail;
        user.emailChangedAt = new Date();
      }
      user.isConfirmedEmail = true;
      return startSession(em, user, false);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function assertNotBanned(user: IUser) {
  if (user.ban) throw forbidden(MESSAGES.banned, ERROR_CODES.banned);
}
