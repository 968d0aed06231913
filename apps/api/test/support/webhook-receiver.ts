import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A local HTTP server standing in for a customer's webhook receiver. Each path answers with the
 * statuses queued for it (`answers`), then with its last one (default 204); every request is kept.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const queue = answers.get(path) ?? [204];
      const status = queue.length > 1 ? (queue.shift() as number) : queue[0];
      if (status >= 300 && status < 400) res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
      res.statusCode = status;
      res.end(status >= 400 ? 'no' : '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    /** Statuses `path` answers in turn; the last one repeats. */
    answer(path: string, ...statuses: number[]) {
      answers.set(path, statuses);
    },
    at: (path: string) => received.filter((r) => r.path === path),
    async waitFor(path: string, count = 1, timeoutMs = 30_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.filter((r) => r.path === path).length < count) {
        if (Date.now() > deadline) throw new Error(`${path}: ${received.filter((r) => r.path === path).length} of ${count} requests arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received.filter((r) => r.path === path);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Standard Webhooks verification, written from the specification (not from the server's code):
 * the signed content is `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 keyed with the
 * base64-decoded secret after `whsec_`; the header holds space-separated `v1,<base64>` signatures,
 * any of which may match; the timestamp must be within 5 minutes.
 */
export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.some((s) => {
    const [version, value] = s.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
