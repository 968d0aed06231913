import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { makeClip } from './support/clips.ts';
import { type DnsStandin, startDnsStandin } from './support/dns-standin.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Debian's Caddy in front of the API as deploy/Caddyfile puts it (on-demand TLS whose `ask` is
 * /api/domains/allowed, everything proxied to the API), with its internal issuer instead of a
 * public one: a domain verified through the test's DNS server gets a certificate at its first
 * visit and serves the team's share page over HTTPS; a name nobody verified gets no certificate.
 */
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const HOST = 'videos.caddy-shop.example';

let s: TestServer;
let dns: DnsStandin;
let owner: SignedIn;
let video: { id: string };
let dir: string;
let caddy: ChildProcess | null = null;
let httpsPort: number;
let rootCa: string;

/** Starts Caddy and resolves once it serves its configuration (its log says so). */
function startCaddy(config: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(CADDY, ['run', '--config', config, '--adapter', 'caddyfile'], { env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') }, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('serving initial configuration')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`caddy exited (${code}):\n${log}`)));
  });
}

/** GET over HTTPS to Caddy on 127.0.0.1 for `servername` (SNI and Host), trusting only Caddy's local CA. */
function get(servername: string, path: string): Promise<{ status: number; body: string; cert: PeerCertificate }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: httpsPort, servername, path, headers: { host: servername }, ca: rootCa }, (res) => {
      const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cert }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  if (!existsSync(CADDY)) throw new Error(`Caddy is needed at ${CADDY}: node scripts/ensure-caddy.mjs installs it`);
  dns = await startDnsStandin();
  // As deployed: TRUST_PROXY on, so the API reads the host (and address) Caddy forwards.
  s = await startTestServer({ DNS_RESOLVER: dns.address, TRUST_PROXY: 'true' });
  owner = await signUpAndLogin(s);
  const clip = await makeClip({ codec: 'h264', width: 160, height: 90, seconds: 1, audio: false });
  const up = await s.upload(owner.accessToken, clip, { name: 'Caddy tour' });
  await s.api('PUT', `/api/videos/${up.body.id}/privacy`, { token: owner.accessToken, body: { visibility: 'public' } });
  video = await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isMainReady);

  // The team proves the name through DNS (the test's own server).
  const added = await s.api('POST', '/api/domains', { token: owner.accessToken, body: { domain: HOST } });
  dns.setTxt(added.body.record.name, added.body.record.value);
  const verified = await s.api('POST', `/api/domains/${added.body.id}/verify`, { token: owner.accessToken });
  expect(verified.body.status).toBe('verified');

  dir = await mkdtemp(join(tmpdir(), 'reelbase-caddy-'));
  httpsPort = await freePort();
  const api = new URL(s.url).host;
  const config = join(dir, 'Caddyfile');
  await writeFile(
    config,
    `{
	admin off
	http_port ${await freePort()}
	https_port ${httpsPort}
	local_certs
	skip_install_trust
	storage file_system ${join(dir, 'storage')}
	on_demand_tls {
		ask ${s.url}/api/domains/allowed
	}
}
https:// {
	tls {
		on_demand
	}
	reverse_proxy ${api}
}
`,
  );
  caddy = await startCaddy(config);
  rootCa = await readFile(join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt'), 'utf8');
}, 180_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy?.once('exit', r));
    caddy.kill('SIGTERM');
    await exited;
  }
  await s?.stop();
  await dns?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("a verified domain gets a certificate from Caddy's CA at its first visit and serves the team's share page over HTTPS", async () => {
  const page = await get(HOST, `/watch/${video.id}`);
  expect(page.status).toBe(200);
  expect(page.body).toContain(`data-video-id="${video.id}"`);
  expect(page.body).toContain('Caddy tour');
  // The name's own certificate, issued by Caddy's local authority (trusted above as the only CA).
  expect(page.cert.subjectaltname).toBe(`DNS:${HOST}`);
  expect(page.cert.issuer.CN).toMatch(/Caddy Local Authority/);
  // The guard sees the custom Host through Caddy: the web app is not there.
  expect((await get(HOST, '/')).status).toBe(404);
  expect((await get(HOST, '/api/videos')).status).toBe(404);
});

test('a name nobody verified gets no certificate: the TLS handshake fails and no page is served', async () => {
  await expect(get('unverified.caddy-shop.example', `/watch/${video.id}`)).rejects.toThrow(/alert|socket hang up|ECONNRESET|disconnected/i);
});

test('the shipped deploy/Caddyfile parses and asks /api/domains/allowed before an on-demand certificate', () => {
  const json = JSON.parse(execFileSync(CADDY, ['adapt', '--config', join(import.meta.dirname, '../../../deploy/Caddyfile'), '--adapter', 'caddyfile'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  const tls = json.apps.tls;
  expect(tls.automation.on_demand.ask).toBe('http://127.0.0.1:3000/api/domains/allowed');
  expect(tls.automation.policies.some((p: { on_demand?: boolean }) => p.on_demand)).toBe(true);
});
