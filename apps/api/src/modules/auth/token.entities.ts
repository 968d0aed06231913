import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

/**
 * A refresh token, stored only as its SHA-256. Tokens of one sign-in form a family: each
 * refresh uses one up and issues the next, and presenting a used one revokes the family.
 */
export const RefreshToken = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    userId: p.uuid(),
    familyId: p.uuid(),
    tokenHash: p.string().unique(),
    rememberMe: p.boolean().default(false),
    /** When the sign-in that began this family happened: the family ends REFRESH_FAMILY_MAX_DAYS later. */
    familyStartedAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IRefreshToken = InferEntity<typeof RefreshToken>;

export const ONE_TIME_PURPOSES = ['verify-email', 'reset-password', 'change-email', 'cancel-email-change'] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

/**
 * Email verification, password reset, email change and its "this was not me" tokens: hashed,
 * single use, expiring. A new one, or a change of the account's password, address or provider
 * links, revokes every other open one (except the "this was not me" links, which guard a change).
 */
export const OneTimeToken = defineEntity({
  name: 'OneTimeToken',
  tableName: 'one_time_tokens',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    userId: p.uuid(),
    purpose: p.enum(ONE_TIME_PURPOSES),
    tokenHash: p.string().unique(),
    /** For change-email: the address that takes effect once the link sent there is opened. */
    newEmail: p.string().nullable(),
    /** The account's address when the link was made: the link works only while it still is (or, to cancel, was changed to `newEmail`). */
    oldEmail: p.string().nullable(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IOneTimeToken = InferEntity<typeof OneTimeToken>;
