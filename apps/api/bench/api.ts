// Measures the list calls of the API under load, against the product as `npm start` runs it, with
// 10,000 videos and 1,000 folders in one account and 100,000 users, seeded by SQL:
// requests per second at full load, then p50/p99 at a steady 200 requests per second.
//   pnpm bench:api   (BENCH_SECONDS=5 per run)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { startProduct } from './product.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-api-'));
await chmod(dir, 0o755);
const db = await startEmbeddedPostgres(join(dir, 'pg'));
const databaseUrl = await db.createDatabase('bench');
const product = await startProduct(join(dir, 'data'), { DATABASE_URL: databaseUrl });
const admin = await product.call('POST', '/api/auth/login', { email: 'admin@example.com', password: 'bench-password' });

console.log('seeding 100,000 users, 1,000 folders and 10,000 videos…');
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const [{ id: owner }] = (await client.query("select id from users where email = 'bench@example.com'")).rows;
await client.query(`insert into users (id, email, first_name, last_name, color_scheme, created_at)
  select gen_random_uuid(), 'user' || i || '@example.com', 'User', 'Number ' || i, '{}', now() - make_interval(mins => i)
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
const calls: { name: string; path: string; headers?: Record<string, string> }[] = [
  { name: '/api/health (the floor)', path: '/api/health' },
  { name: 'videos, first page', path: '/api/videos?limit=20', headers: user },
  { name: 'videos, deep page (page 400 of 500)', path: '/api/videos?limit=20&page=400', headers: user },
  { name: 'videos, name search', path: '/api/videos?search=promo%2012&limit=20', headers: user },
  { name: 'videos of one folder', path: `/api/videos?folder_id=${folder}&limit=20`, headers: user },
  { name: 'folders, top level', path: '/api/folders', headers: user },
  { name: '/api/users (admin)', path: '/api/users?limit=20', headers: { authorization: `Bearer ${admin.accessToken}` } },
];

const run = (path: string, headers: Record<string, string> | undefined, rate?: number) =>
  autocannon({ url: product.base + path, headers, connections: 10, duration: SECONDS, ...(rate && { overallRate: rate }) });

const rows: string[] = [];
for (const c of calls) {
  const probe = await fetch(product.base + c.path, { headers: c.headers });
  if (probe.status !== 200) {
    rows.push(`  ${c.name.padEnd(38)} not measured: answers ${probe.status} (${(await probe.text()).slice(0, 60)})`);
    continue;
  }
  const full = await run(c.path, c.headers);
  const steady = await run(c.path, c.headers, 200);
  const errors = full.non2xx + full.errors + steady.non2xx + steady.errors;
  rows.push(
    `  ${c.name.padEnd(38)} ${full.requests.average.toFixed(0).padStart(6)} req/s at full load (p99 ${full.latency.p99} ms) | at 200 req/s: p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms${errors ? ` | ${errors} errors` : ''}`,
  );
}

console.log(`\nReelbase API benchmark (autocannon, 10 connections, ${SECONDS} s per run; 2 shared cores, the load generator on the same machine; the machine was loaded)`);
for (const r of rows) console.log(r);

await product.stop();
await db.stop();
await rm(dir, { recursive: true, force: true });
