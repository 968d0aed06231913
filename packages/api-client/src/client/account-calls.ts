import type { z } from 'zod';
import type { PaymentOrderRequest, PaymentPlanUpdate, PromoCodeCreate, SubscribeRequest } from '../contract/payments.ts';
import type { StatisticsCsvChart, StatisticsRange } from '../contract/player.ts';
import type { ProfileUploadResponse } from '../contract/profile.ts';
import type { Core } from './core.ts';
import { downloadFile, downloadText, sendMultipart } from './files.ts';
import type { Call } from './operation.ts';
import { pathOf } from './route.ts';
import type { AnalyticsOverviewParams, ImageUploadOptions, LeadsParams, ProfileUpdateInput } from './params.ts';
import { passkeyCalls } from './passkeys.ts';
import * as op from './routes.generated.ts';

/** The signed-in person's profile, two-factor sign-in and usage. */
export function profileCalls(core: Core, call: Call) {
  const profile = {
    get: () => call(op.getProfile),
    async update(input: ProfileUpdateInput) {
      const r = await call(op.putProfile, { body: input });
      await core.updateSession({ isPaymentMethodSet: r.profile.isPaymentMethodSet });
      return r;
    },
    upload: (file: Blob, type: 'avatar' | 'playerLogo', opts: ImageUploadOptions = {}) => sendMultipart<z.infer<typeof ProfileUploadResponse>>(core, pathOf(op.postProfileUpload), 'file', file, { type }, opts),
    /** Links a Google or Facebook account (its token, and Google's nonce) to this one; the current password proves the owner. */
    linkIdentity: (input: { platform: 'google' | 'facebook'; token: string; nonce?: string; currentPassword: string }) => call(op.postProfileIdentities, { body: input }),
    /** Two-factor sign-in: start with the password (a secret and its otpauth:// URL), confirm with a code (recovery codes, once), or turn off. */
    twoFactor: {
      setupTotp: (currentPassword: string) => call(op.postProfile2faTotp, { body: { currentPassword } }),
      confirmTotp: (code: string) => call(op.postProfile2faTotpConfirm, { body: { code } }),
      disable: (currentPassword: string, code: string) => call(op.deleteProfile2fa, { body: { currentPassword, code } }),
      passkeys: passkeyCalls(call),
    },
  };
  const usage = {
    /** Storage used (with uploads still arriving) and bandwidth per month against the plan's limits. */
    get: () => call(op.getUsage),
  };
  return { profile, usage };
}

/** Plans, the caller's subscription (Stripe with the saved card, or PayPal orders), its history. */
export const paymentCalls = (core: Core, call: Call) => ({
  /** The plans with their monthly and yearly variants (public). */
  plans: () => call(op.getPaymentPlan, { auth: !!core.getSession() }),
  subscription: () => call(op.getPaymentSubscription),
  /** Subscribes with the saved card. */
  subscribe: (input: z.input<typeof SubscribeRequest>) => call(op.postPaymentSubscription, { body: input }),
  /** Another plan: an upgrade at once (pro-rated), a downgrade at the end of the paid period. */
  changePlan: (paymentPlanId: string) => call(op.putPaymentSubscription, { body: { paymentPlanId } }),
  cancel: () => call(op.postPaymentSubscriptionCancel),
  reactivate: () => call(op.postPaymentSubscriptionReactivate),
  /** The money-back guarantee: refunds the first payment and cancels. */
  refund: () => call(op.postPaymentRefund),
  history: () => call(op.getPaymentHistory),
  /** A PayPal order for a plan: the payer approves it at `approveUrl`, then `capture` completes it. */
  createOrder: (input: z.input<typeof PaymentOrderRequest>) => call(op.postPayment, { body: input }),
  /** Completes an approved PayPal order; the message is 'Transaction completed by {name}'. */
  capture: (orderId: string) => call(op.postPaymentByOrderIdCapture, { orderId }),
  /** Admin: a variant's price or a plan's limits; answers every plan. */
  updatePlan: (planId: string, input: z.input<typeof PaymentPlanUpdate>) => call(op.putPaymentPlanById, { id: planId, body: input }),
  /** Admin: a new promo code. */
  createPromoCode: (input: z.input<typeof PromoCodeCreate>) => call(op.postPaymentPromoCodes, { body: input }),
});

/** Plays, watch time and their CSV files. */
export const statisticsCalls = (core: Core, call: Call) => ({
  /** The analytics screen of one of the caller's videos (404 for another user's). */
  forVideo: (videoId: string, range?: StatisticsRange) => call(op.getStatisticsVideoById, { id: videoId, query: { range } }),
  /** Plays and watch time of every video of the caller, one page, sortable. */
  overview: (p: AnalyticsOverviewParams = {}) =>
    call(op.getStatisticsVideos, { query: { range: p.range, limit: p.limit, page: p.page, field: p.field, direction: p.direction } }),
  /** One chart of a video as a CSV file over the range (the file name is the server's). */
  videoCsv: (videoId: string, range: StatisticsRange, chart: StatisticsCsvChart) => downloadFile(core, pathOf(op.getStatisticsVideoByIdCsv, { id: videoId }), { range, chart }),
  /** Every row of the overview as a CSV file, in the table's order. */
  overviewCsv: (p: Omit<AnalyticsOverviewParams, 'limit' | 'page'> = {}) => downloadFile(core, pathOf(op.getStatisticsVideosCsv), { range: p.range, field: p.field, direction: p.direction }),
});

/** The leads the videos' email forms collected (issue 27): one video's, or the whole team's. */
export function leadCalls(core: Core, call: Call) {
  const leadsQuery = (p: LeadsParams) => ({ search: p.search || undefined, from: p.from || undefined, to: p.to || undefined, page: p.page, limit: p.limit });
  return {
    list: (p: LeadsParams = {}, videoId?: string) => (videoId ? call(op.getVideosByIdLeads, { id: videoId, query: leadsQuery(p) }) : call(op.getLeads, { query: leadsQuery(p) })),
    /** The same leads (every page) as the CSV file's text. */
    csv(p: LeadsParams = {}, videoId?: string): Promise<string> {
      const q = new URLSearchParams(Object.entries(leadsQuery({ ...p, page: undefined, limit: undefined })).filter((e): e is [string, string] => typeof e[1] === 'string'));
      return downloadText(core, videoId ? pathOf(op.getVideosByIdLeadsCsv, { id: videoId }) : pathOf(op.getLeadsCsv), q.size ? `?${q}` : '');
    },
    /** Erases a lead: its email and name leave the account, and no viewer session names them any more (issue 33). */
    remove: (id: string) => call(op.deleteLeadsById, { id }),
  };
}
