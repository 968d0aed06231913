import { openAsBlob } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { type Env, loadConfig } from '../../src/config.ts';
import type { CoreHooks } from '../../src/core.ts';
import { freePort } from '../../src/db/embedded-postgres.ts';
import { User } from '../../src/modules/users/user.entity.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { CARD } from './card.ts';
import { cloneTemplate } from './template-database.ts';
import { UNLIMITED } from './unlimited.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  databaseUrl: string;
  /** JSON request to the server over its real socket. */
  api<T = any>(method: string, path: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: T; headers: Headers }>;
  /**
   * The newest mail in the outbox sent to `to` (of `template` when given), and the first link in
   * it. Without a template, the mails of payment events are passed over: they come from the mail
   * outbox after their change commits, so they may land after the mail a test waits for.
   */
  lastMail(to: string, template?: string): Promise<{ text: string; link: string | undefined }>;
  /** Multipart upload of a local file to POST /api/videos. */
  upload(token: string, file: string, opts?: { name?: string; type?: string; filename?: string; folderId?: string }): Promise<{ status: number; body: any }>;
  /** Polls GET /api/videos/{id} until `until` holds. */
  waitForVideo(token: string, id: string, until: (v: any) => boolean, timeoutMs?: number): Promise<any>;
  stop(): Promise<void>;
}

const PAYMENT_EVENT_MAILS = ['payment-receipt', 'refund-receipt', 'payment-method-changed', 'plan-changed', 'subscription-canceled', 'renewal-failed'];

/** A fresh database in the shared cluster, so test files never see each other's rows. */
export async function freshDatabase(): Promise<string> {
  const base = inject('databaseUrl');
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database already migrated (a clone of the run's template), so a server starting on it has nothing to migrate. */
export function migratedDatabase(): Promise<string> {
  return cloneTemplate(inject('databaseUrl'), inject('templateDatabase'));
}

/** The servers started and not yet stopped in this worker (workers run many files: isolate: false). */
const running = new Set<{ stop(): Promise<void> }>();

/** Stops the servers a test file left running, so they do not work on through the worker's next files; answers how many. */
export async function stopLeftoverServers(): Promise<number> {
  const left = [...running];
  await Promise.all(left.map((s) => s.stop()));
  return left.length;
}

/** A server on a fresh migrated database, or on `opts.databaseUrl` to share one with another server. */
export async function startTestServer(env: Env = {}, hooks: CoreHooks = {}, opts: { databaseUrl?: string } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'reelbase-test-'));
  // A known port up front, so the URLs the API hands out (PUBLIC_URL) reach this server.
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'admin-password',
    LOG_LEVEL: 'silent',
    ...UNLIMITED,
    ...env,
  } as Record<string, string>);
  const databaseUrl = opts.databaseUrl ?? (await migratedDatabase());
  const server = await startServer(config, pino({ level: process.env.DEBUG_LOG ? 'warn' : 'silent' }), databaseUrl, { inlineWorker: true, hooks });

  const api: TestServer['api'] = async (method, path, opts = {}) => {
      const res = await fetch(server.url + path, {
        method,
        headers: {
          ...(opts.body !== undefined && { 'content-type': 'application/json' }),
          ...(opts.token && { authorization: `Bearer ${opts.token}` }),
          ...opts.headers,
        },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {}
      return { status: res.status, body, headers: res.headers };
  };

  const handle: TestServer = {
    ...server,
    dataDir,
    databaseUrl,
    api,
    async upload(token, file, opts = {}) {
      const form = new FormData();
      form.append('name', opts.name ?? 'My clip');
      if (opts.folderId) form.append('folderId', opts.folderId);
      form.append('video', await openAsBlob(file, { type: opts.type ?? 'video/mp4' }), opts.filename ?? 'clip.mp4');
      const res = await fetch(`${server.url}/api/videos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      return { status: res.status, body: await res.json() };
    },
    async waitForVideo(token, id, until, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await api('GET', `/api/videos/${id}`, { token });
        if (res.status === 200 && until(res.body)) return res.body;
        if (Date.now() > deadline) throw new Error(`video ${id} did not get there in time: ${JSON.stringify(res.body)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async lastMail(to, template) {
      const dir = join(dataDir, 'outbox');
      const files = (await readdir(dir).catch(() => [])).sort().reverse();
      for (const f of files) {
        const raw = await readFile(join(dir, f), 'utf8');
        const kind = raw.match(/^X-Reelbase-Template: (\S+)/m)?.[1];
        if (template ? kind !== template : kind && PAYMENT_EVENT_MAILS.includes(kind)) continue;
        if (raw.includes(`To: ${to}`)) {
          // Quoted-printable may fold long lines; unfold before looking for the link.
          const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          return { text, link: text.match(/https?:\/\/\S+/)?.[0] };
        }
      }
      throw new Error(`no mail to ${to}`);
    },
    async stop() {
      running.delete(handle);
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  running.add(handle);
  return handle;
}

/** Registers a user with a card and signs in; returns the login answer. */
export async function signUpAndLogin(s: TestServer, email = `u${crypto.randomUUID().slice(0, 8)}@example.com`, password = 'secret123') {
  const reg = await s.api('POST', '/api/users', {
    body: { firstName: 'Ada', lastName: 'Lovelace', email, password, paymentMethod: { type: 'card', cardInfo: CARD } },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const login = await s.api('POST', '/api/auth/login', { body: { email, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: reg.body.id as string, email, password, ...(login.body as { accessToken: string; refreshToken: string; isAdmin: boolean }) };
}

export type SignedIn = Awaited<ReturnType<typeof signUpAndLogin>>;

/** A server with the owner of the videos under test and another user (whose calls must get 404s). */
export async function startWithOwnerAndOther(): Promise<{ s: TestServer; owner: SignedIn; other: SignedIn }> {
  const s = await startTestServer();
  return { s, owner: await signUpAndLogin(s), other: await signUpAndLogin(s) };
}

/** Turns one feature flag of a user off (the others on), as an admin would. */
export async function withFeatureOff(s: TestServer, userId: string, flag: string) {
  const features = { setVideoImage: true, videoTrimmer: true, uploadPlayerLogo: true, createGif: true, addWatermark: true, [flag]: false };
  await s.services.orm.em.fork().nativeUpdate(User, { id: userId }, { features });
}
