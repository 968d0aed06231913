import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { lockSandboxSubscription, payerRows, sandboxObjectRows, sandboxSubscriptionWith, saveSandboxObject } from './paypal-sandbox.queries.ts';
import type { BillingCycle, PaypalClient, PaypalSubscription, PaypalSubscriptionStatus, PaypalTransaction } from './paypal-client.ts';
import { PaypalError, toMoney } from './paypal-client.ts';

/** Where the sandbox's approval page lives (served by our API, in place of PayPal's). */
export const SANDBOX_APPROVAL_PATH = '/api/payment/sandbox/paypal/checkout';
export const SANDBOX_APPROVE_PATH = '/api/payment/sandbox/paypal/approve';

interface SandboxPlan {
  cycles: BillingCycle[];
  name: string;
}

interface SandboxSubscription {
  status: PaypalSubscriptionStatus;
  plan_id: string;
  custom_id: string;
  first_cycle_cents: number | null;
  return_url: string;
  cancel_url: string;
  subscriber?: PaypalSubscription['subscriber'];
  cycles: number;
  next_billing_time?: string;
  transactions: (PaypalTransaction & { refunded?: boolean })[];
}

/** A sandbox checkout id as the approval page receives it from a browser; anything else is no checkout of ours. */
const CHECKOUT_ID = /^SANDBOX-I-[A-Z0-9]{16}$/;

const sandboxId = (prefix: string) => `SANDBOX-${prefix}-${crypto.randomUUID().replaceAll('-', '').slice(0, 16).toUpperCase()}`;
const centsOf = (value: string) => Math.round(Number(value) * 100);

/**
 * PayPal without PAYPAL_CLIENT_ID / PAYPAL_SECRET: the same client interface as PayPal's REST API,
 * kept in PostgreSQL (paypal_sandbox_objects), so the PayPal checkout runs the very code it runs
 * against PayPal under a plain `npm start`. Its approval link opens a page of our API, marked as a
 * sandbox, whose button approves as a payer's click at PayPal does; activation takes the first
 * cycle's price as a sandbox capture. Nothing is charged; renewals and webhooks never come (as with
 * the card sandbox), and the ids start with SANDBOX- so no dashboard link is made for them.
 */
