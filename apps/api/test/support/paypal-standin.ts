import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Delivery, PaypalStandin, StandinCapture, StandinPlan, StandinSubscription } from './paypal-standin-types.ts';

export type { Delivery, PaypalStandin, StandinCapture, StandinSubscription };

/**
 * A local stand-in for the part of PayPal's REST API Reelbase uses: OAuth2 client credentials,
 * catalog products, billing plans, subscriptions (approval page, activate, revise, cancel,
 * transactions), refunds of captures, and webhooks: it sends signed events to our endpoint and
 * answers verify-webhook-signature with SUCCESS only for deliveries it really made.
 */
const ids = (prefix: string, n = 17) => `${prefix}${randomBytes(n).toString('hex').toUpperCase().slice(0, n)}`;

export async function startPaypalStandin(opts: { webhookUrl?: string; tokenTtlSeconds?: number } = {}): Promise<PaypalStandin> {
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const secret = `secret-${randomBytes(8).toString('hex')}`;
  const webhookId = ids('WH-', 12);
  // What the stand-in signed: transmission id -> signature and exact body.
  const sent = new Map<string, { sig: string; body: string }>();
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const products = new Map<string, { id: string; name: string }>();
  const plans = new Map<string, StandinPlan>();
  const subscriptions = new Map<string, StandinSubscription>();
  const captures = new Map<string, StandinCapture>();
  const refundsByRequestId = new Map<string, unknown>();
  const calls: string[] = [];

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });
  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, name: string, issue?: string) =>
    json(res, status, { name, message: name, debug_id: ids('', 12), ...(issue && { details: [{ issue, description: issue }] }) });

  const addInterval = (from: Date, plan: StandinPlan) => {
    const d = new Date(from);
    const unit = plan.billing_cycles[0].frequency.interval_unit;
    if (unit === 'YEAR') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return d;
  };
  /** The price of the cycle the subscription is about to pay (cycle index 0 is the first). */
  const priceOf = (sub: StandinSubscription) => {
    const plan = plans.get(sub.plan_id) as StandinPlan;
    if (sub.cycles === 0 && sub.firstCycleValue) return sub.firstCycleValue;
    let n = sub.cycles;
    for (const c of [...plan.billing_cycles].sort((a, b) => a.sequence - b.sequence)) {
      if (c.total_cycles === 0 || n < c.total_cycles) return c.pricing_scheme.fixed_price.value;
      n -= c.total_cycles;
    }
    return plan.billing_cycles.at(-1)?.pricing_scheme.fixed_price.value ?? '0.00';
  };
  const charge = (sub: StandinSubscription) => {
    const plan = plans.get(sub.plan_id) as StandinPlan;
    const value = priceOf(sub);
    const now = new Date();
    const capture: StandinCapture = { id: ids('', 17), subscriptionId: sub.id, value, time: now.toISOString(), refunded: false };
    captures.set(capture.id, capture);
    sub.transactions.push(capture.id);
    sub.cycles += 1;
    sub.failed = 0;
    sub.lastPayment = { amount: { currency_code: 'USD', value }, time: capture.time };
    sub.nextBilling = addInterval(sub.nextBilling && sub.nextBilling > now ? sub.nextBilling : now, plan);
    return capture;
  };
  const view = (sub: StandinSubscription) => ({
    id: sub.id,
    status: sub.status,
    plan_id: sub.plan_id,
    custom_id: sub.custom_id,
    subscriber: sub.subscriber,
    billing_info: {
      ...(sub.lastPayment && { last_payment: sub.lastPayment }),
      ...(sub.nextBilling && sub.status === 'ACTIVE' && { next_billing_time: sub.nextBilling.toISOString() }),
      failed_payments_count: sub.failed,
    },
    links: [
      ...(sub.status === 'APPROVAL_PENDING' ? [{ href: `${base}/checkoutnow?token=${sub.id}`, rel: 'approve', method: 'GET' }] : []),
      { href: `${base}/v1/billing/subscriptions/${sub.id}`, rel: 'self', method: 'GET' },
    ],
  });

  let base = '';
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      calls.push(`${req.method} ${path}`);
      const raw = await readBody(req);

      // The payer's side: the approval page and its button.
      if (path === '/checkoutnow' && req.method === 'GET') {
        const sub = subscriptions.get(url.searchParams.get('token') ?? '');
        if (!sub) return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const plan = plans.get(sub.pendingPlanId ?? sub.plan_id);
        return res.end(`<!doctype html><title>PayPal stand-in</title><h1>Pay with PayPal</h1>
<p>${plan?.name ?? ''}: $${sub.pendingPlanId ? plan?.billing_cycles.at(-1)?.pricing_scheme.fixed_price.value : priceOf(sub)}</p>
<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${sub.id}"><button type="submit">Agree &amp; Subscribe</button></form>
<a href="${sub.cancel_url}">Cancel and return</a>`);
      }
      if (path === '/checkoutnow/approve' && req.method === 'POST') {
        const id = new URLSearchParams(raw).get('token') ?? '';
        const sub = subscriptions.get(id);
        if (!sub) return json(res, 404, { name: 'RESOURCE_NOT_FOUND' });
        if (sub.pendingPlanId) {
          sub.plan_id = sub.pendingPlanId;
          sub.pendingPlanId = undefined;
        } else if (sub.status === 'APPROVAL_PENDING') {
          sub.status = 'APPROVED';
          sub.subscriber = { name: { given_name: standin.payer.given_name, surname: standin.payer.surname }, email_address: standin.payer.email_address, payer_id: ids('', 13) };
        }
        const back = new URL(sub.return_url);
        back.searchParams.set('subscription_id', sub.id);
        back.searchParams.set('ba_token', ids('BA-', 17));
        back.searchParams.set('token', ids('', 17));
        res.writeHead(303, { location: back.toString() });
        return res.end();
      }

      if (path === '/v1/oauth2/token' && req.method === 'POST') {
        const expected = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
        if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
        const t = ids('A21AA', 40);
        tokens.add(t);
        standin.tokensIssued += 1;
        return json(res, 200, { scope: 'https://uri.paypal.com/services/subscriptions', access_token: t, token_type: 'Bearer', app_id: 'APP-STANDIN', expires_in: opts.tokenTtlSeconds ?? 32400 });
      }

      const bearer = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      if (!bearer || !tokens.has(bearer)) return error(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
      const body = raw ? JSON.parse(raw) : {};

      if (path === '/v1/catalogs/products' && req.method === 'POST') {
        const p = { id: ids('PROD-', 17), name: body.name };
        products.set(p.id, p);
        return json(res, 201, p);
      }
      if (path === '/v1/billing/plans' && req.method === 'POST') {
        if (!products.has(body.product_id)) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PRODUCT_ID');
        const plan: StandinPlan = { id: ids('P-', 24), product_id: body.product_id, name: body.name, status: body.status ?? 'ACTIVE', billing_cycles: body.billing_cycles, payment_preferences: body.payment_preferences ?? {} };
        plans.set(plan.id, plan);
        return json(res, 201, plan);
      }
      if (path === '/v1/billing/subscriptions' && req.method === 'POST') {
        const plan = plans.get(body.plan_id);
        if (!plan) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PLAN_ID');
        const sub: StandinSubscription = {
          id: ids('I-', 12),
          status: 'APPROVAL_PENDING',
          plan_id: plan.id,
          custom_id: body.custom_id,
          firstCycleValue: body.plan?.billing_cycles?.find((c: { sequence: number }) => c.sequence === 1)?.pricing_scheme?.fixed_price?.value,
          return_url: body.application_context?.return_url,
          cancel_url: body.application_context?.cancel_url,
          cycles: 0,
          failed: 0,
          transactions: [],
        };
        subscriptions.set(sub.id, sub);
        return json(res, 201, view(sub));
      }
      const subPath = path.match(/^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(\w+))?$/);
      if (subPath) {
        const sub = subscriptions.get(decodeURIComponent(subPath[1]));
        if (!sub) return error(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        const action = subPath[2];
        if (!action && req.method === 'GET') return json(res, 200, view(sub));
        if (action === 'activate' && req.method === 'POST') {
          if (sub.status !== 'APPROVED' && sub.status !== 'SUSPENDED') return error(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
          if (sub.status === 'APPROVED') charge(sub);
          sub.status = 'ACTIVE';
          return json(res, 204);
        }
        if (action === 'suspend' && req.method === 'POST') {
          if (sub.status !== 'ACTIVE') return error(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
          sub.status = 'SUSPENDED';
          return json(res, 204);
        }
        if (action === 'cancel' && req.method === 'POST') {
          if (sub.status === 'CANCELLED' || sub.status === 'EXPIRED') return error(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
          sub.status = 'CANCELLED';
          return json(res, 204);
        }
        if (action === 'revise' && req.method === 'POST') {
          const to = plans.get(body.plan_id);
          if (!to) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'INVALID_PLAN_ID');
          if (sub.status !== 'ACTIVE') return error(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID');
          const from = plans.get(sub.plan_id) as StandinPlan;
          const price = (p: StandinPlan) => Number(p.billing_cycles.at(-1)?.pricing_scheme.fixed_price.value);
          // A dearer plan needs the payer's consent; a cheaper one applies from the next cycle at once.
          if (price(to) > price(from)) {
            sub.pendingPlanId = to.id;
            return json(res, 200, { plan_id: to.id, links: [{ href: `${base}/checkoutnow?token=${sub.id}`, rel: 'approve', method: 'GET' }] });
          }
          sub.plan_id = to.id;
          return json(res, 200, { plan_id: to.id, links: [] });
        }
        if (action === 'transactions' && req.method === 'GET') {
          const from = new Date(url.searchParams.get('start_time') ?? 0);
          const to = new Date(url.searchParams.get('end_time') ?? Date.now());
          const transactions = sub.transactions
            .map((id) => captures.get(id) as StandinCapture)
            .filter((c) => new Date(c.time) >= from && new Date(c.time) <= to)
            .map((c) => ({ id: c.id, status: c.refunded ? 'REFUNDED' : 'COMPLETED', amount_with_breakdown: { gross_amount: { currency_code: 'USD', value: c.value } }, time: c.time }));
          return json(res, 200, { transactions });
        }
      }
      const refundPath = path.match(/^\/v2\/payments\/captures\/([^/]+)\/refund$/);
      if (refundPath && req.method === 'POST') {
        const requestId = req.headers['paypal-request-id'] as string | undefined;
        if (requestId && refundsByRequestId.has(requestId)) return json(res, 201, refundsByRequestId.get(requestId));
        const capture = captures.get(decodeURIComponent(refundPath[1]));
        if (!capture) return error(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (capture.refunded) return error(res, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
        capture.refunded = true;
        const refund = { id: ids('', 17), status: 'COMPLETED', amount: body.amount ?? { currency_code: 'USD', value: capture.value } };
        if (requestId) refundsByRequestId.set(requestId, refund);
        return json(res, 201, refund);
      }
      if (path === '/v1/notifications/verify-webhook-signature' && req.method === 'POST') {
        const d = sent.get(body.transmission_id);
        const genuine =
          d !== undefined &&
          body.webhook_id === webhookId &&
          body.transmission_sig === d.sig &&
          body.auth_algo === 'SHA256withRSA' &&
          JSON.stringify(body.webhook_event) === JSON.stringify(JSON.parse(d.body));
        return json(res, 200, { verification_status: genuine ? 'SUCCESS' : 'FAILURE' });
      }
      error(res, 404, 'RESOURCE_NOT_FOUND');
    } catch (err) {
      json(res, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(err) });
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const deliver = async (headers: Record<string, string>, body: string) => {
    const res = await fetch(standin.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed };
  };

  const standin: PaypalStandin = {
    url: base,
    clientId,
    secret,
    webhookId,
    env: { PAYPAL_CLIENT_ID: clientId, PAYPAL_SECRET: secret, PAYPAL_API_URL: base, PAYPAL_WEBHOOK_ID: webhookId },
    webhookUrl: opts.webhookUrl ?? '',
    calls,
    tokensIssued: 0,
    subscriptions,
    captures,
    payer: { given_name: 'Grace', surname: 'Hopper', email_address: 'grace@example.com' },

    async approve(subscriptionId) {
      const res = await fetch(`${base}/checkoutnow/approve`, { method: 'POST', body: new URLSearchParams({ token: subscriptionId }), redirect: 'manual' });
      if (res.status !== 303) throw new Error(`approval failed: ${res.status}`);
      return res.headers.get('location') as string;
    },

    async send(eventType, resourceType, resource) {
      const event = { id: ids('WH-', 17), event_version: '1.0', create_time: new Date().toISOString(), resource_type: resourceType, event_type: eventType, summary: eventType, resource };
      // PayPal delivers compact JSON; spacing it keeps us honest about verifying the bytes received.
      const body = JSON.stringify(event, null, 1);
      const transmissionId = crypto.randomUUID();
      const transmissionTime = new Date().toISOString();
      const sig = createHmac('sha256', signingKey).update(`${transmissionId}|${transmissionTime}|${webhookId}|${body}`).digest('base64');
      sent.set(transmissionId, { sig, body });
      const headers = {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': sig,
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-STANDIN`,
      };
      const r = await deliver(headers, body);
      return { headers, body, event, status: r.status, response: r.body };
    },

    async replay(d) {
      const r = await deliver(d.headers, d.body);
      return { ...d, status: r.status, response: r.body };
    },

    post: deliver,

    async renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (sub?.status !== 'ACTIVE') throw new Error(`cannot renew ${subscriptionId}: ${sub?.status}`);
      const capture = charge(sub);
      return standin.send('PAYMENT.SALE.COMPLETED', 'sale', {
        id: capture.id,
        state: 'completed',
        amount: { total: capture.value, currency: 'USD', details: { subtotal: capture.value } },
        billing_agreement_id: sub.id,
        custom: sub.custom_id,
        create_time: capture.time,
      });
    },

    async failRenewal(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (sub?.status !== 'ACTIVE') throw new Error(`cannot fail a renewal of ${subscriptionId}: ${sub?.status}`);
      sub.failed += 1;
      const threshold = plans.get(sub.plan_id)?.payment_preferences.payment_failure_threshold ?? 0;
      const out = [await standin.send('BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'subscription', view(sub))];
      if (threshold > 0 && sub.failed >= threshold) {
        sub.status = 'SUSPENDED';
        out.push(await standin.send('BILLING.SUBSCRIPTION.SUSPENDED', 'subscription', view(sub)));
      }
      return out;
    },

    async cancelAtPaypal(subscriptionId) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      sub.status = 'CANCELLED';
      return standin.send('BILLING.SUBSCRIPTION.CANCELLED', 'subscription', view(sub));
    },

    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  return standin;
}
