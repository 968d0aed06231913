/**
 * PayPal's REST API over fetch: an OAuth2 client-credentials token (cached until shortly before it
 * expires), catalog products and billing plans, subscriptions (create, read, activate, revise,
 * cancel, transactions), refunds of a captured payment and webhook signature verification.
 * The base URL is a setting, so tests point it at a local stand-in; nothing else differs.
 */

export interface PaypalSettings {
  apiUrl: string;
  clientId: string;
  secret: string;
  webhookId?: string;
}

/** An error answer of PayPal: its status, `code` (PayPal's name, e.g. UNPROCESSABLE_ENTITY) and first issue. */
export class PaypalError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issue: string | undefined;
  constructor(status: number, code: string, issue: string | undefined, message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.issue = issue;
  }
}

export type PaypalSubscriptionStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface PaypalSubscription {
  id: string;
  status: PaypalSubscriptionStatus;
  plan_id: string;
  custom_id?: string;
  start_time?: string;
  subscriber?: { name?: { given_name?: string; surname?: string }; email_address?: string; payer_id?: string };
  billing_info?: {
    last_payment?: { amount: Money; time: string };
    next_billing_time?: string;
    failed_payments_count?: number;
  };
  links?: Link[];
}

export interface PaypalTransaction {
  id: string;
  status: string;
  amount_with_breakdown: { gross_amount: Money };
  time: string;
}

export interface Money {
  currency_code: string;
  value: string;
}
interface Link {
  href: string;
  rel: string;
  method?: string;
}

/** One billing cycle of a plan: `TRIAL` cycles come first (we use one for a discounted first period). */
export interface BillingCycle {
  sequence: number;
  tenure_type: 'TRIAL' | 'REGULAR';
  total_cycles: number;
  frequency: { interval_unit: 'MONTH' | 'YEAR'; interval_count: number };
  pricing_scheme: { fixed_price: Money };
}

