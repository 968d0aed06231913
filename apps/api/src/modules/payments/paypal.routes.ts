import { Router } from '@koa/router';
import { op, PaymentOrderRequest } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { notFound } from '../../http/errors.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { rawBody } from './payments.routes.ts';
import type { PaypalPayments } from './paypal.service.ts';
import type { SandboxPaypal } from './paypal-sandbox.ts';

/** The PayPal checkout: start (an order the payer approves at PayPal) and capture after approval. */
export function paypalRoutes(paypal: PaypalPayments, guards: AuthGuards) {
  const r = new Router();
  on(r, op.postPayment, guards.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await paypal.createOrder(currentUser(ctx).id, body(ctx, PaymentOrderRequest));
  });
  on(r, op.postPaymentByOrderIdCapture, guards.requireUser, async (ctx) => {
    ctx.body = await paypal.capture(currentUser(ctx).id, ctx.params.orderId);
  });
  return r;
}

/** PayPal's webhook reads its raw body (PayPal verifies the bytes it sent), so it is mounted before the JSON body parser. */
export function paypalWebhookRoutes(paypal: PaypalPayments) {
  const r = new Router();
  on(r, op.postPaymentWebhookPaypal, async (ctx) => {
    const payload = (await rawBody(ctx)).toString('utf8');
    ctx.body = await paypal.webhook(
      {
        authAlgo: ctx.get('PAYPAL-AUTH-ALGO'),
        certUrl: ctx.get('PAYPAL-CERT-URL'),
        transmissionId: ctx.get('PAYPAL-TRANSMISSION-ID'),
        transmissionSig: ctx.get('PAYPAL-TRANSMISSION-SIG'),
        transmissionTime: ctx.get('PAYPAL-TRANSMISSION-TIME'),
      },
      payload,
    );
  });
  return r;
}

/**
 * The PayPal sandbox's approval page and its button (only without PayPal credentials): a plain
 * form post, read here before the JSON body parser. The checkout id is the secret, as at PayPal;
 * the capture still takes the signed-in owner of the checkout.
 */
export function paypalSandboxRoutes(sandbox: SandboxPaypal, appOrigin: string) {
  const r = new Router();
  on(r, op.getPaymentSandboxPaypalCheckout, async (ctx) => {
    const page = await sandbox.approvalPage(String(ctx.query.token ?? ''));
    if (!page) throw notFound('This sandbox checkout does not exist or is no longer waiting for approval');
    ctx.set('Content-Security-Policy', `default-src 'none'; form-action 'self' ${appOrigin}; frame-ancestors 'none'; base-uri 'none'`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  });
  on(r, op.postPaymentSandboxPaypalApprove, async (ctx) => {
    const token = new URLSearchParams((await rawBody(ctx)).toString('utf8')).get('token') ?? '';
    const back = await sandbox.approve(token);
    if (!back) throw notFound('This sandbox checkout does not exist or is no longer waiting for approval');
    ctx.status = 303;
    ctx.redirect(back);
  });
  return r;
}
