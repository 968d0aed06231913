import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ADMIN } from './admin.ts';
import { MINUTES_CLIP_SECONDS } from './clips.ts';
import { startWebServer } from './web-server.ts';

const WEB_DIR = resolve(import.meta.dirname, '../..');
const API_DIR = resolve(WEB_DIR, '../api');

interface EmbeddedDatabase {
  url: string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

// The API's own helpers, loaded by path so this package does not typecheck the API's sources.
const apiDb = () =>
  import(join(API_DIR, 'src/db/embedded-postgres.ts')) as Promise<{ startEmbeddedPostgres(dir: string): Promise<EmbeddedDatabase>; freePort(): Promise<number> }>;
const freePort = async () => (await apiDb()).freePort();

async function waitHealthy(url: string, child: ChildProcess, log: string) {
  // A deadline only for a stack that never answers (one that exits fails at once): a loaded machine boots slowly.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}); see ${log}`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not become healthy; see ${log}`);
}

/** One API process (with its worker) on its own database, behind a web server on the same origin. */
/** Serves one file as video/mp4 on loopback: the source of the import test. */
async function startClipServer(file: string): Promise<{ url: string; server: Server }> {
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    if (req.url !== '/imported-clip.mp4') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': statSync(file).size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${port}/imported-clip.mp4`, server };
}

/** The stand-in Google and Facebook (authorization pages, keys, Graph API), shared with the API's tests. */
const oauthIssuer = async () =>
  ((await import(join(API_DIR, 'test/support/oauth-issuer.ts'))) as { startOAuthIssuer(): Promise<{ url: string; env: Record<string, string>; stop(): Promise<void> }> })
    .startOAuthIssuer();
type Standin = { url: string; close(): Promise<void> };
/** The API tests' stand-ins of Stripe and PayPal (their HTTP APIs, PayPal's approval page), loaded by path like the helpers above. */
const stripeStandin = async () =>
  ((await import(join(API_DIR, 'test/support/stripe-standin.ts'))) as { startStripeStandin(): Promise<Standin & { env: Record<string, string>; setWebhookUrl(url: string): void }> }).startStripeStandin();
const paypalStandin = async () =>
  ((await import(join(API_DIR, 'test/support/paypal-standin.ts'))) as { startPaypalStandin(): Promise<Standin & { env: Record<string, string> }> }).startPaypalStandin();

/** The API tests' HubSpot and Mailchimp stand-ins (issue 33), for the Settings CRM card. */
const crmStandins = async () =>
  (await import(join(API_DIR, 'test/support/crm-standins.ts'))) as {
    startHubspotStandin(): Promise<Standin & { env: Record<string, string>; token: string }>;
    startMailchimpStandin(o?: { audienceName?: string }): Promise<Standin & { env: Record<string, string>; apiKey: string; audienceId: string }>;
  };

/** The API tests' DNS server (dns2), answering custom-domain TXT questions from a file the specs write. */
const dnsStandin = async (recordsFile: string) =>
  ((await import(join(API_DIR, 'test/support/dns-standin.ts'))) as { startDnsStandin(o: { recordsFile: string }): Promise<{ address: string; close(): Promise<void> }> }).startDnsStandin({ recordsFile });

const testLimits = async () => ((await import(join(API_DIR, 'test/support/unlimited.ts'))) as { UNLIMITED: Record<string, string> }).UNLIMITED;

async function startStack(name: string, tmp: string, databaseUrl: string, env: Record<string, string>) {
  const apiPort = await freePort();
  const webPort = await freePort();
  const webUrl = `http://127.0.0.1:${webPort}`;
  const dataDir = join(tmp, `data-${name}`);
  await mkdir(dataDir, { recursive: true });
  const log = join(tmp, `api-${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(process.execPath, [join(API_DIR, 'src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: webUrl,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: `e2e-secret-${name}-e2e-secret-e2e-secret-0123`,
      LOG_LEVEL: 'warn',
      // Every spec signs up and signs in from 127.0.0.1.
      ...(await testLimits()),
      // Counts written and delivery answers re-read each second instead of every 5-10: the specs
      // wait for a play, a byte or a block to show (polling for the event), so it shows sooner.
      STATS_FLUSH_SECONDS: '1',
      BANDWIDTH_FLUSH_SECONDS: '1',
      DELIVERY_STATUS_CACHE_SECONDS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  await waitHealthy(apiUrl, child, log);
  const web = await startWebServer(join(WEB_DIR, 'dist'), apiUrl, webPort);
  return {
    webUrl,
    async stop() {
      await web.close();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(t);
      }
    },
  };
}

/** The short stack's token lifetimes (ACCESS_TOKEN_TTL_SECONDS, PLAYBACK_TOKEN_TTL_SECONDS). */
const SHORT_ACCESS_TTL_SECONDS = 15;
const SHORT_PLAYBACK_TTL_SECONDS = 20;

/**
 * Starts an embedded PostgreSQL (so tests can run SQL such as a ban), two API stacks (normal, and
 * one whose access and playback tokens live 15 and 20 seconds for the refresh tests), and makes a sample video.
 */
export default async function globalSetup() {
  if (!existsSync(join(WEB_DIR, 'dist/index.html'))) throw new Error('Build the web app first: pnpm --filter @reelbase/web build');
  const tmp = await mkdtemp(join(tmpdir(), 'reelbase-e2e-'));
  // As root, embedded PostgreSQL runs as a `postgres` user that must reach its folder.
  await chmod(tmp, 0o755);
  const pg = await (await apiDb()).startEmbeddedPostgres(join(tmp, 'pg'));
  const stacks: { stop(): Promise<void> }[] = [];
  try {
    const ffmpeg = (createRequire(join(API_DIR, 'package.json'))('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const sample = join(tmp, 'sample clip.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine', '-t', '3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', sample]);
    const tiny = join(tmp, 'tiny.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-y', tiny]);
    // The player specs' longer clips, encoded beside the stacks' start (once per run, so workers never race to write one).
    const encode = (file: string, size: string, seconds: number) =>
      promisify(execFile)(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=10`, '-f', 'lavfi', '-i', 'sine', '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', join(tmp, file)]).then(() => join(tmp, file));
    const longerClips = Promise.all([encode('two-rungs.mp4', '640x360', 24), encode('phone-two-rungs.mp4', '640x360', 12), encode('minutes.mp4', '160x120', MINUTES_CLIP_SECONDS)]);
    longerClips.catch(() => {}); // awaited below; a stack that fails first must not leave it unhandled
    const clip = await startClipServer(sample);
    stacks.push({ stop: () => new Promise<void>((done) => clip.server.close(() => done())) });
    const issuer = await oauthIssuer();
    stacks.push(issuer);

