import { z } from 'zod';
import { email, MessageBody, pageLimit, pageNumber, paginated, personName, sortDirection } from './common.ts';
import { ADMIN_VIDEO_PAGE_SIZES, FEATURE_FLAGS } from './constants.ts';
import { ColorScheme, Features } from './profile.ts';
import { PAYMENT_METHODS } from './users.ts';

/** Tariff plan names (spec section 3); null until the user has subscribed. */
export const PLAN_NAMES = ['bronze', 'silver', 'gold'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const LOGIN_METHODS = ['email', 'google', 'facebook'] as const;

/** The admin user tables' sortable columns (spec: Admin user tables), as `field` values. */
export const ADMIN_USER_SORT_FIELDS = ['plan', 'video_count', 'cancellation_date', 'created_at', 'storage', 'bandwidth', 'next_payment_date', 'last_login_date'] as const;
export type AdminUserSortField = (typeof ADMIN_USER_SORT_FIELDS)[number];
export const ADMIN_USER_PAGE_SIZE_DEFAULT = 10;

export const ADMIN_MESSAGES = {
  filtersExclusive: 'Choose only banned or only canceled, not both.',
  listExclusive: 'Use either inactive=true or isActive and ban, not both.',
  nothingToChange: 'Give at least one of isActive, ban, banReason, features, videoGeneratorCredits, firstName, lastName, email.',
  unknownFeature: `Must be one of ${FEATURE_FLAGS.join(', ')}.`,
  notOnAdmins: 'Administrator accounts cannot be changed here.',
  userNotFound: 'User not found',
  banDirection: 'Must be true (ban) or false (unban).',
  cancelDirection: 'Must be false (cancel) or true (reactivate).',
  selectUsers: 'Select at least one user.',
} as const;

const bool = (field: string) =>
  z.enum(['true', 'false'], { error: `${field} must be true or false.` }).transform((v) => v === 'true');

/**
 * GET /api/users (admin). The active table sends isActive=true&ban=false, the inactive table
 * inactive=true (canceled or banned); neither lists everyone. `only-banned` and `only-canceled`
 * narrow the list and exclude each other: with isActive=true "canceled" is a subscription canceled
 * and running to the end of its paid period (the account is still active), otherwise a canceled
 * account (isActive false). Search matches name or email (contains, any case).
 */
export const AdminUserListQuery = z
  .object({
    limit: pageLimit(ADMIN_USER_PAGE_SIZE_DEFAULT),
    page: pageNumber,
    inactive: bool('inactive').optional(),
    isActive: bool('isActive').optional(),
    ban: bool('ban').optional(),
    'only-banned': bool('only-banned').optional(),
    'only-canceled': bool('only-canceled').optional(),
    search: z.string().trim().max(254).optional(),
    direction: sortDirection('ASC'),
    field: z.enum(ADMIN_USER_SORT_FIELDS, { error: `Must be one of ${ADMIN_USER_SORT_FIELDS.join(', ')}.` }).default('created_at'),
  })
  .superRefine((q, ctx) => {
    if (q['only-banned'] && q['only-canceled']) ctx.addIssue({ code: 'custom', path: ['only-canceled'], message: ADMIN_MESSAGES.filtersExclusive });
    if (q.inactive && (q.isActive !== undefined || q.ban !== undefined)) ctx.addIssue({ code: 'custom', path: ['inactive'], message: ADMIN_MESSAGES.listExclusive });
  });
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

/** The Admin user view entity (spec section 3). Sizes in bytes, dates ISO 8601 or null. */
export const AdminUser = z.object({
  id: z.string(),
  email: z.string(),
  /** The login method. */
  platforms: z.enum(LOGIN_METHODS),
  plan: z.enum(PLAN_NAMES).nullable(),
  videoCount: z.number().int(),
  /** Bytes the user's videos take in storage, every file (usedInTheStorage). */
  storage: z.number(),
  /** Bytes delivered of the user's videos, all time. */
  bandwidth: z.number(),
  startDate: z.string().nullable(),
  cancellationDate: z.string().nullable(),
  nextPaymentDate: z.string().nullable(),
  lastLoginDate: z.string().nullable(),
  createdAt: z.string(),
  isActive: z.boolean(),
  ban: z.boolean(),
  banReason: z.string().nullable(),
  isConfirmedEmail: z.boolean(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentRef: z.string().nullable(),
  /** The reference at the provider's dashboard (the Stripe customer or subscription, a PayPal subscription), or null in the sandbox. */
  paymentRefUrl: z.string().nullable().optional(),
  feature: Features,
  videoGeneratorCredits: z.number().int(),
  lastUploadedVideo: z.object({ id: z.string(), name: z.string(), date: z.string() }).nullable(),
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    avatar: z.string().nullable(),
    colorScheme: ColorScheme,
    showLogoOnPlayer: z.boolean(),
    playerLogo: z.string().nullable(),
  }),
  isChangeEmail: z.boolean(),
  promoCode: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserList = paginated(AdminUser);
export type AdminUserList = z.infer<typeof AdminUserList>;

const banReason = z
  .string()
  .trim()
  .max(1000, { error: 'Must NOT have more than 1000 characters.' })
  .nullable()
  .transform((s) => s || null);

/**
 * PUT /api/users/{id}: cancel or reactivate {isActive}; ban {ban: true, banReason}; unban
 * {ban: false, banReason: null} (unbanning always clears the reason); features (a map of flags;
 * the flags given are set, others kept); videoGeneratorCredits.
 */
export const AdminUserUpdate = z
  .object({
    isActive: z.boolean(),
    ban: z.boolean(),
    banReason,
    features: z.partialRecord(z.enum(FEATURE_FLAGS, { error: ADMIN_MESSAGES.unknownFeature }), z.boolean()),
    videoGeneratorCredits: z.number().int({ error: 'Must be a whole number, 0 or more.' }).min(0, { error: 'Must be a whole number, 0 or more.' }).max(1_000_000),
    /** The admin corrects a name or an address; the new address is taken as confirmed (see AdminUsersService.update). */
    firstName: personName(),
    lastName: personName(),
    email: email(),
  })
  .partial()
  .refine((u) => Object.values(u).some((v) => v !== undefined), { error: ADMIN_MESSAGES.nothingToChange, path: ['isActive'] });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdate>;

/** PUT /api/feature/{userId}: toggles one flag; with `value` sets it instead. Answers the user. */
export const FeatureToggle = z.object({
  name: z.enum(FEATURE_FLAGS, { error: ADMIN_MESSAGES.unknownFeature }),
  value: z.boolean().optional(),
});
export type FeatureToggle = z.infer<typeof FeatureToggle>;

export const USER_BULK_MAX_IDS = 100;
const userIds = z
  .array(z.uuid({ error: 'Must be user ids.' }), { error: 'Must be a list of user ids.' })
  .min(1, { error: ADMIN_MESSAGES.selectUsers })
  .max(USER_BULK_MAX_IDS, { error: `Select at most ${USER_BULK_MAX_IDS} users.` });

/**
 * POST /api/users/bulk. The direction is set, never toggled: ban carries `ban` (true bans every
 * selected user with `banReason`, false unbans them all), cancel carries `isActive` (false cancels,
 * true reactivates). All of the ids or none (an unknown id is a 404).
 */
export const UserBulkRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('ban'), ids: userIds, ban: z.boolean({ error: ADMIN_MESSAGES.banDirection }), banReason: banReason.optional() }),
    z.object({ action: z.literal('cancel'), ids: userIds, isActive: z.boolean({ error: ADMIN_MESSAGES.cancelDirection }) }),
    z.object({ action: z.literal('delete'), ids: userIds }),
  ],
  { error: 'Must be ban, cancel or delete.' },
);
export type UserBulkRequest = z.infer<typeof UserBulkRequest>;
export const UserBulkResult = MessageBody.extend({ count: z.number().int() });

