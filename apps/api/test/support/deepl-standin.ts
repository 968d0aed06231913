import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received. */
export interface DeeplCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: any;
}

/**
 * A local stand-in of DeepL's API (v2/translate, v2/languages): every call kept; a translation
 * answers each text as "[ES] <text>" (markup left as it came, as DeepL's tag handling does);
 * `failNext` answers the next requests with these statuses (a 429 with Retry-After: 0).
 */
export async function startDeeplStandin() {
  const calls: DeeplCall[] = [];
  const failures: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const raw = Buffer.concat(chunks).toString('utf8');
      const call: DeeplCall = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
      calls.push(call);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const failure = failures.shift();
      if (failure) return send(failure, { message: 'scripted' }, failure === 429 ? { 'Retry-After': '0' } : {});
      if (req.headers.authorization !== 'DeepL-Auth-Key test-key') return send(403, { message: 'Wrong key' });
      if (call.method === 'GET' && call.path === '/v2/languages') {
        const list = call.query.type === 'target' ? ['ES', 'EN-GB', 'EN-US', 'PT-BR', 'DE'] : ['EN', 'DE', 'ES'];
        return send(200, list.map((language) => ({ language, name: language })));
      }
      if (call.method === 'POST' && call.path === '/v2/translate') {
        return send(200, { translations: call.body.text.map((t: string) => ({ detected_source_language: call.body.source_lang, text: `[${call.body.target_lang}] ${t}` })) });
      }
      send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    failNext: (...statuses: number[]) => failures.push(...statuses),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
