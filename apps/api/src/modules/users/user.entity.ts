import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { type ColorScheme, DEFAULT_VISIBILITIES, LOGIN_METHODS, type PaymentMethodType, PLAN_NAMES } from '@reelbase/api-client';

export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    email: p.string().unique(),
    passwordHash: p.string().nullable(),
    firstName: p.string(),
    lastName: p.string(),
    isAdmin: p.boolean().default(false),
    platform: p.enum(LOGIN_METHODS).default('email'),
    platformId: p.string().nullable(),
    isConfirmedEmail: p.boolean().default(false),
    emailChangedAt: p.datetime().nullable(),
    /** When the password, the address or a provider link last changed: older verification links no longer sign in. */
    credentialsChangedAt: p.datetime().nullable(),
    avatar: p.string().nullable(),
    playerLogo: p.string().nullable(),
    colorScheme: p.json<ColorScheme>(),
    showLogoOnPlayer: p.boolean().default(false),
    paymentMethod: p.enum(['card', 'paypal'] as const).$type<PaymentMethodType>().nullable(),
    paymentRef: p.string().nullable(),
    /** 'Visa •••• 4242': what the user recognises the method by (no card data). */
    paymentMethodLabel: p.string().nullable(),
    stripeCustomerId: p.string().nullable(),
    features: p.json<Record<string, boolean>>(),
    videoGeneratorCredits: p.integer().default(0),
    promoCode: p.string().nullable(),
    isActive: p.boolean().default(true),
    ban: p.boolean().default(false),
    banReason: p.string().nullable(),
    lastLoginAt: p.datetime().nullable(),
    /** Since when sign-ins ask for an authenticator code (null: off); see auth/two-factor.service.ts. */
    twoFactorEnabledAt: p.datetime().nullable(),
    // Payment facts (filled by the payments work) and the cancellation date; video_count,
    // storage_bytes and bandwidth_bytes are kept by a trigger on videos and read with SQL only.
    plan: p.enum(PLAN_NAMES).nullable(),
    planStartedAt: p.datetime().nullable(),
    nextPaymentAt: p.datetime().nullable(),
    canceledAt: p.datetime().nullable(),
    /** What new uploads, imports and copies start with (a password is set per video). */
    defaultVisibility: p.enum(DEFAULT_VISIBILITIES).default('public'),
    defaultAllowedDomains: p.json<string[]>().onCreate(() => []),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IUser = InferEntity<typeof User>;
