import { THUMBNAIL_TEST_MESSAGES, type ThumbnailTest, type ThumbnailTestCreate, type ThumbnailTestEnd, type ThumbnailTestState, TRIM_MESSAGES } from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { JOBS } from '../../queue/job-contract.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Storage } from '../../storage/storage.ts';
import { requireFeature } from '../payments/entitlements.ts';
import { type PlaybackTokens, withToken } from '../playback/playback-tokens.ts';
import type { CoverPicker } from '../playback/playback.service.ts';
import { recordActivity } from '../teams/activity.ts';
import { videoKeys } from '../videos/storage-layout.ts';
import { ownedVideo } from '../videos/video-basics.ts';
import type { IVideo } from '../videos/video.entity.ts';
import { coverIndexOf } from './thumbnail-split.ts';
import { addCoverCounts, coverName, coversOf, currentTestOf, insertTest, runningTestId, testById, toThumbnailTest } from './thumbnail-tests.queries.ts';
import { endThumbnailTest } from './thumbnail-test-ending.ts';

/** How long a process trusts its answer to "which test runs on this video" (a test started or ended elsewhere shows within it). */
const RUNNING_CACHE_MS = 30_000;
/** How long the start call waits for each cover's frame (queue wait and one ffmpeg run), as a poster from a frame. */
const FRAME_TIMEOUT_MS = 60_000;
/** What a cover's frame reserves: a JPEG of at most 1280x720 stays well under it. */
const FRAME_RESERVATION_BYTES = 1024 * 1024;

interface Running {
  id: string;
  covers: { id: string; url: string }[];
}

/**
 * Thumbnail tests (issue 33 item 6). Covers are frames cut by the video-frame job; viewers are split
 * by a hash of their viewer id and the test (thumbnail-split.ts). Impressions (playback answers that
 * named a cover for a viewer id) and plays (sessions opened with a cover id) are counted in memory
 * per cover and added in one statement per flush, never a write per request.
 */
