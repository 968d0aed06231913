// Measures the web app in chromium against the product as `npm start` runs it: the bytes on the
// wire before the sign-in page is interactive, and the time until My videos is interactive.
//   pnpm bench:web   (builds the web app first)
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../test/support/browser.ts';
import { BENCH_USER, startProduct } from './product.ts';

const build = spawnSync('pnpm', ['--filter', '@reelbase/web', 'build'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the web build failed');

const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-web-'));
await chmod(dir, 0o755);
const product = await startProduct(join(dir, 'data'));
const browser = await launchChromium();

interface Loaded {
  url: string;
  type: string;
  encoding: string;
  wire: number;
}

/** Opens `path` in `page` and records every response until `ready` resolves. */
async function load(page: Page, path: string, ready: (p: Page) => Promise<unknown>) {
  const loaded: Loaded[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (res: Awaited<ReturnType<Page['waitForResponse']>>) => {
    pending.push(
      res
        .request()
        .sizes()
        .then((s) => {
          loaded.push({ url: res.url(), type: res.request().resourceType(), encoding: res.headers()['content-encoding'] ?? 'identity', wire: s.responseBodySize + s.responseHeadersSize });
        })
        .catch(() => {}),
    );
  };
  page.on('response', onResponse);
  const start = performance.now();
  await page.goto(product.base + path);
  await ready(page);
  const ms = performance.now() - start;
  page.off('response', onResponse);
  await Promise.all(pending);
  return { loaded, ms };
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const signInReady = (p: Page) => p.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible' });
const myVideosReady = (p: Page) => p.getByRole('button', { name: 'Upload video' }).waitFor({ state: 'visible' });

// 1. A first visit to the sign-in page: nothing cached.
const context = await browser.newContext();
const page = await context.newPage();
const signIn = await load(page, '/login', signInReady);
const code = signIn.loaded.filter((l) => l.type === 'script' || l.type === 'stylesheet');
const wire = (list: Loaded[]) => list.reduce((sum, l) => sum + l.wire, 0);
// 2. Sign in, then My videos with a warm server and a warm browser cache, five times.
await page.getByLabel('Email').fill(BENCH_USER.email);
await page.getByLabel('Password').fill(BENCH_USER.password);
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await myVideosReady(page);
const times: number[] = [];
for (let i = 0; i < 5; i++) times.push((await load(page, '/', myVideosReady)).ms);
times.sort((a, b) => a - b);

console.log(`\nReelbase web app benchmark (chromium, plain HTTP on loopback; ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)})`);
console.log(`  sign-in page interactive after ${signIn.loaded.length} responses, ${kb(wire(signIn.loaded))} on the wire in all`);
console.log(`  script and style before the sign-in page is interactive: ${kb(wire(code))} (${code.length} files, encodings: ${[...new Set(code.map((l) => l.encoding))].join(', ')}; goal 180 KB)`);
console.log(`  My videos interactive (warm server and cache), 5 loads: median ${times[2].toFixed(0)} ms, best ${times[0].toFixed(0)} ms, worst ${times[4].toFixed(0)} ms`);

await browser.close();
await product.stop();
await rm(dir, { recursive: true, force: true });
