// What a rate-limit check kept in PostgreSQL costs: the one UPSERT per checked request that
// rateLimits() runs, sequentially and from 20 concurrent callers (as several API processes would),
// against the embedded PostgreSQL. It decides whether statistics beacons could afford it.
//   pnpm --filter @reelbase/api bench:limits   (BENCH_HITS=20000)
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { openDatabase } from '../src/db/orm.ts';
import { entities } from '../src/modules/entities.ts';
import { rateLimits } from '../src/modules/limits/rate-limits.ts';

const HITS = Number(process.env.BENCH_HITS ?? 20_000);
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-limits-'));
await chmod(dir, 0o755);
const db = await startEmbeddedPostgres(join(dir, 'pg'));
const orm = await openDatabase(await db.createDatabase('bench'), entities, pino({ level: 'silent' }));
const hour = { count: 1_000_000_000, seconds: 3600 };
const limits = rateLimits(orm, { upload: { perAddress: hour } } as never);
const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function measure(name: string, concurrency: number) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      // One address in 50 repeats, as viewers of one page would.
      while (next < HITS) await limits.take('upload', { address: address(next++ % (HITS / 50)) });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`${name}: ${HITS} checks in ${seconds.toFixed(2)} s = ${Math.round(HITS / seconds)} per second, ${((seconds * 1000 * concurrency) / HITS).toFixed(2)} ms each`);
}

await measure('sequential', 1);
await measure('20 concurrent', 20);
await orm.close();
await db.stop();
await rm(dir, { recursive: true, force: true });
