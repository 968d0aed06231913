import { Router } from '@koa/router';
import { ChangePlanRequest, op, type PaymentConfig, PaymentPlanUpdate, PromoCodeCreate, SubscribeRequest } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { badRequest } from '../../http/errors.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { PaymentsService } from './payments.service.ts';
import type { PlansService } from './plans.service.ts';

/**
 * `browser`: what the web app reads at run time (GET /api/payment/config); the Stripe publishable
 * key only when cards go to Stripe (STRIPE_SECRET_KEY), so the sandbox keeps the plain card form.
 */
export function paymentsRoutes(plans: PlansService, payments: PaymentsService, guards: AuthGuards, browser: PaymentConfig = { stripePublishableKey: null }) {
  const r = new Router();
  const me = (ctx: Context) => currentUser(ctx).id;
  on(r, op.getPaymentConfig, (ctx) => {
    ctx.body = browser;
  });
  on(r, op.getPaymentPlan, async (ctx) => {
    ctx.body = await plans.list();
  });
  on(r, op.putPaymentPlanById, guards.requireAdmin, async (ctx) => {
    ctx.body = await plans.update(currentUser(ctx), ctx.params.id, body(ctx, PaymentPlanUpdate));
  });
  on(r, op.postPaymentPromoCodes, guards.requireAdmin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await plans.createPromoCode(currentUser(ctx), body(ctx, PromoCodeCreate));
  });
  on(r, op.getPaymentSubscription, guards.requireUser, async (ctx) => {
    ctx.body = await payments.view(me(ctx));
  });
  on(r, op.postPaymentSubscription, guards.requireUser, async (ctx) => {
    ctx.body = await payments.subscribe(me(ctx), body(ctx, SubscribeRequest));
  });
  on(r, op.putPaymentSubscription, guards.requireUser, async (ctx) => {
    ctx.body = await payments.changePlan(me(ctx), body(ctx, ChangePlanRequest));
  });
  on(r, op.postPaymentSubscriptionCancel, guards.requireUser, async (ctx) => {
    ctx.body = await payments.cancel(me(ctx));
  });
  on(r, op.postPaymentSubscriptionReactivate, guards.requireUser, async (ctx) => {
    ctx.body = await payments.reactivate(me(ctx));
  });
  on(r, op.postPaymentRefund, guards.requireUser, async (ctx) => {
    ctx.body = await payments.refund(me(ctx));
  });
  on(r, op.getPaymentHistory, guards.requireUser, async (ctx) => {
    ctx.body = await payments.history(me(ctx));
  });
  return r;
}

const WEBHOOK_MAX_BYTES = 512 * 1024;

/** The request body as sent (signatures are over the exact bytes), at most WEBHOOK_MAX_BYTES. */
export async function rawBody(ctx: Context): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > WEBHOOK_MAX_BYTES) throw badRequest('Payload too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Provider webhooks read their raw body, so they are mounted before the JSON body parser. */
export function stripeWebhookRoutes(handle: (payload: Buffer, signature: string) => Promise<void>) {
  const r = new Router();
  on(r, op.postPaymentWebhookStripe, async (ctx) => {
    await handle(await rawBody(ctx), ctx.get('Stripe-Signature'));
    ctx.body = { received: true };
  });
  return r;
}
