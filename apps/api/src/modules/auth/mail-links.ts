import type { EntityManager } from '@mikro-orm/postgresql';
import type { IUser } from '../users/user.entity.ts';
import { newOpaqueToken, sha256 } from './secrets.ts';
import { type IOneTimeToken, type OneTimePurpose, OneTimeToken } from './token.entities.ts';
import type { Mails } from '../../mail/render.ts';

export const DAY_MS = 86_400_000;
export const VERIFY_TTL_MS = 2 * DAY_MS;

/** The links a change of password, address or provider link revokes; "this was not me" links stay, as they guard such changes. */
export const MAIL_LINK_PURPOSES: OneTimePurpose[] = ['verify-email', 'reset-password', 'change-email'];

/** Every open mail link of the user stops working. */
export async function revokeMailLinks(em: EntityManager, userId: string) {
  await em.nativeUpdate(OneTimeToken, { userId, usedAt: null, purpose: { $in: MAIL_LINK_PURPOSES } }, { usedAt: new Date() });
}

/** A new mail link for the account's current address; it revokes every other open one, whatever its kind. */
export async function createMailLink(em: EntityManager, user: Pick<IUser, 'id' | 'email'>, purpose: OneTimePurpose, ttlMs: number, newEmail: string | null = null) {
  if (purpose !== 'cancel-email-change') await revokeMailLinks(em, user.id);
  const { token, hash } = newOpaqueToken();
  em.create(OneTimeToken, { userId: user.id, purpose, tokenHash: hash, newEmail, oldEmail: user.email, expiresAt: new Date(Date.now() + ttlMs) });
  await em.flush();
  return token;
}

/** An open, unexpired token of one of `purposes`, not yet claimed. */
export async function findMailLink(em: EntityManager, token: string, purposes: OneTimePurpose[]): Promise<IOneTimeToken | null> {
  const row = await em.findOne(OneTimeToken, { tokenHash: sha256(token), purpose: { $in: purposes } });
  return !row || row.usedAt || row.expiresAt < new Date() ? null : row;
}

/** Claims a token found open; the update is atomic, so it works once. */
export async function claimMailLink(em: EntityManager, row: IOneTimeToken): Promise<boolean> {
  return (await em.nativeUpdate(OneTimeToken, { id: row.id, usedAt: null }, { usedAt: new Date() })) === 1;
}

/**
 * Mails a verification link: at registration the welcome (with the first name), otherwise the
 * link again with `intro` (a resend, the removal sweep's reminder).
 */
export async function mailVerification(em: EntityManager, d: { mails: Mails; publicUrl: string }, user: Pick<IUser, 'id' | 'email'> & { firstName?: string }, intro?: string) {
  const token = await createMailLink(em, user, 'verify-email', VERIFY_TTL_MS);
  const link = `${d.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  if (intro) await d.mails.send(user.email, 'verify-email', { intro, link });
  else await d.mails.send(user.email, 'welcome', { firstName: user.firstName ?? '', link });
}
