import type { IncomingMessage, ServerResponse } from 'node:http';

/** Stripe's wire as the stand-in (stripe-standin.ts) plays it: form encoding, errors, test cards, time. */

export type Obj = Record<string, any>;

export const DECLINED_ON_ATTACH = '4000000000000002';
export const DECLINED_ON_CHARGE = '4000000000000341';

export class StripeError extends Error {
  readonly status: number;
  readonly body: Obj;
  constructor(status: number, body: Obj) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}
export const cardError = (code: string, message: string, decline_code?: string) =>
  new StripeError(402, { type: 'card_error', code, message, ...(decline_code && { decline_code }), param: code === 'incorrect_number' ? 'card[number]' : undefined });
export const missing = (what: string, id: string) => new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' });
export const invalid = (message: string, param?: string) => new StripeError(400, { type: 'invalid_request_error', message, param });

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = out;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

export const luhn = (n: string) =>
  [...n].reverse().reduce((sum, c, i) => {
    let d = Number(c);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    return sum + d;
  }, 0) %
    10 ===
  0;
export const brandOf = (n: string) => (n.startsWith('4') ? 'visa' : /^5[1-5]/.test(n) ? 'mastercard' : /^3[47]/.test(n) ? 'amex' : 'unknown');
export const now = () => Math.floor(Date.now() / 1000);
export function addInterval(t: number, interval: 'month' | 'year', times = 1): number {
  const d = new Date(t * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + times);
  else d.setUTCFullYear(d.getUTCFullYear() + times);
  return Math.floor(d.getTime() / 1000);
}

export interface Delivery {
  type: string;
  status: number;
  body: string;
}

/** Answers one request as Stripe does: the key checked, the form parameters parsed, errors in Stripe's shape. */
export function stripeHandler(o: {
  secretKey: string;
  publishableKey: string;
  requestId: () => string;
  requests: { method: string; path: string; params: Obj }[];
  route: (method: string, path: string, params: Obj) => Obj | Promise<Obj>;
}) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://standin');
    const params = req.method === 'GET' || req.method === 'DELETE' ? parseForm(url.searchParams.toString()) : parseForm(Buffer.concat(chunks).toString('utf8'));
    o.requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
    const answer = (status: number, body: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': o.requestId() });
      res.end(JSON.stringify(body));
    };
    // The publishable key (Stripe.js in the browser) may only create PaymentMethods.
    const publishable = req.headers.authorization === `Bearer ${o.publishableKey}` && req.method === 'POST' && url.pathname === '/v1/payment_methods';
    if (req.headers.authorization !== `Bearer ${o.secretKey}` && !publishable) {
      answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    try {
      answer(200, await o.route(req.method ?? 'GET', url.pathname, params));
    } catch (err) {
      if (err instanceof StripeError) answer(err.status, { error: err.body });
      else answer(500, { error: { type: 'api_error', message: String(err) } });
    }
  };
}