/** The admin video list's sortable columns (spec: Admin user video list). */
export const ADMIN_VIDEO_SORT_FIELDS = ['ban', 'size', 'monthlyBandwidthUsage', 'totalBandwidthUsage', 'createdAt'] as const;
export type AdminVideoSortField = (typeof ADMIN_VIDEO_SORT_FIELDS)[number];
export const ADMIN_VIDEO_PAGE_SIZE_DEFAULT = 10;

/** GET /api/videos?user-id= (admin): one user's videos; the answer is a VideoList. */
export const AdminVideoListQuery = z.object({
  'user-id': z.uuid({ error: 'Must be a user id.' }),
  limit: z.coerce
    .number()
    .refine((n) => (ADMIN_VIDEO_PAGE_SIZES as readonly number[]).includes(n), { error: `Must be one of ${ADMIN_VIDEO_PAGE_SIZES.join(', ')}.` })
    .default(ADMIN_VIDEO_PAGE_SIZE_DEFAULT),
  page: pageNumber,
  direction: sortDirection('DESC'),
  field: z.enum(ADMIN_VIDEO_SORT_FIELDS, { error: `Must be one of ${ADMIN_VIDEO_SORT_FIELDS.join(', ')}.` }).default('createdAt'),
});
export type AdminVideoListQuery = z.infer<typeof AdminVideoListQuery>;

/** Actions of the audit log, one row per admin call (who, what, when, on whom). */
export const AUDIT_ACTIONS = [
  'user.list',
  'user.view',
  'user.create',
  'user.update',
  'user.feature',
  'user.delete',
  'user.bulk',
  'video.list',
  'video.block',
  'plan.update',
  'promo.create',
  'team.list',
  'team.owner',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
