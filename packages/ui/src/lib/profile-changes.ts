import type { ColorScheme, Profile, ProfileUpdateInput } from '@reelbase/api-client';

export interface SettingsValues {
  firstName: string;
  lastName: string;
  email?: string;
  promoCode?: string;
  currentPassword?: string;
  password?: string;
}

/** Only what changed is sent: email only if editable and changed, password only when typed; either needs the current password. */
export function profileChanges(profile: Profile, v: SettingsValues): ProfileUpdateInput {
  const out: ProfileUpdateInput = {};
  if (v.firstName.trim() !== profile.firstName) out.firstName = v.firstName.trim();
  if (v.lastName.trim() !== profile.lastName) out.lastName = v.lastName.trim();
  if (profile.isChangeEmail && v.email !== undefined && v.email.trim().toLowerCase() !== profile.email) out.email = v.email.trim();
  const promo = (v.promoCode ?? '').trim();
  if (promo !== (profile.promoCode ?? '')) out.promoCode = promo || null;
  if (v.password) out.password = v.password;
  if (out.password || out.email) out.currentPassword = v.currentPassword ?? '';
  return out;
}

export const sameColour = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

/** The scheme's fields that differ from the saved one (colours compared without case). */
export function schemeChanges(saved: ColorScheme, next: ColorScheme): Partial<ColorScheme> {
  return Object.fromEntries((Object.keys(next) as (keyof ColorScheme)[]).filter((k) => !sameColour(saved[k], next[k])).map((k) => [k, next[k]]));
}
