import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createGuardedFetch, type GuardedFetch, type GuardedFetchOptions } from '../../src/imports/guarded-fetch.ts';
import { ImportRefusedError } from '../../src/imports/import-error.ts';
import { type LocalServer, redirect, send, startServer } from './local-server.ts';

let server: LocalServer;
const fetchers: GuardedFetch[] = [];

function guard(options: Partial<GuardedFetchOptions> = {}) {
  const f = createGuardedFetch({ allowedHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5_000, maxRedirects: 3, ...options });
  fetchers.push(f);
  return f;
}

const refusal = (code: string, message?: string) =>
  expect.objectContaining({ name: 'ImportRefusedError', code, status: 422, ...(message && { message }) });

beforeAll(async () => {
  server = await startServer({
    '/hello': send('hello'),
    '/to-mapped': (req, res) => redirect(`http://[::ffff:127.0.0.1]:${server.port}/hello`)(req, res),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-localhost': (req, res) => redirect(`http://localhost:${server.port}/hello`)(req, res),
    '/to-file': redirect('file:///etc/passwd'),
    '/relative': redirect('/hello', 301),
    '/loop': redirect('/loop'),
    '/echo-auth': (req, res) => send(req.headers.authorization ?? 'none')(req, res),
    '/to-other-origin': (req, res) => redirect(`http://media.test:${server.port}/echo-auth`)(req, res),
    '/big': send(Buffer.alloc(4096)),
    '/big-chunked': (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(512));
      res.end();
    },
    '/stall': (_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write('x');
    },
  });
});
afterEach(() => {
  for (const f of fetchers.splice(0)) f.close();
});
afterAll(() => server.close());

test('a loopback address is refused unless it is an allowed host', async () => {
  await expect(guard({ allowedHosts: [] })(server.url('/hello'))).rejects.toEqual(refusal('address', 'This address is not allowed for imports.'));
  expect(server.hits).not.toContain('/hello');
  const res = await guard()(server.url('/hello'));
  expect(res.status).toBe(200);
  expect(await res.text()).toBe('hello');
});

test('localhost is refused: it names this machine', async () => {
  await expect(guard()(`http://localhost:${server.port}/hello`)).rejects.toEqual(refusal('address'));
  await expect(guard()(`http://LOCALHOST.:${server.port}/hello`)).rejects.toEqual(refusal('address'));
});

test('only http and https are fetched', async () => {
  for (const url of ['file:///etc/passwd', 'ftp://example.com/a.mp4', 'data:text/plain,hi', 'gopher://example.com/', 'not a url']) {
    await expect(guard()(url), url).rejects.toBeInstanceOf(ImportRefusedError);
  }
  await expect(guard()('ftp://example.com/a.mp4')).rejects.toEqual(refusal('invalid-url', 'Only http:// and https:// addresses can be imported.'));
});

test('a redirect to an IPv4-mapped IPv6 loopback is refused', async () => {
  server.hits.length = 0;
  await expect(guard()(server.url('/to-mapped'))).rejects.toEqual(refusal('address'));
  expect(server.hits).toEqual(['/to-mapped']);
});

test('a redirect to the metadata address, to localhost or to a file is refused', async () => {
  await expect(guard()(server.url('/to-metadata'))).rejects.toEqual(refusal('address'));
  await expect(guard()(server.url('/to-localhost'))).rejects.toEqual(refusal('address'));
  await expect(guard()(server.url('/to-file'))).rejects.toEqual(refusal('invalid-url'));
});

test('allowed redirects are followed and the final address is reported', async () => {
  const res = await guard()(server.url('/relative'));
  expect(res.url).toBe(server.url('/hello'));
  expect(await res.text()).toBe('hello');
  await expect(guard()(server.url('/loop'))).rejects.toEqual(refusal('redirects', 'The address redirected too many times.'));
});

test('every address of a name is checked: one private address refuses it', async () => {
  const resolveAll = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ];
  await expect(guard({ resolveAll })('http://video.example/clip.mp4')).rejects.toEqual(refusal('address'));
  const v6 = async () => [{ address: 'fd00::1', family: 6 }];
  await expect(guard({ resolveAll: v6 })('http://video.example/clip.mp4')).rejects.toEqual(refusal('address'));
});

test('the connection goes to the address that was checked, looked up once', async () => {
  const lookups: string[] = [];
  const resolveAll = async (host: string) => {
    lookups.push(host);
    return [{ address: '127.0.0.1', family: 4 }];
  };
  // media.test exists in no DNS: the request can only reach the server through the pinned address.
  const res = await guard({ allowedHosts: ['media.test'], resolveAll })(`http://media.test:${server.port}/hello`);
  expect(await res.text()).toBe('hello');
  expect(lookups).toEqual(['media.test']);
});

test('credentials are not carried to another origin by a redirect', async () => {
  const resolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
  const f = guard({ allowedHosts: ['127.0.0.1', 'media.test'], resolveAll });
  expect(await (await f(server.url('/echo-auth'), { headers: { Authorization: 'Bearer x' } })).text()).toBe('Bearer x');
  expect(await (await f(server.url('/to-other-origin'), { headers: { Authorization: 'Bearer x' } })).text()).toBe('none');
});

test('a body over the byte limit is refused, by its length or as it streams', async () => {
  await expect(guard({ maxBytes: 1000 })(server.url('/big'))).rejects.toEqual(refusal('too-large'));
  const res = await guard({ maxBytes: 1000 })(server.url('/big-chunked'));
  expect(res.status).toBe(200);
  await expect(res.arrayBuffer()).rejects.toEqual(refusal('too-large', 'The file is larger than the import limit of 1000 bytes.'));
  // A HEAD request carries no body: its length is for the caller to judge.
  const head = await guard({ maxBytes: 1000 })(server.url('/big'), { method: 'HEAD' });
  expect(head.headers.get('content-length')).toBe('4096');
});

test('the time limit covers the body', async () => {
  const res = await guard({ timeoutMs: 300 })(server.url('/stall'));
  await expect(res.arrayBuffer()).rejects.toEqual(refusal('timeout', 'The import took too long and was stopped.'));
});

test('check() vets an address without requesting it', async () => {
  server.hits.length = 0;
  await expect(guard().check(server.url('/hello'))).resolves.toBeInstanceOf(URL);
  await expect(guard().check('http://169.254.169.254/')).rejects.toEqual(refusal('address'));
  await expect(guard().check('http://metadata.google.internal/')).rejects.toEqual(refusal('address'));
  expect(server.hits).toEqual([]);
});