export interface WebhookHeaders {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

/** Dollars as PayPal writes them ('12.00') from cents, and back. */
export const toMoney = (cents: number, currency = 'USD'): Money => ({ currency_code: currency, value: (cents / 100).toFixed(2) });
export const toCents = (m: { value: string } | { total: string }) => Math.round(Number('value' in m ? m.value : m.total) * 100);

export const linkOf = (r: { links?: Link[] }, rel: string) => r.links?.find((l) => l.rel === rel)?.href;

export function paypalClient(s: PaypalSettings) {
  const base = s.apiUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    // Calls that start together share one token request.
    pendingToken ??= (async () => {
      try {
        const res = await fetch(`${base}/v1/oauth2/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${s.clientId}:${s.secret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: 'grant_type=client_credentials',
          signal: AbortSignal.timeout(15_000),
        });
        const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error_description?: string };
        if (!res.ok || !body.access_token) throw new PaypalError(res.status, 'AUTHENTICATION_FAILURE', undefined, `PayPal refused the credentials: ${body.error_description ?? res.status}`);
        // A minute's margin, so a token never expires between our check and PayPal's.
        token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
        return token.value;
      } finally {
        pendingToken = null;
      }
    })();
    return pendingToken;
  }

  async function call<T>(method: string, path: string, body?: unknown, opts: { requestId?: string } = {}): Promise<T> {
    const send = async () =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
          // PayPal applies a POST with the same request id once: a retried call cannot pay twice.
          ...(opts.requestId && { 'paypal-request-id': opts.requestId }),
          prefer: 'return=representation',
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    let res = await send();
    if (res.status === 401) {
      // Revoked or expired early: one fresh token, once.
      token = null;
      res = await send();
    }
    const text = await res.text();
    const json = text ? JSON.parse(text) : {};
    if (!res.ok) {
      const issue = json.details?.[0]?.issue as string | undefined;
      throw new PaypalError(res.status, json.name ?? 'ERROR', issue, `PayPal ${method} ${path} answered ${res.status} ${json.name ?? ''}${issue ? ` (${issue})` : ''}`);
    }
    return json as T;
  }

  return {
    accessToken,

    createProduct: (name: string) => call<{ id: string }>('POST', '/v1/catalogs/products', { name, type: 'SERVICE', category: 'SOFTWARE' }),

    createPlan: (p: { productId: string; name: string; cycles: BillingCycle[]; failureThreshold: number }) =>
      call<{ id: string; status: string }>('POST', '/v1/billing/plans', {
        product_id: p.productId,
        name: p.name,
        status: 'ACTIVE',
        billing_cycles: p.cycles,
        // PayPal retries a failed renewal, then suspends the subscription after this many failures.
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: p.failureThreshold, setup_fee_failure_action: 'CANCEL' },
      }),

    /** A subscription waiting for the payer: its `approve` link is where they agree. `firstCycle` overrides the first cycle's price (a promo). */
    createSubscription: (p: { planId: string; customId: string; firstCycleCents?: number; returnUrl: string; cancelUrl: string; requestId: string }) =>
      call<PaypalSubscription>(
        'POST',
        '/v1/billing/subscriptions',
        {
          plan_id: p.planId,
          custom_id: p.customId,
          ...(p.firstCycleCents !== undefined && { plan: { billing_cycles: [{ sequence: 1, total_cycles: 1, pricing_scheme: { fixed_price: toMoney(p.firstCycleCents) } }] } }),
          application_context: {
            brand_name: 'Reelbase',
            shipping_preference: 'NO_SHIPPING',
            // We activate after approval ourselves, so an approval that we never hear of charges nothing.
            user_action: 'CONTINUE',
            return_url: p.returnUrl,
            cancel_url: p.cancelUrl,
          },
        },
        { requestId: p.requestId },
      ),

    getSubscription: (id: string) => call<PaypalSubscription>('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`),

    activateSubscription: (id: string, reason: string) => call<unknown>('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/activate`, { reason }),

    /** Moves a subscription to another plan from its next cycle; a higher price needs the payer's consent (an `approve` link). */
    reviseSubscription: (id: string, p: { planId: string; returnUrl: string; cancelUrl: string }) =>
      call<{ plan_id: string; links?: Link[] }>('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/revise`, {
        plan_id: p.planId,
        application_context: { brand_name: 'Reelbase', shipping_preference: 'NO_SHIPPING', return_url: p.returnUrl, cancel_url: p.cancelUrl },
      }),

    /** Stops billing until `activateSubscription` resumes it (a cancellation we may still undo). */
    suspendSubscription: (id: string, reason: string) => call<unknown>('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/suspend`, { reason }),

    cancelSubscription: (id: string, reason: string) => call<unknown>('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, { reason }),

    /** The payments of a subscription between two instants (each is a capture that can be refunded). */
    listTransactions: (id: string, from: Date, to: Date) =>
      call<{ transactions?: PaypalTransaction[] }>(
        'GET',
        `/v1/billing/subscriptions/${encodeURIComponent(id)}/transactions?start_time=${encodeURIComponent(from.toISOString())}&end_time=${encodeURIComponent(to.toISOString())}`,
      ),

    /** Refunds a captured payment, in full unless `cents` is given. */
    refundCapture: (captureId: string, p: { cents?: number; requestId: string }) =>
      call<{ id: string; status: string; amount?: Money }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        p.cents === undefined ? {} : { amount: toMoney(p.cents) },
        { requestId: p.requestId },
      ),

    /**
     * Asks PayPal whether a webhook delivery is genuine. The event goes back as the exact bytes
     * received: PayPal checks its signature over them, and re-serialised JSON may differ.
     */
    async verifyWebhook(headers: WebhookHeaders, rawBody: string): Promise<boolean> {
      if (!s.webhookId) return false;
      const envelope = JSON.stringify({
        auth_algo: headers.authAlgo,
        cert_url: headers.certUrl,
        transmission_id: headers.transmissionId,
        transmission_sig: headers.transmissionSig,
        transmission_time: headers.transmissionTime,
        webhook_id: s.webhookId,
      });
      const body = `${envelope.slice(0, -1)},"webhook_event":${rawBody}}`;
      const res = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', body);
      return res.verification_status === 'SUCCESS';
    },
  };
}
export type PaypalClient = ReturnType<typeof paypalClient>;
