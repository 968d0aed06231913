// Measures the list calls of the API under load, against the product as `npm start` runs it, with
// 10,000 videos and 1,000 folders in one account and 100,000 users, seeded by SQL:
// requests per second at full load, then p50/p99 at a steady 200 requests per second (100 for
// the admin user tables, the issue's goal). The first page of videos is measured twice: with a
// sign-in token and with an API key (issue 27: the key's lookup and its per-key rate-limit count).
//   pnpm bench:api   (BENCH_SECONDS=5 per run; BENCH_CALLS=videos,folders measures only the calls
//   whose names contain one of those words; BENCH_CALLS=sessions the viewer sessions, bench/sessions.ts)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { startProduct } from './product.ts';
import { benchSessions } from './sessions.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-api-'));
await chmod(dir, 0o755);
const db = await startEmbeddedPostgres(join(dir, 'pg'));
const databaseUrl = await db.createDatabase('bench');
// The key's limit out of the way: the runs measure what each request costs, the limit's count included.
// The beacons' and progress reports' caps too: the 1,000 viewers of the sessions run all come from
// this machine, and its full-load run sends each session's reports far faster than a player.
const product = await startProduct(join(dir, 'data'), {
  DATABASE_URL: databaseUrl,
  API_KEY_RATE_LIMIT_PER_MINUTE: '100000000',
  STATS_BEACON_BURST: '100000000',
  STATS_BEACONS_PER_SECOND: '100000000',
  SESSION_PROGRESS_PER_SECOND: '100000000',
  SESSION_PROGRESS_SESSION_BURST: '100000000',
});
const admin = await product.call('POST', '/api/auth/login', { email: 'admin@example.com', password: 'bench-password' });

console.log('seeding 100,000 users, 1,000 folders and 10,000 videos…');
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const [{ id: owner }] = (await client.query("select id from users where email = 'bench@example.com'")).rows;
// Usage sums as the videos trigger keeps them; 5% canceled, 1% banned (the inactive list).
await client.query(`insert into users (id, email, first_name, last_name, color_scheme, created_at, last_login_at, video_count, storage_bytes, bandwidth_bytes, is_active, ban, canceled_at)
  select gen_random_uuid(), 'user' || i || '@example.com', 'User', 'Number ' || i, '{}', now() - make_interval(mins => i), now() - make_interval(mins => (i * 37) % 100000),
    i % 200, (i::bigint * 7919) % 50000000000, (i::bigint * 104729) % 900000000000, i % 20 <> 0, i % 100 = 0, case when i % 20 = 0 then now() - make_interval(days => i % 30) end
  from generate_series(1, 100000) i`);
await client.query(`insert into folders (id, user_id, name, created_at)
  select gen_random_uuid(), $1, 'Client ' || i, now() - make_interval(mins => i) from generate_series(1, 1000) i`, [owner]);
await client.query(`insert into videos (id, user_id, folder_id, name, source, size, status, is_main_ready, is_hls_ready, player_config, created_at)
  select gen_random_uuid(), $1, case when i % 3 = 0 then (select id from folders where user_id = $1 and name = 'Client ' || (1 + i % 1000)) end,
    (array['Spring sale', 'Summer promo', 'Autumn launch', 'Winter clip', 'Webinar'])[1 + i % 5] || ' ' || i,
    'upload', (i * 7919) % 50000000, 'ready', true, true, '{}', now() - make_interval(mins => i)
  from generate_series(1, 10000) i`, [owner]);
const [{ id: folder }] = (await client.query("select id from folders where user_id = $1 and name = 'Client 7'", [owner])).rows;
await client.query('vacuum analyze');
await client.end();

