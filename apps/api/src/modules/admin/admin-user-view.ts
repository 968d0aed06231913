import type { AdminUser } from '@reelbase/api-client';
import { referenceUrl } from '../payments/payments.service.ts';
import { canChangeEmail } from '../users/profile-view.ts';
import type { AdminUserRow } from './admin-users.queries.ts';

// The list's statement is in admin-users.queries.ts; re-exported for test/admin-canceled-filter.test.ts.
export { adminUserListQuery } from './admin-users.queries.ts';

export function toAdminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    platforms: r.platform,
    plan: r.plan,
    videoCount: r.video_count,
    storage: r.storage_bytes,
    bandwidth: r.bandwidth_bytes,
    startDate: r.plan_started_at,
    cancellationDate: r.canceled_at,
    nextPaymentDate: r.next_payment_at,
    lastLoginDate: r.last_login_at,
    createdAt: r.created_at,
    isActive: r.is_active,
    ban: r.ban,
    banReason: r.ban_reason,
    isConfirmedEmail: r.is_confirmed_email,
    paymentMethod: r.payment_method,
    paymentRef: r.payment_ref,
    // The subscription at its provider, else the customer: where an admin looks into the payments.
    paymentRefUrl: r.stripe_subscription_id
      ? referenceUrl(r.stripe_subscription_id)
      : r.paypal_subscription_id
        ? `https://www.paypal.com/billing/subscriptions/${encodeURIComponent(r.paypal_subscription_id)}`
        : referenceUrl(r.stripe_customer_id),
    feature: r.features,
    videoGeneratorCredits: r.video_generator_credits,
    lastUploadedVideo: r.last_video,
    profile: {
      firstName: r.first_name,
      lastName: r.last_name,
      avatar: r.avatar,
      colorScheme: r.color_scheme,
      showLogoOnPlayer: r.show_logo_on_player,
      playerLogo: r.player_logo,
    },
    isChangeEmail: canChangeEmail({ emailChangedAt: r.email_changed_at ? new Date(r.email_changed_at) : null }),
    promoCode: r.promo_code,
    isAdmin: r.is_admin,
  };
}
