import { FEATURE_FLAGS, type FeatureFlag, MESSAGES } from '@reelbase/api-client';
import { forbidden, HttpError } from '../../http/errors.ts';
import type { Sql } from '../../db/sql.ts';
import type { IUser } from '../users/user.entity.ts';
import { userFeatures, userFeaturesAndCredits } from './entitlements.queries.ts';
import type { PlanRow } from './plans.ts';
import { planOfUser } from './plans.queries.ts';

/**
 * What an account without a plan may use (admins, accounts created by an admin, accounts that
 * never subscribed): the settings STORAGE_LIMIT_BYTES_PER_ACCOUNT and BANDWIDTH_LIMIT_BYTES_PER_MONTH.
 * A plan's own limits replace them (they do not cap a plan). The grace is how far past its monthly
 * bandwidth an owner's media still plays.
 */
export interface DefaultLimits {
  storageBytes: number;
  bandwidthBytesPerMonth: number;
  bandwidthGracePercent: number;
}

/**
 * The one rule for calls that spend storage, processing or bandwidth (uploads, tus, imports,
 * edits, covers, watermarks, GIFs, copies, player logos, embed codes): a canceled or inactive
 * account answers 403, one without a payment method 402. Reading, the profile, the payment
 * method and paying stay open. Admins are exempt.
 */
export function assertCanSpend(user: Pick<IUser, 'isAdmin' | 'isActive' | 'paymentMethod'>) {
  if (user.isAdmin) return;
  if (!user.isActive) throw forbidden(MESSAGES.accountCanceled);
  if (user.paymentMethod == null) throw new HttpError(402, MESSAGES.paymentMethodRequired);
}

/** A tool is on when the admin left it on for the user AND the plan grants it (no plan: the admin's flags alone). */
export function effectiveFeatures(adminFlags: Record<string, boolean> | null | undefined, plan: PlanRow | null): Record<FeatureFlag, boolean> {
  return Object.fromEntries(FEATURE_FLAGS.map((f) => [f, !!adminFlags?.[f] && (!plan || !!plan.limits.features[f])])) as Record<FeatureFlag, boolean>;
}

export interface AccountLimits {
  plan: PlanRow | null;
  storageBytes: number;
  bandwidthBytesPerMonth: number;
  features: Record<FeatureFlag, boolean>;
  videoGeneratorCredits: number;
}

/** The limits an account has now: its plan's, or the settings' without one. */
export async function limitsOf(sql: Sql, userId: string, defaults: Pick<DefaultLimits, 'storageBytes' | 'bandwidthBytesPerMonth'>): Promise<AccountLimits> {
  const [user] = await userFeaturesAndCredits(sql, userId);
  const plan = await planOfUser(sql, userId);
  return {
    plan,
    storageBytes: plan?.limits.storageBytes ?? defaults.storageBytes,
    bandwidthBytesPerMonth: plan?.limits.bandwidthBytesPerMonth ?? defaults.bandwidthBytesPerMonth,
    features: effectiveFeatures(user?.features, plan),
    videoGeneratorCredits: user?.video_generator_credits ?? 0,
  };
}

/** The effective feature flags of an account (what its profile shows and the tools check). */
export async function featuresOf(sql: Sql, userId: string): Promise<Record<FeatureFlag, boolean>> {
  const [user] = await userFeatures(sql, userId);
  return effectiveFeatures(user?.features, await planOfUser(sql, userId));
}

/** The editing tools are gated by the effective flags; one of `anyOf` must be on (403 otherwise). */
export async function requireFeature(sql: Sql, userId: string, ...anyOf: FeatureFlag[]) {
  const features = await featuresOf(sql, userId);
  if (!anyOf.some((flag) => features[flag])) throw forbidden(MESSAGES.featureDisabled);
}

/** The storage limit of an account, read inside the caller's transaction (the quota's lock). */
export async function storageLimitOf(sql: Sql, userId: string, defaultBytes: number): Promise<number> {
  return (await planOfUser(sql, userId))?.limits.storageBytes ?? defaultBytes;
}

/** 'YYYY-MM' of now in UTC: the month bandwidth is counted in. */
export const bandwidthMonth = (at = new Date()) => at.toISOString().slice(0, 7);

/**
 * An SQL condition, true when the owner (`users` row under alias `u`) is past this month's
 * bandwidth plus the grace. Admins are never stopped. Numbers come from validated settings, so
 * they are written into the text and the condition fits any query without parameters.
 */
export function overBandwidthSql(u: string, defaults: DefaultLimits): string {
  const factor = 1 + Number(defaults.bandwidthGracePercent) / 100;
  return `(not ${u}.is_admin and coalesce((select m.bytes from user_bandwidth_months m where m.user_id = ${u}.id and m.month = date_trunc('month', now() at time zone 'utc')::date), 0)
    > coalesce((select p.bandwidth_bytes_per_month from payment_plans p where p.id = ${u}.payment_plan_id), ${Math.floor(Number(defaults.bandwidthBytesPerMonth))}) * ${factor})`;
}
