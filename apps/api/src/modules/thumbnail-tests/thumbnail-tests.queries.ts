import type { ThumbnailTest } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import { decideTest, rateOf } from './thumbnail-test-statistic.ts';

export interface TestRow {
  id: string;
  user_id: string;
  video_id: string;
  started_at: Date;
  ended_at: Date | null;
  ended_by: 'owner' | 'auto' | null;
  winner_cover_id: string | null;
}
export interface CoverRow {
  id: string;
  position: number;
  time_sec: number;
  image_key: string;
  impressions: number;
  plays: number;
}

const TEST_COLUMNS = 't.id, t.user_id, t.video_id, t.started_at, t.ended_at, t.ended_by, t.winner_cover_id';

/** A test's covers in their order, counts as numbers. */
export async function coversOf(sql: Sql, testId: string): Promise<CoverRow[]> {
  const rows = await sql<CoverRow[]>('select id, position, time_sec, image_key, impressions::float8 as impressions, plays::float8 as plays from thumbnail_test_covers where test_id = ? order by position', [testId]);
  return rows.map((r) => ({ ...r, impressions: Number(r.impressions), plays: Number(r.plays) }));
}

/** The video's running test, else its last one. */
export async function currentTestOf(sql: Sql, videoId: string): Promise<TestRow | null> {
  const [row] = await sql<TestRow[]>(`select ${TEST_COLUMNS} from thumbnail_tests t where t.video_id = ? order by (t.ended_at is null) desc, t.started_at desc limit 1`, [videoId]);
  return row ?? null;
}

export async function testById(sql: Sql, videoId: string, testId: string): Promise<TestRow | null> {
  const [row] = await sql<TestRow[]>(`select ${TEST_COLUMNS} from thumbnail_tests t where t.video_id = ? and t.id = ?`, [videoId, testId]);
  return row ?? null;
}

/** Every running test with its covers (the periodic check). */
export async function runningTests(sql: Sql): Promise<{ test: TestRow; covers: CoverRow[] }[]> {
  const tests = await sql<TestRow[]>(`select ${TEST_COLUMNS} from thumbnail_tests t where t.ended_at is null order by t.started_at`);
  return Promise.all(tests.map(async (test) => ({ test, covers: await coversOf(sql, test.id) })));
}

/** The id of the video's running test, if any. */
export async function runningTestId(sql: Sql, videoId: string): Promise<{ id: string } | undefined> {
  const [row] = await sql<{ id: string }[]>('select id from thumbnail_tests where video_id = ? and ended_at is null', [videoId]);
  return row;
}

/**
 * Adds counts to covers (`ids`, `impressions`, `plays`: PostgreSQL array literals, in the same
 * order); counts of a test that has ended are dropped with it.
 */
export async function addCoverCounts(sql: Sql, ids: string, impressions: string, plays: string) {
  await sql(
    `update thumbnail_test_covers c set impressions = c.impressions + v.i, plays = c.plays + v.p
         from unnest(?::uuid[], ?::bigint[], ?::bigint[]) as v(id, i, p), thumbnail_tests t
         where c.id = v.id and t.id = c.test_id and t.ended_at is null`,
    [ids, impressions, plays],
  );
}

/** A new running test and its covers. */
export async function insertTest(sql: Sql, t: { id: string; userId: string; videoId: string; covers: { id: string; position: number; timeSec: number; key: string }[] }) {
  await sql('insert into thumbnail_tests (id, user_id, video_id) values (?, ?, ?)', [t.id, t.userId, t.videoId]);
  for (const c of t.covers) await sql('insert into thumbnail_test_covers (id, test_id, position, time_sec, image_key) values (?, ?, ?, ?, ?)', [c.id, t.id, c.position, c.timeSec, c.key]);
}

/** Ends the test with its winner if it was still running; the ids it ended (none when another ending came first). */
export function endTest(sql: Sql, testId: string, by: 'owner' | 'auto', winnerCoverId: string) {
  return sql<{ id: string }[]>("update thumbnail_tests set ended_at = now(), ended_by = ?, winner_cover_id = ? where id = ? and ended_at is null returning id", [by, winnerCoverId, testId]);
}

/** "Cover 2 (0:12)": how the activity log and the owner name a cover. */
export function coverName(c: Pick<CoverRow, 'position' | 'time_sec'>): string {
  const s = Math.floor(c.time_sec);
  return `Cover ${c.position + 1} (${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')})`;
}

/** The contract's view; `urlOf` turns a stored key into the URL the caller may load. */
export function toThumbnailTest(test: TestRow, covers: CoverRow[], urlOf: (key: string) => string): ThumbnailTest {
  const decision = decideTest(covers);
  return {
    id: test.id,
    videoId: test.video_id,
    status: test.ended_at ? 'ended' : 'running',
    startedAt: new Date(test.started_at).toISOString(),
    endedAt: test.ended_at ? new Date(test.ended_at).toISOString() : null,
    endedBy: test.ended_by,
    winnerCoverId: test.winner_cover_id,
    leaderCoverId: decision.leaderId,
    significant: decision.winnerId !== null,
    covers: covers.map((c) => ({
      id: c.id,
      timeSec: c.time_sec,
      imageUrl: urlOf(c.image_key),
      impressions: c.impressions,
      plays: c.plays,
      playsPerImpression: Math.round(rateOf(c) * 10_000) / 10_000,
    })),
  };
}