export function createThumbnailTestsService(d: { orm: Orm; storage: Storage; queue: JobQueue; quota: { recount(videoId: string): Promise<unknown> }; tokens: PlaybackTokens; flushMs: number; log: Logger }) {
  const running = new Map<string, { at: number; test: Running | null }>();
  let pending = new Map<string, { impressions: number; plays: number }>();

  async function runningOf(videoId: string): Promise<Running | null> {
    const hit = running.get(videoId);
    if (hit && Date.now() - hit.at < RUNNING_CACHE_MS) return hit.test;
    const sql = sqlOf(d.orm.em.fork());
    const row = await runningTestId(sql, videoId);
    const test = row ? { id: row.id, covers: (await coversOf(sql, row.id)).map((c) => ({ id: c.id, url: d.storage.url(c.image_key) })) } : null;
    if (running.size > 10_000) running.clear();
    running.set(videoId, { at: Date.now(), test });
    return test;
  }

  const count = (coverId: string, kind: 'impressions' | 'plays') => {
    const c = pending.get(coverId) ?? { impressions: 0, plays: 0 };
    c[kind]++;
    pending.set(coverId, c);
  };

  async function flush() {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    const ids = [...batch.keys()];
    try {
      // Counts of a test that ended meanwhile (in another process) are dropped with it.
      await addCoverCounts(
        sqlOf(d.orm.em.fork()),
        `{${ids.join(',')}}`,
        `{${ids.map((id) => batch.get(id)?.impressions).join(',')}}`,
        `{${ids.map((id) => batch.get(id)?.plays).join(',')}}`,
      );
    } catch (err) {
      // Tried again whole at the next flush.
      for (const [id, c] of batch) {
        const now = pending.get(id) ?? { impressions: 0, plays: 0 };
        pending.set(id, { impressions: now.impressions + c.impressions, plays: now.plays + c.plays });
      }
      d.log.error({ err }, 'thumbnail test flush failed');
    }
  }
  const timer = setInterval(() => void flush(), d.flushMs);
  timer.unref();

  /** The owner's URLs of a video that is not public carry a preview token, as the video answer's poster does. */
  function urlsOf(video: IVideo) {
    const signed = video.visibility !== 'public' ? d.tokens.issue(video.id, video.privacyVersion, { preview: true }) : null;
    return (key: string) => (signed ? withToken(d.storage.url(key), video.id, signed.token) : d.storage.url(key));
  }

  async function view(video: IVideo, testId: string): Promise<ThumbnailTest> {
    const sql = sqlOf(d.orm.em.fork());
    const test = await testById(sql, video.id, testId);
    if (!test) throw notFound(THUMBNAIL_TEST_MESSAGES.notFound);
    return toThumbnailTest(test, await coversOf(sql, test.id), urlsOf(video));
  }

  return {
    /** Each second becomes a cover (a frame cut by a worker while the call waits); the test runs at once. */
    async start(userId: string, videoId: string, input: ThumbnailTestCreate): Promise<ThumbnailTest> {
      const { em, video } = await ownedVideo(d.orm, userId, videoId);
      await requireFeature(sqlOf(em), userId, 'setVideoImage');
      if (!video.originalKey || !video.isMainReady) throw conflict(TRIM_MESSAGES.busy);
      const past = input.seconds.findIndex((s) => video.durationSec != null && s > video.durationSec);
      if (past >= 0) throw unprocessable({ [`seconds.${past}`]: THUMBNAIL_TEST_MESSAGES.secondPastEnd });
      if (await currentRunning(video.id)) throw conflict(THUMBNAIL_TEST_MESSAGES.running);
      const covers = input.seconds.map((timeSec, position) => ({ id: crypto.randomUUID(), position, timeSec, key: '' }));
      for (const c of covers) c.key = videoKeys.file(video.id, `thumbs/test-${c.id}.jpg`);
      const removeFrames = () => Promise.all(covers.map((c) => d.storage.delete(c.key).catch(() => undefined)));
      const testId = crypto.randomUUID();
      try {
        // One at a time: each holds one of the account's job slots while it runs.
        for (const c of covers) await d.queue.sendAndWait(JOBS.videoFrame, { videoId: video.id, timeSec: c.timeSec, key: c.key }, FRAME_TIMEOUT_MS, { userId, bytes: FRAME_RESERVATION_BYTES });
        await d.orm.em.fork().transactional(async (tem) => {
          const sql = sqlOf(tem);
          await insertTest(sql, { id: testId, userId, videoId: video.id, covers });
          await recordActivity(sql, userId, 'thumbnail_test.started', { type: 'video', id: video.id, name: video.name }, { covers: covers.map((c) => coverName({ position: c.position, time_sec: c.timeSec })).join(', ') });
        });
      } catch (err) {
        await removeFrames();
        // Two starts at once: the unique index on the running test lets one through.
        if ((err as { code?: string }).code === '23505') throw conflict(THUMBNAIL_TEST_MESSAGES.running);
        throw err;
      }
      running.delete(video.id);
      await d.quota.recount(video.id);
      return view(video, testId);
    },

    /** The running test, else the last one, with its figures as last flushed. */
    async state(userId: string, videoId: string): Promise<ThumbnailTestState> {
      const { video } = await ownedVideo(d.orm, userId, videoId);
      const sql = sqlOf(d.orm.em.fork());
      const test = await currentTestOf(sql, video.id);
      return { test: test ? toThumbnailTest(test, await coversOf(sql, test.id), urlsOf(video)) : null };
    },

    /** The owner ends a running test: the chosen cover, else the leader on the latest figures, becomes the poster. */
    async end(userId: string, videoId: string, testId: string, input: ThumbnailTestEnd): Promise<ThumbnailTest> {
      const { video } = await ownedVideo(d.orm, userId, videoId);
      const sql = sqlOf(d.orm.em.fork());
      const test = isUuid(testId) ? await testById(sql, video.id, testId) : null;
      if (!test) throw notFound(THUMBNAIL_TEST_MESSAGES.notFound);
      if (input.winnerCoverId && !(await coversOf(sql, test.id)).some((c) => c.id === input.winnerCoverId)) throw unprocessable({ winnerCoverId: THUMBNAIL_TEST_MESSAGES.winner });
      if (test.ended_at) throw conflict(THUMBNAIL_TEST_MESSAGES.notRunning);
      await flush();
      if (!(await endThumbnailTest(d, test, input.winnerCoverId ?? null, 'owner'))) throw conflict(THUMBNAIL_TEST_MESSAGES.notRunning);
      running.delete(video.id);
      return view(video, test.id);
    },

    /**
     * For the playback answer: null when no test runs; else the cover of this viewer id (null
     * without one), counted as an impression when `countImpression`.
     */
    async forViewer(videoId: string, viewerId: string | null, countImpression: boolean) {
      const test = await runningOf(videoId);
      if (!test) return null;
      if (!viewerId) return { cover: null };
      const cover = test.covers[coverIndexOf(test.id, viewerId, test.covers.length)];
      if (countImpression) count(cover.id, 'impressions');
      return { cover };
    },

    /**
     * A session opened naming `coverId` (SessionOpen.coverId): a play of that cover when it is one
     * of the video's running test; anything else is not counted. Answers whether it counted.
     */
    async recordPlay(videoId: string, coverId: string | null | undefined): Promise<boolean> {
      if (!coverId) return false;
      const test = await runningOf(videoId);
      if (!test?.covers.some((c) => c.id === coverId)) return false;
      count(coverId, 'plays');
      return true;
    },

    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  } satisfies CoverPicker & Record<string, unknown>;

  async function currentRunning(videoId: string) {
    return (await runningTestId(sqlOf(d.orm.em.fork()), videoId)) ?? null;
  }
}
export type ThumbnailTestsService = ReturnType<typeof createThumbnailTestsService>;