export function sandboxPaypal(d: { orm: Orm; publicUrl: string }) {
  const sqlNow = (): Sql => sqlOf(d.orm.em.fork());

  async function load<T>(kind: string, id: string, sql: Sql = sqlNow()): Promise<T | null> {
    const [row] = await sandboxObjectRows<T>(sql, id, kind);
    return row?.data ?? null;
  }
  const save = (sql: Sql, id: string, kind: string, data: unknown) => saveSandboxObject(sql, id, kind, JSON.stringify(data));

  /** Changes one subscription under a row lock; answers the changed subscription, or null when there is none. */
  function change(id: string, fn: (s: SandboxSubscription) => void | Promise<void>): Promise<SandboxSubscription | null> {
    return d.orm.em.fork().transactional(async (em) => {
      const sql = sqlOf(em);
      const [row] = await lockSandboxSubscription<SandboxSubscription>(sql, id);
      if (!row) return null;
      await fn(row.data);
      await save(sql, id, 'subscription', row.data);
      return row.data;
    });
  }

  async function subscription(id: string): Promise<SandboxSubscription> {
    const s = await load<SandboxSubscription>('subscription', id);
    if (!s) throw new PaypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `PayPal sandbox: no subscription ${id}`);
    return s;
  }

  async function planOf(s: SandboxSubscription): Promise<SandboxPlan> {
    return (await load<SandboxPlan>('plan', s.plan_id)) ?? { cycles: [], name: 'Reelbase' };
  }

  /** What the next cycle costs: the promo's first-cycle price, then the plan's. */
  async function nextPriceCents(s: SandboxSubscription): Promise<number> {
    if (s.cycles === 0 && s.first_cycle_cents !== null) return s.first_cycle_cents;
    const cycles = (await planOf(s)).cycles;
    const cycle = cycles.at(Math.min(s.cycles, cycles.length - 1));
    return cycle ? centsOf(cycle.pricing_scheme.fixed_price.value) : 0;
  }

  const view = (id: string, s: SandboxSubscription): PaypalSubscription => ({
    id,
    status: s.status,
    plan_id: s.plan_id,
    custom_id: s.custom_id,
    subscriber: s.subscriber,
    billing_info: { ...(s.status === 'ACTIVE' && s.next_billing_time && { next_billing_time: s.next_billing_time }), failed_payments_count: 0 },
    links: s.status === 'APPROVAL_PENDING' ? [{ href: `${d.publicUrl}${SANDBOX_APPROVAL_PATH}?token=${encodeURIComponent(id)}`, rel: 'approve', method: 'GET' }] : [],
  });

  const addInterval = (from: Date, cycles: BillingCycle[]) => {
    const next = new Date(from);
    if (cycles[0]?.frequency.interval_unit === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + 1);
    else next.setUTCMonth(next.getUTCMonth() + 1);
    return next;
  };

  const client: PaypalClient = {
    accessToken: async () => 'sandbox',
    createProduct: async () => ({ id: sandboxId('PROD') }),
    async createPlan(p) {
      const id = sandboxId('P');
      await save(sqlNow(), id, 'plan', { cycles: p.cycles, name: p.name } satisfies SandboxPlan);
      return { id, status: 'ACTIVE' };
    },
    async createSubscription(p) {
      const id = sandboxId('I');
      const s: SandboxSubscription = {
        status: 'APPROVAL_PENDING',
        plan_id: p.planId,
        custom_id: p.customId,
        first_cycle_cents: p.firstCycleCents ?? null,
        return_url: p.returnUrl,
        cancel_url: p.cancelUrl,
        cycles: 0,
        transactions: [],
      };
      await save(sqlNow(), id, 'subscription', s);
      return view(id, s);
    },
    getSubscription: async (id) => view(id, await subscription(id)),
    async activateSubscription(id) {
      await change(id, async (s) => {
        // The first activation takes the first cycle's payment, as PayPal does; a later one resumes a suspension.
        if (s.status === 'APPROVED') {
          const now = new Date();
          const cents = await nextPriceCents(s);
          s.transactions.push({ id: sandboxId('CAP'), status: 'COMPLETED', amount_with_breakdown: { gross_amount: toMoney(cents) }, time: now.toISOString() });
          s.cycles += 1;
          s.next_billing_time = addInterval(now, (await planOf(s)).cycles).toISOString();
        }
        if (s.status === 'APPROVED' || s.status === 'SUSPENDED') s.status = 'ACTIVE';
      });
      return {};
    },
    async reviseSubscription(id, p) {
      await change(id, (s) => {
        s.plan_id = p.planId;
      });
      return { plan_id: p.planId, links: [] };
    },
    async suspendSubscription(id) {
      await change(id, (s) => {
        if (s.status === 'ACTIVE') s.status = 'SUSPENDED';
      });
      return {};
    },
    async cancelSubscription(id) {
      await change(id, (s) => {
        s.status = 'CANCELLED';
      });
      return {};
    },
    async listTransactions(id, from, to) {
      const s = await subscription(id);
      return { transactions: s.transactions.filter((t) => t.time >= from.toISOString() && t.time <= to.toISOString()) };
    },
    async refundCapture(captureId, p) {
      const [row] = await sandboxSubscriptionWith(sqlNow(), JSON.stringify([{ id: captureId }]));
      let cents = p.cents ?? 0;
      if (row)
        await change(row.id, (s) => {
          const t = s.transactions.find((x) => x.id === captureId);
          if (!t) return;
          t.refunded = true;
          if (p.cents === undefined) cents = centsOf(t.amount_with_breakdown.gross_amount.value);
        });
      return { id: sandboxId('RE'), status: 'COMPLETED', amount: toMoney(cents) };
    },
    // No webhooks come from the sandbox, so none is genuine.
    verifyWebhook: async () => false,
  };

  return {
    client,

    /** The approval page of a waiting checkout (HTML), or null when there is none. */
    async approvalPage(id: string): Promise<string | null> {
      if (!CHECKOUT_ID.test(id)) return null;
      const s = await load<SandboxSubscription>('subscription', id);
      if (s?.status !== 'APPROVAL_PENDING') return null;
      const plan = await planOf(s);
      const price = (await nextPriceCents(s)) / 100;
      return approvalHtml({ id, planName: plan.name, price: price.toFixed(2), cancelUrl: s.cancel_url });
    },

    /**
     * The payer's approval: the checkout becomes APPROVED, with the account's owner as the payer;
     * answers where the browser goes next (the checkout's return URL), or null for no such checkout.
     */
    async approve(id: string): Promise<string | null> {
      if (!CHECKOUT_ID.test(id)) return null;
      const approved = await change(id, async (s) => {
        if (s.status !== 'APPROVAL_PENDING') return;
        const [owner] = await payerRows(sqlNow(), s.custom_id);
        s.status = 'APPROVED';
        s.subscriber = {
          name: { given_name: owner?.first_name ?? 'Sandbox', surname: owner?.last_name ?? 'Payer' },
          email_address: owner?.email ?? 'payer@sandbox.invalid',
          payer_id: sandboxId('PAYER'),
        };
      });
      if (!approved) return null;
      const back = new URL(approved.return_url);
      back.searchParams.set('subscription_id', id);
      return back.toString();
    },
  };
}
export type SandboxPaypal = ReturnType<typeof sandboxPaypal>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sandbox's approval page: plainly not PayPal, one button that approves, one link back. */
function approvalHtml(p: { id: string; planName: string; price: string; cancelUrl: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox — not PayPal</title>
</head>
<body>
<main>
<h1>Sandbox — not PayPal</h1>
<p role="note"><strong>This page stands in for PayPal's approval page</strong> because this Reelbase server has no PayPal credentials (PAYPAL_CLIENT_ID and PAYPAL_SECRET are not set). Approving charges nothing and no money moves.</p>
<p>${escapeHtml(p.planName)}: $${escapeHtml(p.price)} now, then renewing until canceled.</p>
<form method="post" action="${SANDBOX_APPROVE_PATH}">
<input type="hidden" name="token" value="${escapeHtml(p.id)}">
<button type="submit">Approve (sandbox)</button>
</form>
<p><a href="${escapeHtml(p.cancelUrl)}">Cancel and return to Reelbase</a></p>
</main>
</body>
</html>`;
}
