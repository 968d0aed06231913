import type { Orm } from '../../db/orm.ts';
import { sqlOf } from '../../db/sql.ts';
import type { Storage } from '../../storage/storage.ts';
import { recordActivity } from '../teams/activity.ts';
import { coverKey, setCover } from '../videos/edits/covers.ts';
import { Video } from '../videos/video.entity.ts';
import { decideTest, rateOf } from './thumbnail-test-statistic.ts';
import { coverName, coversOf, endTest, runningTests, type TestRow } from './thumbnail-tests.queries.ts';

export interface EndingDeps {
  orm: Orm;
  storage: Storage;
  quota: { recount(videoId: string): Promise<unknown> };
}

/**
 * Ends a running test: `chosen` (else the leader, else the first cover) becomes the video's poster,
 * as a chosen cover of its own (a copy, so the test's figures keep their pictures), and the team's
 * activity log names the winner. False when the test had already ended (another process, the
 * owner and the check racing): nothing changes then.
 */
export async function endThumbnailTest(d: EndingDeps, test: TestRow, chosen: string | null, by: 'owner' | 'auto', actorId?: string | null): Promise<boolean> {
  const covers = await coversOf(sqlOf(d.orm.em.fork()), test.id);
  const winner = covers.find((c) => c.id === (chosen ?? decideTest(covers).leaderId)) ?? covers[0];
  const ext = (/\.(jpg|png|svg)$/.exec(winner.image_key)?.[1] ?? 'jpg') as 'jpg' | 'png' | 'svg';
  const key = coverKey(test.video_id, ext);
  await d.storage.copy(winner.image_key, key);
  let cleanup: (() => Promise<void>) | null = null;
  try {
    await d.orm.em.fork().transactional(async (em) => {
      const sql = sqlOf(em);
      const ended = await endTest(sql, test.id, by, winner.id);
      if (!ended.length) return;
      const video = await em.findOne(Video, { id: test.video_id });
      if (!video) return;
      cleanup = setCover(d.storage, video, key);
      const details = { winner: coverName(winner), endedBy: by, playsPerImpression: Math.round(rateOf(winner) * 10_000) / 10_000, impressions: winner.impressions, plays: winner.plays };
      await recordActivity(sql, test.user_id, 'thumbnail_test.ended', { type: 'video', id: video.id, name: video.name }, details, actorId);
    });
  } catch (err) {
    await d.storage.delete(key).catch(() => undefined);
    throw err;
  }
  if (!cleanup) {
    await d.storage.delete(key);
    return false;
  }
  await (cleanup as () => Promise<void>)();
  await d.quota.recount(test.video_id);
  return true;
}

/**
 * The periodic check (a pg-boss schedule, jobs/thumbnail-tests-check.ts): every running test whose
 * leader wins at 95% confidence ends, its winner the poster. Answers how many ended.
 */
export async function checkThumbnailTests(d: EndingDeps): Promise<number> {
  let ended = 0;
  for (const { test, covers } of await runningTests(sqlOf(d.orm.em.fork()))) {
    const { winnerId } = decideTest(covers);
    if (winnerId && (await endThumbnailTest(d, test, winnerId, 'auto', null))) ended++;
  }
  return ended;
}
