import type { EntityManager } from '@mikro-orm/postgresql';
import { ERROR_CODES, type LoginResponse, MESSAGES, type Tokens } from '@reelbase/api-client';
import { forbidden, tooMany, unauthorized, unprocessable } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Orm } from '../../db/orm.ts';
import { type IUser, User } from '../users/user.entity.ts';
import { newUserDefaults } from '../users/user-defaults.ts';
import type { AccessClaims, AccessTokens } from './access-tokens.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { PlatformVerifier } from './platform-verifier.ts';
import { newOpaqueToken, sha256 } from './secrets.ts';
import { type OneTimePurpose, OneTimeToken, RefreshToken } from './token.entities.ts';

const DAY_MS = 86_400_000;
const VERIFY_TTL_MS = 2 * DAY_MS;
const RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthDeps {
  orm: Orm;
  tokens: AccessTokens;
  limiter: LoginLimiter;
  mailer: Mailer;
  platforms: PlatformVerifier;
  publicUrl: string;
  refreshTtlDays: number;
  rememberMeTtlDays: number;
}

export function createAuthService(d: AuthDeps) {
  const refreshTtlMs = (rememberMe: boolean) => (rememberMe ? d.rememberMeTtlDays : d.refreshTtlDays) * DAY_MS;

  async function issueTokens(em: EntityManager, user: IUser, familyId: string, rememberMe: boolean): Promise<Tokens> {
    const { token, hash } = newOpaqueToken();
    em.create(RefreshToken, { userId: user.id, familyId, tokenHash: hash, rememberMe, expiresAt: new Date(Date.now() + refreshTtlMs(rememberMe)) });
    await em.flush();
    const accessToken = await d.tokens.sign({ userId: user.id, sessionId: familyId, isAdmin: user.isAdmin });
    return { accessToken, refreshToken: token };
  }

  async function startSession(em: EntityManager, user: IUser, rememberMe: boolean): Promise<LoginResponse> {
    assertNotBanned(user);
    user.lastLoginAt = new Date();
    const tokens = await issueTokens(em, user, crypto.randomUUID(), rememberMe);
    return { ...tokens, isAdmin: user.isAdmin, isPaymentMethodSet: user.paymentMethod != null };
  }

  async function revokeFamily(em: EntityManager, familyId: string) {
    await em.nativeUpdate(RefreshToken, { familyId, revokedAt: null }, { revokedAt: new Date() });
  }

  async function createOneTimeToken(em: EntityManager, userId: string, purpose: OneTimePurpose, ttlMs: number) {
    // A new link replaces any earlier one of the same purpose.
    await em.nativeUpdate(OneTimeToken, { userId, purpose, usedAt: null }, { usedAt: new Date() });
    const { token, hash } = newOpaqueToken();
    em.create(OneTimeToken, { userId, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
    await em.flush();
    return token;
  }

  /** Marks a one-time token used and returns its user id; the update is atomic, so it works once. */
  async function consumeOneTimeToken(em: EntityManager, token: string, purpose: OneTimePurpose): Promise<string | null> {
    const row = await em.findOne(OneTimeToken, { tokenHash: sha256(token), purpose });
    if (!row || row.usedAt || row.expiresAt < new Date()) return null;
    const claimed = await em.nativeUpdate(OneTimeToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
    return claimed === 1 ? row.userId : null;
  }

  return {
    async login(input: { email: string; password: string; rememberMe: boolean }, address: string): Promise<LoginResponse> {
      if (d.limiter.isBlocked(input.email, address)) throw tooMany(MESSAGES.tooManyAttempts, ERROR_CODES.rateLimited);
      const em = d.orm.em.fork();
      const user = await em.findOne(User, { email: input.email });
      if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
        d.limiter.recordFailure(input.email, address);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      d.limiter.recordSuccess(input.email);
      return startSession(em, user, input.rememberMe);
    },

    async platformLogin(input: { platform: 'google' | 'facebook'; token: string }): Promise<LoginResponse> {
      const identity = await d.platforms.verify(input.platform, input.token);
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
            await em.nativeUpdate(RefreshToken, { userId: byEmail.id, revokedAt: null }, { revokedAt: new Date() });
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
      const claimed = row.usedAt ? 0 : await em.nativeUpdate(RefreshToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
      if (claimed !== 1) {
        // A used token presented again means it leaked: end every session of its chain.
        await revokeFamily(em, row.familyId);
        throw unauthorized('Refresh token was already used', ERROR_CODES.invalidToken);
      }
      const user = await em.findOneOrFail(User, { id: row.userId });
      assertNotBanned(user);
      return issueTokens(em, user, row.familyId, row.rememberMe);
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
      const userId = await consumeOneTimeToken(em, token, 'reset-password');
      if (!userId) throw unprocessable({ token: 'The reset link is invalid or has expired.' });
      const user = await em.findOneOrFail(User, { id: userId });
      user.passwordHash = await hashPassword(password);
      await em.flush();
      // A new password ends every existing session.
      await em.nativeUpdate(RefreshToken, { userId, revokedAt: null }, { revokedAt: new Date() });
    },

    async verifyEmail(token: string): Promise<LoginResponse> {
      const em = d.orm.em.fork();
      const userId = await consumeOneTimeToken(em, token, 'verify-email');
      if (!userId) throw unprocessable({ token: 'The verification link is invalid or has expired.' });
      const user = await em.findOneOrFail(User, { id: userId });
      user.isConfirmedEmail = true;
      return startSession(em, user, false);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function assertNotBanned(user: IUser) {
  if (user.ban) throw forbidden(MESSAGES.banned, ERROR_CODES.banned);
}
