import { EMAIL_CHANGE_INTERVAL_MONTHS, type Profile } from '@reelbase/api-client';
import type { IUser } from './user.entity.ts';

export function canChangeEmail(user: Pick<IUser, 'emailChangedAt'>, now = new Date()): boolean {
  if (!user.emailChangedAt) return true;
  const next = new Date(user.emailChangedAt);
  next.setMonth(next.getMonth() + EMAIL_CHANGE_INTERVAL_MONTHS);
  return next <= now;
}

/** The profile as the API shows it to its owner; `features` are the effective flags (payments/entitlements.ts). */
export function toProfile(u: IUser, features: Record<string, boolean>): Profile {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    avatar: u.avatar ?? null,
    colorScheme: u.colorScheme,
    showLogoOnPlayer: u.showLogoOnPlayer,
    playerLogo: u.playerLogo ?? null,
    paymentMethod: u.paymentMethod ?? null,
    features,
    videoGeneratorCredits: u.videoGeneratorCredits,
    promoCode: u.promoCode ?? null,
    created_at: u.createdAt.toISOString(),
    isChangeEmail: canChangeEmail(u),
    isPaymentMethodSet: u.paymentMethod != null,
    isConfirmedEmail: u.isConfirmedEmail,
    isActive: u.isActive,
    ban: u.ban,
    isAdmin: u.isAdmin,
    twoFactorEnabled: u.twoFactorEnabledAt != null,
    defaultVisibility: u.defaultVisibility,
    defaultAllowedDomains: u.defaultAllowedDomains,
  };
}
