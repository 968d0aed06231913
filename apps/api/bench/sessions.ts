// Viewer sessions under load (issue 33, part of `pnpm bench:api`): 1,000 viewers each reporting
// their watched ranges every 10 s (the progress call's p50/p99, and the database writes it costs per
// session), and the engagement graph of a video with 1,000,000 sessions (BENCH_SESSIONS).
import autocannon from 'autocannon';
import pg from 'pg';

const VIEWERS = 1000;
const REPORT_EVERY_SEC = 10;

export async function benchSessions(o: { base: string; token: string; databaseUrl: string; seconds: number; flushSeconds: number }): Promise<string[]> {
  const rows: string[] = [];
  const sessions = Number(process.env.BENCH_SESSIONS ?? 1_000_000);
  const client = new pg.Client({ connectionString: o.databaseUrl });
  await client.connect();
  const [{ id: owner }] = (await client.query("select id from users where email = 'bench@example.com'")).rows;
  const video = crypto.randomUUID();
  await client.query(
    `insert into videos (id, user_id, name, source, size, status, is_main_ready, is_hls_ready, player_config, duration_sec, created_at)
     values ($1, $2, 'Sessions bench', 'upload', 1000, 'ready', true, true, '{}', 600, now())`,
    [video, owner],
  );

  // 1,000 viewers open their sessions through the API, then report every 10 s: 100 reports a second.
  const ids: string[] = [];
  for (let i = 0; i < VIEWERS; i++) {
    const res = await fetch(`${o.base}/api/videos/${video}/sessions`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ viewerId: crypto.randomUUID() }) });
    if (res.status !== 201) throw new Error(`session refused: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { sessionId: string }).sessionId);
  }
  const updatesBefore = Number((await client.query("select n_tup_upd from pg_stat_user_tables where relname = 'viewer_sessions'")).rows[0].n_tup_upd);
  let k = 0;
  const report = (rate?: number) =>
    autocannon({
      url: o.base,
      connections: 50,
      duration: o.seconds,
      ...(rate && { overallRate: rate }),
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const n = k++;
            const at = (Math.floor(n / VIEWERS) * REPORT_EVERY_SEC) % 590;
            return { ...req, path: `/api/sessions/${ids[n % VIEWERS]}/progress`, headers: { 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ ranges: [[at, at + REPORT_EVERY_SEC]] }) };
          },
        },
      ],
    });
  const steady = await report(VIEWERS / REPORT_EVERY_SEC);
  // Past the last flush, so every report of the run is written; then past PostgreSQL's 10 s during
  // which an idle connection may hold back its table statistics.
  await new Promise((r) => setTimeout(r, (o.flushSeconds + 12) * 1000));
  const updates = Number((await client.query("select n_tup_upd from pg_stat_user_tables where relname = 'viewer_sessions'")).rows[0].n_tup_upd) - updatesBefore;
  const full = await report();
  const errors = steady.non2xx + steady.errors + full.non2xx + full.errors;
  rows.push(
    `  session progress, ${VIEWERS} viewers every ${REPORT_EVERY_SEC} s: p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms at ${VIEWERS / REPORT_EVERY_SEC} req/s; ${full.requests.average.toFixed(0)} req/s at full load (p99 ${full.latency.p99} ms)${errors ? ` | ${errors} errors` : ''}`,
    `  session progress, database writes: ${updates} session updates for ${steady.requests.total} reports (each ${REPORT_EVERY_SEC} s of watching) = ${(updates / steady.requests.total).toFixed(2)} writes per ${REPORT_EVERY_SEC} s watched`,
  );

  // A second video with a million ended sessions (a year of them) and their daily aggregate.
  const big = crypto.randomUUID();
  await client.query(
    `insert into videos (id, user_id, name, source, size, status, is_main_ready, is_hls_ready, player_config, duration_sec, created_at)
     values ($1, $2, 'A million sessions', 'upload', 1000, 'ready', true, true, '{}', 60, now())`,
    [big, owner],
  );
  console.log(`seeding ${sessions.toLocaleString('en')} sessions of one video…`);
  await client.query(
    `insert into viewer_sessions (user_id, video_id, viewer_key, started_at, last_seen_at, ended_at, duration_sec, bucket_sec, watched, watched_seconds, country, device, browser)
     select $1, $2, gen_random_uuid(), t, t, t, 60, 1, array_fill(1, array[60]), 60, 'US', 'Desktop', 'Chrome'
     from (select now() - make_interval(secs => i * 31536000.0 / $3) as t from generate_series(1, $3) i) x`,
    [owner, big, sessions],
  );
  await client.query('insert into viewer_video_viewers (video_id, viewer_key, last_day) select video_id, viewer_key, started_at::date from viewer_sessions where video_id = $1 on conflict do nothing', [big]);
  await client.query('insert into viewer_video_counts (video_id, viewers) select $1, count(*) from viewer_video_viewers where video_id = $1', [big]);
  await client.query(
    `insert into viewer_engagement_days (video_id, day, points, plays, watched_share, counts)
     select $1, (started_at at time zone 'UTC')::date, 60, count(*), count(*), array_fill(count(*)::int, array[60]) from viewer_sessions where video_id = $1 group by 2`,
    [big],
  );
  await client.query('vacuum analyze viewer_sessions, viewer_video_viewers, viewer_video_counts, viewer_engagement_days');
  await client.end();

  const path = `/api/videos/${big}/engagement`;
  const headers = { authorization: `Bearer ${o.token}` };
  const probe = (await (await fetch(o.base + path, { headers })).json()) as { plays: number; uniqueViewers: number };
  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const t = performance.now();
    await (await fetch(o.base + path, { headers })).arrayBuffer();
    if (i >= 20) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  rows.push(
    `  engagement graph, ${probe.plays.toLocaleString('en')} sessions and ${probe.uniqueViewers.toLocaleString('en')} viewers: p50 ${times[100].toFixed(1)} ms, p99 ${times[198].toFixed(1)} ms (one at a time)`,
  );
  return rows;
}
