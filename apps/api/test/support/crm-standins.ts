import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a stand-in received. */
export interface CrmCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: any;
}

interface Standin {
  url: string;
  calls: CrmCall[];
  /** The next requests (matching `method path-prefix`, or any) answer these statuses before being looked at. */
  failNext(statuses: number[], match?: string): void;
  close(): Promise<void>;
}

/** A small HTTP server: JSON in, JSON out, every call kept, scripted failures first. */
async function standin(handle: (call: CrmCall, res: ServerResponse) => void, errorBody: (status: number) => unknown): Promise<Standin> {
  const calls: CrmCall[] = [];
  const failures: { status: number; match?: string }[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {}
      const call: CrmCall = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body };
      calls.push(call);
      const i = failures.findIndex((f) => !f.match || `${call.method} ${call.path}`.startsWith(f.match));
      if (i >= 0) {
        const [f] = failures.splice(i, 1);
        return json(res, f.status, errorBody(f.status));
      }
      handle(call, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNext(statuses, match) {
      failures.push(...statuses.map((status) => ({ status, match })));
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function json(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

export interface HubspotContact {
  id: string;
  properties: Record<string, string>;
}

/**
 * A local stand-in for the part of HubSpot's CRM API v3 Reelbase calls, with a private app's
 * bearer token: contacts (list page, read by id or by email with idProperty=email, create, update)
 * and notes (create, with associations). Answers and errors are shaped as HubSpot's.
 */
export async function startHubspotStandin(token = `pat-na1-${crypto.randomUUID()}`) {
  const contacts = new Map<string, HubspotContact>();
  const notes: { id: string; properties: Record<string, string>; associations: { to: { id: string }; types: { associationCategory: string; associationTypeId: number }[] }[] }[] = [];
  let seq = 1000;
  /** Emails another writer creates between a push's lookup and its create (the race HubSpot answers with 409). */
  const racing = new Set<string>();
  const now = () => new Date().toISOString();
  const object = (c: { id: string; properties: Record<string, string> }) => ({ id: c.id, properties: c.properties, createdAt: now(), updatedAt: now(), archived: false });
  const error = (status: number) => ({
    status: 'error',
    message: status === 401 ? 'Authentication credentials not found.' : status === 404 ? 'resource not found' : status === 429 ? 'You have reached your secondly limit.' : 'internal error',
    correlationId: crypto.randomUUID(),
    category: status === 401 ? 'INVALID_AUTHENTICATION' : status === 404 ? 'OBJECT_NOT_FOUND' : status === 429 ? 'RATE_LIMITS' : 'INTERNAL_ERROR',
  });
  const s = await standin((call, res) => {
    if (call.headers.authorization !== `Bearer ${token}`) return json(res, 401, error(401));
    const byEmail = (email: string) => [...contacts.values()].find((c) => c.properties.email === email.toLowerCase());
    if (call.method === 'GET' && call.path === '/crm/v3/objects/contacts') return json(res, 200, { results: [...contacts.values()].slice(0, Number(call.query.limit ?? 10)).map(object) });
    const one = call.path.match(/^\/crm\/v3\/objects\/contacts\/([^/]+)$/);
    if (one && call.method === 'GET') {
      const key = decodeURIComponent(one[1]);
      const c = call.query.idProperty === 'email' ? byEmail(key) : contacts.get(key);
      return c ? json(res, 200, object(c)) : json(res, 404, error(404));
    }
    if (one && call.method === 'PATCH') {
      const c = contacts.get(decodeURIComponent(one[1]));
      if (!c) return json(res, 404, error(404));
      Object.assign(c.properties, call.body.properties);
      return json(res, 200, object(c));
    }
    if (call.method === 'POST' && call.path === '/crm/v3/objects/contacts') {
      const email = String(call.body?.properties?.email ?? '').toLowerCase();
      if (racing.delete(email)) contacts.set(String(++seq), { id: String(seq), properties: { email } });
      if (byEmail(email)) return json(res, 409, { status: 'error', message: 'Contact already exists.', category: 'CONFLICT' });
      const c = { id: String(++seq), properties: { ...call.body.properties, email } };
      contacts.set(c.id, c);
      return json(res, 201, object(c));
    }
    if (call.method === 'POST' && call.path === '/crm/v3/objects/notes') {
      const bad = (call.body.associations ?? []).some((a: { to: { id: string } }) => !contacts.has(a.to.id));
      if (bad) return json(res, 400, { status: 'error', message: 'One or more associations are invalid.', category: 'VALIDATION_ERROR' });
      const n = { id: String(++seq), properties: call.body.properties, associations: call.body.associations };
      notes.push(n);
      return json(res, 201, object(n));
    }
    json(res, 404, error(404));
  }, error);
  return { ...s, token, contacts, notes, createdMeanwhile: (email: string) => racing.add(email.toLowerCase()), env: { HUBSPOT_API_BASE: s.url } };
}

export const md5 = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

/**
 * A local stand-in for the part of Mailchimp's Marketing API 3.0 Reelbase calls, with HTTP Basic
 * auth (any user name, the API key as password): ping, one audience, members put by subscriber
 * hash, and member tags. Answers and errors are shaped as Mailchimp's (problem details).
 */
export async function startMailchimpStandin(o: { apiKey?: string; audienceId?: string; audienceName?: string } = {}) {
  const apiKey = o.apiKey ?? `${crypto.randomUUID().replaceAll('-', '')}-us21`;
  const audienceId = o.audienceId ?? 'a1b2c3d4e5';
  const members = new Map<string, { email_address: string; status: string; merge_fields: Record<string, string>; tags: string[] }>();
  const title: Record<number, string> = { 400: 'Invalid Resource', 401: 'API Key Invalid', 404: 'Resource Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error' };
  const error = (status: number) => ({ type: 'https://mailchimp.com/developer/marketing/docs/errors/', title: title[status] ?? 'Error', status, detail: `${title[status] ?? 'Error'} (stand-in)`, instance: crypto.randomUUID() });
  const s = await standin((call, res) => {
    const auth = call.headers.authorization ?? '';
    const password = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':') : '';
    if (password !== apiKey) return json(res, 401, error(401));
    if (call.method === 'GET' && call.path === '/3.0/ping') return json(res, 200, { health_status: "Everything's Chimpy!" });
    const list = call.path.match(/^\/3\.0\/lists\/([^/]+)(\/members\/([^/]+)(\/tags)?)?$/);
    if (!list || list[1] !== audienceId) return json(res, 404, error(404));
    if (call.method === 'GET' && !list[2]) return json(res, 200, { id: audienceId, name: o.audienceName ?? 'Prospects', stats: { member_count: members.size } });
    const hash = list[3];
    if (call.method === 'PUT' && hash && !list[4]) {
      const email = String(call.body?.email_address ?? '');
      if (md5(email) !== hash) return json(res, 400, { ...error(400), detail: 'The subscriber hash does not match the email address.' });
      const before = members.get(hash);
      const m = {
        email_address: email,
        status: before?.status ?? call.body.status_if_new,
        merge_fields: { ...before?.merge_fields, ...call.body.merge_fields },
        tags: before?.tags ?? [],
      };
      members.set(hash, m);
      return json(res, 200, { id: hash, ...m, tags: m.tags.map((name) => ({ name })), list_id: audienceId });
    }
    if (call.method === 'POST' && hash && list[4]) {
      const m = members.get(hash);
      if (!m) return json(res, 404, error(404));
      for (const t of call.body.tags as { name: string; status: string }[]) {
        if (t.status === 'active' && !m.tags.includes(t.name)) m.tags.push(t.name);
        if (t.status === 'inactive') m.tags = m.tags.filter((x) => x !== t.name);
      }
      return json(res, 204);
    }
    json(res, 404, error(404));
  }, error);
  // The API reaches `<base>/3.0/...` (the real base is https://<dc>.api.mailchimp.com/3.0).
  return { ...s, apiKey, audienceId, members, env: { MAILCHIMP_API_BASE: `${s.url}/3.0` } };
}