const user = { authorization: `Bearer ${product.token}` };
const { key } = await product.call('POST', '/api/api-keys', { name: 'bench', scopes: ['videos:read'] }, product.token);
const byKey = { authorization: `Bearer ${key}` };
const asAdmin = { authorization: `Bearer ${admin.accessToken}` };
const calls: { name: string; path: string; headers?: Record<string, string>; rate?: number }[] = [
  { name: '/api/health (the floor)', path: '/api/health' },
  { name: 'videos, first page (sign-in token)', path: '/api/videos?limit=20', headers: user },
  { name: 'videos, first page (API key)', path: '/api/videos?limit=20', headers: byKey },
  { name: 'videos, deep page (page 400 of 500)', path: '/api/videos?limit=20&page=400', headers: user },
  { name: 'videos, name search', path: '/api/videos?search=promo%2012&limit=20', headers: user },
  { name: 'videos of one folder', path: `/api/videos?folder_id=${folder}&limit=20`, headers: user },
  { name: 'folders, top level', path: '/api/folders', headers: user },
  { name: '/api/users (admin)', path: '/api/users?limit=20', headers: asAdmin },
  // The issue's goal: the active users table sorted by storage, p99 under 50 ms at 100 req/s.
  { name: 'users by storage (active list)', path: '/api/users?isActive=true&ban=false&field=storage&direction=DESC&limit=20', headers: asAdmin, rate: 100 },
  { name: 'users by storage (inactive list)', path: '/api/users?inactive=true&field=storage&direction=DESC&limit=20', headers: asAdmin, rate: 100 },
  { name: 'users by storage, page 2000', path: '/api/users?field=storage&limit=20&page=2000', headers: asAdmin, rate: 100 },
  { name: 'users, search', path: '/api/users?search=number%201234&field=storage&limit=20', headers: asAdmin, rate: 100 },
];

const run = (path: string, headers: Record<string, string> | undefined, rate?: number) =>
  autocannon({ url: product.base + path, headers, connections: 10, duration: SECONDS, ...(rate && { overallRate: rate }) });

const only = process.env.BENCH_CALLS?.split(',').filter(Boolean);
const rows: string[] = [];
const loadBefore = loadavg()[0];
for (const c of calls.filter((c) => !only || only.some((w) => c.name.includes(w)))) {
  const probe = await fetch(product.base + c.path, { headers: c.headers });
  if (probe.status !== 200) {
    rows.push(`  ${c.name.padEnd(38)} not measured: answers ${probe.status} (${(await probe.text()).slice(0, 60)})`);
    continue;
  }
  const full = await run(c.path, c.headers);
  const rate = c.rate ?? 200;
  const steady = await run(c.path, c.headers, rate);
  const errors = full.non2xx + full.errors + steady.non2xx + steady.errors;
  rows.push(
    `  ${c.name.padEnd(38)} ${full.requests.average.toFixed(0).padStart(6)} req/s at full load (p99 ${full.latency.p99} ms) | at ${rate} req/s: p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms${errors ? ` | ${errors} errors` : ''}`,
  );
}

// The key beside the token once more, interleaved one request at a time, so a machine whose load
// changes between the runs above weighs on both alike.
const lat: Record<'token' | 'key', number[]> = { token: [], key: [] };
for (let i = 0; i < 1100; i++) {
  for (const [name, headers] of [['token', user], ['key', byKey]] as const) {
    const start = performance.now();
    await (await fetch(`${product.base}/api/videos?limit=20`, { headers })).arrayBuffer();
    if (i >= 100) lat[name].push(performance.now() - start);
  }
}
const pct = (a: number[], p: number) => a.sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))].toFixed(1);
const interleaved = (['token', 'key'] as const).map((n) => `${n === 'token' ? 'sign-in token' : 'API key'}: p50 ${pct(lat[n], 0.5)} ms, p99 ${pct(lat[n], 0.99)} ms`);
rows.push(`  videos, first page, interleaved 1 at a time: ${interleaved.join(' | ')}`);
// Issue 33: viewer sessions (BENCH_CALLS=sessions runs only these of the calls).
if (!only || only.includes('sessions')) rows.push(...(await benchSessions({ base: product.base, token: product.token, databaseUrl, seconds: SECONDS, flushSeconds: 10 })));

console.log(
  `\nReelbase API benchmark (autocannon, 10 connections, ${SECONDS} s per run; ${cpus().length} cores shared with the load generator; load average ${loadBefore.toFixed(1)} before the runs, ${loadavg()[0].toFixed(1)} after)`,
);
for (const r of rows) console.log(r);

await product.stop();
await db.stop();
await rm(dir, { recursive: true, force: true });
