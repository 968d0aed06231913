import type { EntityManager } from '@mikro-orm/postgresql';
import { ERROR_CODES, type LoginResponse, MESSAGES, type PasswordLoginResponse, type TwoFactorChallenge } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, forbidden, unauthorized, unprocessable } from '../../http/errors.ts';
import { sqlOf } from '../../db/sql.ts';
import { addressBucket } from '../limits/address.ts';
import type { SignInLimits } from '../limits/rate-limits.ts';
import { type IUser, User } from '../users/user.entity.ts';
import { newUserDefaults } from '../users/user-defaults.ts';
import type { Membership } from '../teams/membership.ts';
import type { AccessClaims, AccessTokens } from './access-tokens.ts';
import { PROVIDER_NAMES, type Provider, withProvider } from './identities.ts';
import { accountOfIdentity, claimNonce, dropIdentitiesSince, hasIdentity, recordIdentity } from './identities.queries.ts';
import { principalRow } from './auth.queries.ts';
import { claimMailLink, createMailLink, DAY_MS, findMailLink, MAIL_LINK_PURPOSES, mailVerification, revokeMailLinks, VERIFY_TTL_MS } from './mail-links.ts';
import type { DeviceTokens } from './device-tokens.ts';
import type { PasswordChecks } from './password-checks.ts';
import type { CurrentPasswordCheck } from './current-password.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { PlatformIdentity, PlatformVerifier } from './platform-verifier.ts';
import { newOpaqueToken, sha256 } from './secrets.ts';
import type { SignInClient, SignInNotices } from './sign-in-notices.ts';
import { inReuseGrace } from './refresh-reuse.ts';
import { OneTimeToken, RefreshToken } from './token.entities.ts';
import { queueMail } from '../../mail/outbox.ts';
import { type PendingSignIn, twoFactorChallenges } from '../two-factor/challenges.queries.ts';
import type { Mails } from '../../mail/render.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
/** An account an admin created waits longer for its owner than a reset does. */
const SET_PASSWORD_TTL_MS = 7 * DAY_MS;
/** How long the "this was not me" link in the notice to the old address works (also after the change was confirmed). */
const CANCEL_EMAIL_CHANGE_TTL_MS = 7 * DAY_MS;
const INVALID_VERIFY_LINK = 'The verification link is invalid or has expired.';
const NO_PASSWORD: PendingSignIn = { rememberMe: false, deviceId: null, notifyNewDevice: false };

/** A rotation's answer; the route decides where the refresh token goes (body or cookie). */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** When the refresh token stops working (a cookie holding it expires then). */
  refreshExpiresAt: Date;
}
export type SessionStart = Omit<LoginResponse, 'refreshToken'> & Tokens;
export type SignInAnswer = (SessionStart & Partial<Pick<PasswordLoginResponse, 'deviceToken'>>) | TwoFactorChallenge; // or the second step's challenge

export interface AuthDeps {
  orm: Orm;
  checkCurrentPassword: CurrentPasswordCheck;
  tokens: AccessTokens;
  signInLimits: SignInLimits;
  devices: DeviceTokens;
  passwordChecks: PasswordChecks;
  notices: SignInNotices;
  /** Failures that pause new devices of an account, and that distrust one device (for the notices). */
  failureLimits: { perAccount: number; perDevice: number };
  mails: Mails;
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

  /** The end of every sign-in (at once, or after its second step): the session, the new-device notice, a device token (password, provider or mail link alike). */
  async function finish(em: EntityManager, user: IUser, p: PendingSignIn, client: SignInClient): Promise<SignInAnswer> {
    const session = await startSession(em, user, p.rememberMe);
    if (p.notifyNewDevice) await d.notices.newDevice(user.email, client);
    return { ...session, deviceToken: d.devices.issue(user) };
  }

  /** Every way of signing in ends here: with two-factor sign-in on, a challenge for POST /api/auth/2fa instead of tokens. */
  async function signIn(em: EntityManager, user: IUser, p: PendingSignIn = NO_PASSWORD, client = { address: '', userAgent: '' }): Promise<SignInAnswer> {
    if (!user.twoFactorEnabledAt) return finish(em, user, p, client);
    assertNotBanned(user);
    return em.flush().then(() => twoFactorChallenges.create(sqlOf(em), user.id, p));
  }

