// Measures the analytics CSV export against the product as `npm start` runs it: an account with
// 100,000 videos (each with plays), its whole overview downloaded as CSV: rows per second, MB per
// second and the API process's resident memory before and at its peak while the file streams.
//   pnpm bench:exports   (BENCH_ROWS=100000, BENCH_RUNS=3)
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { startProduct } from './product.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-exports-'));
await chmod(dir, 0o755);
const db = await startEmbeddedPostgres(join(dir, 'pg'));
const databaseUrl = await db.createDatabase('bench');
const product = await startProduct(join(dir, 'data'), { DATABASE_URL: databaseUrl });

console.log(`seeding ${ROWS.toLocaleString('en')} videos with plays…`);
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const [{ id: owner }] = (await client.query("select id from users where email = 'bench@example.com'")).rows;
await client.query(
  `insert into videos (id, user_id, name, source, size, status, is_main_ready, is_hls_ready, player_config, duration_sec, created_at)
   select gen_random_uuid(), $1, 'Spring sale ' || i, 'upload', 1000, 'ready', true, true, '{}', 60, now() - make_interval(mins => i)
   from generate_series(1, ${ROWS}) i`,
  [owner],
);
await client.query(
  `insert into video_stat_counts (video_id, day, kind, name, count)
   select id, current_date - (n % 60)::int, k.kind, k.name, 1 + n % 9
   from (select id, row_number() over (order by id) as n from videos where user_id = $1) v
   cross join (values ('dropOff', '0'), ('dropOff', '15'), ('viewers', '')) k(kind, name)`,
  [owner],
);
await client.query('vacuum analyze');
await client.end();

/** The API process's resident set in MB (Linux). */
const rssMb = async () => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${product.api.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const rows: string[] = [];
for (let run = 1; run <= RUNS; run++) {
  const before = await rssMb();
  let peak = before;
  const sampler = setInterval(() => void rssMb().then((mb) => (peak = Math.max(peak, mb))), 20);
  const started = performance.now();
  const res = await fetch(`${product.base}/api/statistics/videos.csv?range=all`, { headers: { authorization: `Bearer ${product.token}` } });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  rows.push(
    `  run ${run}: ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1024 ** 2).toFixed(1)} MB in ${seconds.toFixed(2)} s: ${Math.round((lines - 1) / seconds).toLocaleString('en')} rows/s, ${(bytes / 1024 ** 2 / seconds).toFixed(1)} MB/s | API resident memory ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most while streaming`,
  );
}

console.log(`\nReelbase analytics CSV export (GET /api/statistics/videos.csv?range=all, ${ROWS.toLocaleString('en')} videos, one download at a time)`);
for (const r of rows) console.log(r);

await product.stop();
await db.stop();
await rm(dir, { recursive: true, force: true });