    // The main stack pays through the stand-ins: cards at 'Stripe', checkouts approved at 'PayPal'.
    const stripe = await stripeStandin();
    stacks.push({ stop: () => stripe.close() });
    const paypal = await paypalStandin();
    stacks.push({ stop: () => paypal.close() });
    const payments = { ...stripe.env, ...paypal.env };
    // The CRM connectors of the main stack reach local stand-ins of HubSpot and Mailchimp.
    const crm = await crmStandins();
    const hubspot = await crm.startHubspotStandin();
    stacks.push({ stop: () => hubspot.close() });
    const mailchimp = await crm.startMailchimpStandin({ audienceName: 'Spring prospects' });
    stacks.push({ stop: () => mailchimp.close() });
    Object.assign(payments, hubspot.env, mailchimp.env);
    process.env.E2E_HUBSPOT_TOKEN = hubspot.token;
    process.env.E2E_MAILCHIMP_KEY = mailchimp.apiKey;
    process.env.E2E_MAILCHIMP_AUDIENCE = mailchimp.audienceId;

    // Custom-domain verification of the main stack asks this server; specs publish records in the file.
    const dnsRecords = join(tmp, 'dns-records.json');
    const dns = await dnsStandin(dnsRecords);
    stacks.push({ stop: () => dns.close() });
    payments.DNS_RESOLVER = dns.address;
    process.env.E2E_DNS_RECORDS = dnsRecords;

    const mainDb = await pg.createDatabase('e2e_main');
    const shortDb = await pg.createDatabase('e2e_short');
    const [main, short] = await Promise.all([
      // Imports may reach the loopback clip server; Google and Facebook sign-in go to the stand-in; payments to the Stripe and PayPal stand-ins, CRMs to theirs.
      startStack('main', tmp, mainDb, { IMPORT_ALLOWED_HOSTS: '127.0.0.1', ...issuer.env, ...payments }),
      // No sign-in provider is configured here. Its tokens end within a test, for the refresh and
      // renewal tests, yet live long enough that a renewal or a retry lands in time on a loaded
      // machine (a page can stall for seconds there); the tests wait for the server to refuse a
      // token, never for a number of seconds.
      startStack('short', tmp, shortDb, { ACCESS_TOKEN_TTL_SECONDS: String(SHORT_ACCESS_TTL_SECONDS), PLAYBACK_TOKEN_TTL_SECONDS: String(SHORT_PLAYBACK_TTL_SECONDS) }),
    ]);
    stacks.push(main, short);
    stripe.setWebhookUrl(`${main.webUrl}/api/payment/webhook/stripe`);

    process.env.E2E_WEB_URL = main.webUrl;
    process.env.E2E_TINY_VIDEO = tiny;
    process.env.E2E_CLIP_URL = clip.url;
    process.env.E2E_OAUTH_URL = issuer.url;
    process.env.E2E_SHORT_TTL_WEB_URL = short.webUrl;
    process.env.E2E_DATABASE_URL = mainDb;
    process.env.E2E_SAMPLE_VIDEO = sample;
    process.env.E2E_TMP = tmp;
    [process.env.E2E_TWO_RUNG_CLIP, process.env.E2E_PHONE_TWO_RUNG_CLIP, process.env.E2E_MINUTES_CLIP] = await longerClips;
  } catch (err) {
    await Promise.all(stacks.map((s) => s.stop()));
    await pg.stop();
    throw err;
  }

  return async () => {
    await Promise.all(stacks.map((s) => s.stop().catch(() => {})));
    await pg.stop().catch(() => {});
    if (!process.env.E2E_KEEP_TMP) await rm(tmp, { recursive: true, force: true });
  };
}