  async function revokeFamily(em: EntityManager, familyId: string) {
    await em.nativeUpdate(RefreshToken, { familyId, revokedAt: null }, { revokedAt: new Date() });
  }

  /** Ends every session of the user but `keepFamilyId` (the one making the change, if any). */
  async function revokeSessions(em: EntityManager, userId: string, keepFamilyId?: string) {
    await em.nativeUpdate(RefreshToken, { userId, revokedAt: null, ...(keepFamilyId && { familyId: { $ne: keepFamilyId } }) }, { revokedAt: new Date() });
  }

  /** Checks a provider token; for Google, also that its nonce was never used before. */
  async function verifiedIdentity(em: EntityManager, input: { platform: Provider; token: string; nonce?: string }): Promise<PlatformIdentity> {
    if (input.platform === 'google' && !input.nonce) throw unauthorized(MESSAGES.googleNonceRequired, ERROR_CODES.invalidToken);
    const identity = await d.platforms.verify(input.platform, input.token, input.nonce);
    if (!identity || (identity.nonce && !(await claimNonce(sqlOf(em), identity.nonce.value, identity.nonce.expiresAt)))) {
      throw unauthorized(`The ${PROVIDER_NAMES[input.platform]} sign-in could not be verified`, ERROR_CODES.invalidToken);
    }
    return identity;
  }

  /** The account's password, address or provider links changed: older links neither work nor sign in. */
  async function credentialsChanged(em: EntityManager, user: IUser) {
    user.credentialsChangedAt = new Date();
    await em.flush();
    await revokeMailLinks(em, user.id);
  }

