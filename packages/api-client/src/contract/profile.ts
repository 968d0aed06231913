import { z } from 'zod';
import { email, hexColor, maxLength, personName } from './common.ts';
import { FEATURE_FLAGS, PASSWORD_MAX_LENGTH } from './constants.ts';
import { AllowedDomains, DEFAULT_VISIBILITIES, PRIVACY_MESSAGES } from './privacy.ts';
import { PaymentMethodInput } from './users.ts';

export const ColorScheme = z.object({
  playerCanvas: hexColor(),
  transparentCanvas: z.boolean(),
  playerPlayButton: hexColor(),
  playerControlBar: hexColor(),
});
export type ColorScheme = z.infer<typeof ColorScheme>;

export const Features = z.record(z.string(), z.boolean());

export const Profile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  colorScheme: ColorScheme,
  showLogoOnPlayer: z.boolean(),
  playerLogo: z.string().nullable(),
  paymentMethod: z.enum(['card', 'paypal']).nullable(),
  features: Features,
  videoGeneratorCredits: z.number().int(),
  promoCode: z.string().nullable(),
  created_at: z.string(),
  isChangeEmail: z.boolean(),
  isPaymentMethodSet: z.boolean(),
  isConfirmedEmail: z.boolean(),
  isActive: z.boolean(),
  ban: z.boolean(),
  isAdmin: z.boolean(),
  /** Whether sign-ins ask for an authenticator code after the password. */
  twoFactorEnabled: z.boolean(),
  /** What new uploads, imports and copies start with. */
  defaultVisibility: z.enum(DEFAULT_VISIBILITIES),
  defaultAllowedDomains: z.array(z.string()),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileUpdate = z
  .object({
    firstName: personName(),
    lastName: personName(),
    email: email(),
    // Sent only when the user typed one; an empty string means "unchanged".
    password: z.string().max(...maxLength(PASSWORD_MAX_LENGTH)).refine((p) => p === '' || p.length >= 6, { error: 'Must NOT have fewer than 6 characters.' }),
    currentPassword: z.string().max(...maxLength(PASSWORD_MAX_LENGTH)),
    colorScheme: ColorScheme.partial(),
    showLogoOnPlayer: z.boolean(),
    promoCode: z.string().trim().max(64).nullable(),
    // The payment-method gate saves the user's choice here (same shape as at registration).
    paymentMethod: PaymentMethodInput,
    defaultVisibility: z.enum(DEFAULT_VISIBILITIES, { error: PRIVACY_MESSAGES.defaultVisibility }),
    defaultAllowedDomains: AllowedDomains,
  })
  .partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** `pendingEmail`: the new address waits for the link mailed to it; the profile keeps the old one until then. */
export const ProfileUpdateResponse = z.object({ message: z.string(), profile: Profile, pendingEmail: z.string().optional() });

export const PROFILE_IMAGE_KINDS = ['avatar', 'playerLogo'] as const;
export const ProfileUploadResponse = z.object({ url: z.string(), profile: Profile });

export const KNOWN_FEATURES = FEATURE_FLAGS;
