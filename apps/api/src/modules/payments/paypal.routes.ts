import { Router } from '@koa/router';
import { PaymentOrderRequest } from '@reelbase/api-client';
import { type AuthGuards, currentUser } from '../../http/auth.ts';
import { body } from '../../http/validate.ts';
import { rawBody } from './payments.routes.ts';
import type { PaypalPayments } from './paypal.service.ts';

/** The PayPal checkout: start (an order the payer approves at PayPal) and capture after approval. */
export function paypalRoutes(paypal: PaypalPayments, guards: AuthGuards) {
  const r = new Router();
  r.post('/api/payment', guards.requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await paypal.createOrder(currentUser(ctx).id, body(ctx, PaymentOrderRequest));
  });
  r.post('/api/payment/:orderId/capture', guards.requireUser, async (ctx) => {
    ctx.body = await paypal.capture(currentUser(ctx).id, ctx.params.orderId);
  });
  return r;
}

/** PayPal's webhook reads its raw body (PayPal verifies the bytes it sent), so it is mounted before the JSON body parser. */
export function paypalWebhookRoutes(paypal: PaypalPayments) {
  const r = new Router();
  r.post('/api/payment/webhook/paypal', async (ctx) => {
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