  async function mailReset(em: EntityManager, user: Pick<IUser, 'id' | 'email'>, why: string) {
    const token = await createMailLink(em, user, 'reset-password', RESET_TTL_MS);
    const link = `${d.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await d.mails.send(user.email, 'reset-password', { why, link });
  }

  return {
    /**
     * A password sign-in. The attempt is counted before the password is checked (a device the
     * account signed in on before counts on its own), the check waits its turn in the bounded
     * pool, and a right password answers a fresh device token for this device.
     */
    async login(input: { email: string; password: string; rememberMe: boolean }, client: SignInClient & { deviceTokens: string[] }): Promise<SignInAnswer> {
      const em = d.orm.em.fork();
      const user = await em.findOne(User, { email: input.email });
      const deviceId = user?.passwordHash ? d.devices.deviceOf(client.deviceTokens, { id: user.id, passwordHash: user.passwordHash }) : null;
      const attempt = await d.signInLimits.reserve({ account: input.email, address: client.address }, deviceId ?? undefined);
      let ok: boolean;
      try {
        ok = await d.passwordChecks.run(addressBucket(client.address), () => verifyPassword(user?.passwordHash, input.password));
      } catch (err) {
        await attempt.release();
        throw err;
      }
      if (!ok || !user?.passwordHash) {
        const began = attempt.failed();
        if (user && began.accountLocked) await d.notices.accountLocked(user.email, d.failureLimits.perAccount, client);
        if (user && began.deviceLocked) await d.notices.deviceLocked(user.email, d.failureLimits.perDevice, client);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      await attempt.succeeded();
      // The first sign-in after registering is expected; any later one from an unknown device is told.
      const notifyNewDevice = !attempt.trusted && user.lastLoginAt != null;
      return signIn(em, user, { rememberMe: input.rememberMe, deviceId, notifyNewDevice }, client);
    },

    /** The second step's end (two-factor.service.ts): the session the first step held back. */
    async finishSignIn(userId: string, pending: PendingSignIn, client: SignInClient) {
      const em = d.orm.em.fork();
      return finish(em, await em.findOneOrFail(User, { id: userId }), pending, client);
    },

    /** Which providers sign in here, for the browser to start their flows. */
    providers: () => d.platforms.providers(),

    /**
     * Google or Facebook: the account whose provider link is this provider user; otherwise an
     * account of the same email joins only when the provider vouches for the address (Google's
     * email_verified; Facebook never), the account confirmed it, and it is not an admin.
     * Otherwise a new account, confirmed only when the provider vouches for the address.
     */
    async platformLogin(input: { platform: Provider; token: string; nonce?: string }): Promise<SignInAnswer> {
      const em = d.orm.em.fork();
      const identity = await verifiedIdentity(em, input);
      const sql = sqlOf(em);
      const linkedId = await accountOfIdentity(sql, identity.platform, identity.platformId);
      if (linkedId) return signIn(em, await em.findOneOrFail(User, { id: linkedId }));

      const byEmail = await em.findOne(User, { email: identity.email });
      if (byEmail) {
        if (byEmail.isAdmin || identity.platform === 'facebook') throw conflict(withProvider(MESSAGES.socialLinkFromSettings, identity.platform));
        if (!identity.emailVerified) throw conflict(withProvider(MESSAGES.socialEmailUnverified, identity.platform));
        if (!byEmail.isConfirmedEmail) throw conflict(withProvider(MESSAGES.socialAwaitingConfirmation, identity.platform));
        // Another account of this provider is linked already: only its owner, signed in, replaces it (Settings).
        if (await hasIdentity(sql, byEmail.id, identity.platform)) throw conflict(withProvider(MESSAGES.socialLinkFromSettings, identity.platform));
        assertNotBanned(byEmail);
        if (!(await recordIdentity(sql, byEmail.id, identity.platform, identity.platformId))) throw conflict(withProvider(MESSAGES.identityTaken, identity.platform));
        await credentialsChanged(em, byEmail);
        return signIn(em, byEmail);
      }
      const user = em.create(User, {
        ...newUserDefaults(),
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        platform: identity.platform,
        platformId: identity.platformId,
        isConfirmedEmail: identity.emailVerified,
      });
      // The identity refers to the user by a plain id, so the user row must exist first.
      await em.flush();
      await recordIdentity(sql, user.id, identity.platform, identity.platformId);
      // An address the provider does not vouch for is confirmed by mail, or the account goes after 7 days.
      if (!user.isConfirmedEmail) await mailVerification(em, d, user);
      else await queueMail(sql, user.email, 'welcome', { firstName: user.firstName, link: null });
      return finish(em, user, NO_PASSWORD, { address: '', userAgent: '' });
    },

    /** Links a Google or Facebook account to a signed-in account (Settings); the current password proves the owner. */
    async linkIdentity(userId: string, input: { platform: Provider; token: string; nonce?: string; currentPassword?: string }, client: SignInClient): Promise<{ message: string; platform: Provider }> {
      const em = d.orm.em.fork();
      const user = await em.findOneOrFail(User, { id: userId });
      if (!user.passwordHash) throw unprocessable({ currentPassword: 'Set a password first (Forgot Password) to link another sign-in' });
      if (!(await d.checkCurrentPassword(user as IUser & { passwordHash: string }, input.currentPassword ?? '', client))) throw unprocessable({ currentPassword: MESSAGES.currentPasswordWrong });
      const identity = await verifiedIdentity(em, input);
      if (!(await recordIdentity(sqlOf(em), user.id, identity.platform, identity.platformId))) throw conflict(withProvider(MESSAGES.identityTaken, identity.platform));
      await credentialsChanged(em, user);
      return { message: `${PROVIDER_NAMES[identity.platform]} is linked: you can sign in with it.`, platform: identity.platform };
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const em = d.orm.em.fork();
      const row = await em.findOne(RefreshToken, { tokenHash: sha256(refreshToken) });
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized('Invalid refresh token', ERROR_CODES.invalidToken);
      // Checked here too, so a shorter REFRESH_FAMILY_MAX_DAYS applies to tokens issued before.
      if (row.familyStartedAt.getTime() + d.refreshFamilyMaxDays * DAY_MS < Date.now()) throw unauthorized('Session has ended', ERROR_CODES.invalidToken);
      const claimed = row.usedAt ? 0 : await em.nativeUpdate(RefreshToken, { id: row.id, usedAt: null }, { usedAt: new Date() });
      if (claimed !== 1 && !(await inReuseGrace(em, row))) {
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

    /**
     * The person behind an access token, and their membership of `team` (a team id; undefined:
     * their own team, or the one they joined first), read from PostgreSQL on every request.
     */
    async authenticate(bearer: string | undefined, team?: string): Promise<{ user: IUser; claims: AccessClaims; membership: Membership | null }> {
      if (!bearer) throw unauthorized();
      const check = await d.tokens.verify(bearer);
      if (!check.ok) throw check.expired ? unauthorized(MESSAGES.tokenExpired, ERROR_CODES.tokenExpired) : unauthorized('Invalid access token', ERROR_CODES.invalidToken);
      // One round trip per request: the user row, whether the session was revoked, the membership.
      const em = d.orm.em.fork();
      const row = await principalRow(sqlOf(em), check.claims.sessionId, team ?? null, check.claims.userId);
      if (!row) throw unauthorized('Invalid access token', ERROR_CODES.invalidToken);
      const { session_revoked: revoked, member_team_id: teamId, member_role: role, member_last_active_at: lastActiveAt, member_require_two_factor: requireTwoFactor, ...columns } = row;
      const user = em.map(User, columns);
      assertNotBanned(user);
      if (revoked) throw unauthorized('Session has ended', ERROR_CODES.invalidToken);
      const membership = teamId ? { teamId: String(teamId), role: role as Membership['role'], lastActiveAt: lastActiveAt ? new Date(lastActiveAt as string) : null, requireTwoFactor: requireTwoFactor === true } : null;
      return { user, claims: check.claims, membership };
    },

    async sendVerification(user: Pick<IUser, 'id' | 'email' | 'firstName'>) {
      await mailVerification(d.orm.em.fork(), d, user);
    },

    /** An admin created the account: its owner chooses a password through the reset link (valid 7 days), so the admin's never has to travel. */
    async inviteToSetPassword(user: Pick<IUser, 'id' | 'email' | 'firstName'>) {
      const token = await createMailLink(d.orm.em.fork(), user, 'reset-password', SET_PASSWORD_TTL_MS);
      const link = `${d.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await d.mails.send(user.email, 'set-password', { firstName: user.firstName, link });
    },

    /** An admin changed the account's address: the old address hears of it, so a takeover through an admin account does not go unseen. */
    async emailChangedByAdmin(oldEmail: string, newEmail: string) {
      await d.mails.send(oldEmail, 'email-changed-by-admin', { newEmail });
    },

    async forgotPassword(email: string) {
      const em = d.orm.em.fork();
      const user = await em.findOne(User, { email });
      // The answer is the same whether or not the account exists.
      if (!user || user.ban) return;
      await mailReset(em, user, 'Someone asked to reset the password of this account. If it was not you, ignore this message.');
    },

    /** A new password ends every session and every other mail link; it also proves the address (the link came to it). */
    async resetPassword(token: string, password: string) {
      const em = d.orm.em.fork();
      const row = await findMailLink(em, token, ['reset-password']);
      const user = row && (await em.findOne(User, { id: row.userId }));
      if (!row || !user || user.email !== row.oldEmail || !(await claimMailLink(em, row))) throw unprocessable({ token: 'The reset link is invalid or has expired.' });
      user.passwordHash = await hashPassword(password);
      user.isConfirmedEmail = true;
      await credentialsChanged(em, user);
      // A new password ends every existing session and distrusts every device token (they are
      // signed over the password hash); the mailed link proved the owner, so new devices may
      // sign in again at once.
      await revokeSessions(em, user.id);
      await d.signInLimits.clearAccount(user.email);
      await queueMail(sqlOf(em), user.email, 'password-changed', { firstName: user.firstName, at: new Date().toISOString(), viaReset: true });
    },

    /** After a password change by a signed-in user: every other session and every mail link ends. */
    async passwordChanged(claims: AccessClaims) {
      const em = d.orm.em.fork();
      const user = await em.findOneOrFail(User, { id: claims.userId });
      await credentialsChanged(em, user);
      await revokeSessions(em, claims.userId, claims.sessionId);
      await queueMail(sqlOf(em), user.email, 'password-changed', { firstName: user.firstName, at: new Date().toISOString(), viaReset: false });
    },

    /**
     * An email change takes effect only when the link mailed to the new address is opened; the old
     * address is told at once, with a link that undoes it ("this was not me").
     */
    async requestEmailChange(user: Pick<IUser, 'id' | 'email'>, newEmail: string) {
      const em = d.orm.em.fork();
      const token = await createMailLink(em, user, 'change-email', VERIFY_TTL_MS, newEmail);
      const cancelToken = await createMailLink(em, user, 'cancel-email-change', CANCEL_EMAIL_CHANGE_TTL_MS, newEmail);
      const link = `${d.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
      const cancelLink = `${d.publicUrl}/cancel-email-change?token=${encodeURIComponent(cancelToken)}`;
      await d.mails.send(newEmail, 'email-change-confirm', { link });
      await d.mails.send(user.email, 'email-change-notice', { newEmail, cancelLink });
    },

    /** The link sent to a new address: makes that change, if the account still has the address it was made from and the new one is free. Signs nobody in. */
    async confirmEmailChange(token: string): Promise<{ message: string; email: string }> {
      const em = d.orm.em.fork();
      const row = await findMailLink(em, token, ['change-email']);
      const user = row && (await em.findOne(User, { id: row.userId }));
      if (!row?.newEmail || !user || user.email !== row.oldEmail) throw unprocessable({ token: 'The confirmation link is invalid or has expired.' });
      if (await em.count(User, { email: row.newEmail, id: { $ne: user.id } })) throw unprocessable({ email: MESSAGES.emailTaken });
      if (!(await claimMailLink(em, row))) throw unprocessable({ token: 'The confirmation link is invalid or has expired.' });
      user.email = row.newEmail;
      user.emailChangedAt = new Date();
      user.isConfirmedEmail = true;
      try {
        await credentialsChanged(em, user);
      } catch (err) {
        // Taken between the check and the write.
        if ((err as { code?: string }).code === '23505') throw unprocessable({ email: MESSAGES.emailTaken });
        throw err;
      }
      return { message: MESSAGES.emailChangeConfirmed, email: user.email };
    },

    /**
     * "This was not me", from the notice to the old address: the address goes back (when still
     * free), every session and mail link ends, provider links made since go, and the password is
     * dropped (whoever asked knew it), with a reset link mailed to the restored address.
     */
    async cancelEmailChange(token: string): Promise<{ message: string }> {
      const em = d.orm.em.fork();
      const row = await findMailLink(em, token, ['cancel-email-change']);
      const user = row && (await em.findOne(User, { id: row.userId }));
      if (!row?.oldEmail || !user || !(await claimMailLink(em, row))) throw unprocessable({ token: 'The link is invalid or has expired.' });
      const restored = user.email === row.oldEmail || !(await em.count(User, { email: row.oldEmail, id: { $ne: user.id } }));
      if (restored && user.email !== row.oldEmail) {
        user.email = row.oldEmail;
        user.emailChangedAt = null;
      }
      user.passwordHash = null;
      await credentialsChanged(em, user);
      await revokeSessions(em, user.id);
      await dropIdentitiesSince(sqlOf(em), user.id, row.createdAt);
      if (restored) await mailReset(em, user, 'The change of your Reelbase email address was canceled and every device was signed out.');
      return { message: MESSAGES.emailChangeCanceled };
    },

    /**
     * A registration's link: confirms the address and signs in, but only while it is the account's
     * newest link, for the address the account still has, and nothing of the account (password,
     * address, provider links) changed since it was sent.
     */
    async verifyEmail(token: string): Promise<SignInAnswer> {
      const em = d.orm.em.fork();
      const row = await findMailLink(em, token, ['verify-email']);
      const user = row && (await em.findOne(User, { id: row.userId }));
      if (!row || !user || user.email !== row.oldEmail) throw unprocessable({ token: INVALID_VERIFY_LINK });
      const stale = user.credentialsChangedAt && user.credentialsChangedAt > row.createdAt;
      const newer = await em.count(OneTimeToken, { userId: user.id, createdAt: { $gt: row.createdAt }, purpose: { $in: MAIL_LINK_PURPOSES } });
      if (stale || newer || !(await claimMailLink(em, row))) throw unprocessable({ token: INVALID_VERIFY_LINK });
      user.isConfirmedEmail = true;
      return signIn(em, user);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

function assertNotBanned(user: IUser) {
  if (user.ban) throw forbidden(MESSAGES.banned, ERROR_CODES.banned);
}
