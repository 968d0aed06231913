import { type Chapter, CHAPTER_MESSAGES, type ChapterList, type ChaptersUpdate, chapterProblems, chaptersToWebVtt } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import { actingPersonId } from '../teams/acting.ts';
import { chapterQueries as q } from './chapters.queries.ts';

/** The path of a video's WebVTT chapters track below /media/videos/{id}/ (tokened like the other files). */
export const CHAPTERS_FILE = 'chapters.vtt';

/** The chapters a player is given: those that start inside the video (a trim may have cut the last ones off). */
export const playableChapters = (chapters: readonly Chapter[], durationSec: number | null | undefined): Chapter[] =>
  durationSec && durationSec > 0 ? chapters.filter((c) => c.start < durationSec) : [...chapters];

/**
 * A video's chapters (issue 26 item 3): read and replaced whole by the owner's team (the routes
 * check the role), checked against the video's length here; the delivery writes the WebVTT track.
 */
export function createChaptersService(d: { orm: Orm }) {
  const sql = sqlOf(d.orm.em.getConnection());

  async function ownVideo(userId: string, videoId: string) {
    const video = isUuid(videoId) ? await q.teamVideo(sql, userId, videoId) : undefined;
    if (!video) throw notFound('Video not found');
    return video;
  }

  return {
    async get(userId: string, videoId: string): Promise<ChapterList> {
      return { chapters: (await ownVideo(userId, videoId)).chapters };
    },

    /** Replaces the chapters; 422 keyed by line (`chapters.N.start`) for one past the video's end. */
    async set(userId: string, videoId: string, update: { chapters: Chapter[] }): Promise<ChapterList> {
      const video = await ownVideo(userId, videoId);
      const { chapters } = update satisfies ChaptersUpdate;
      if (chapters.length && !video.duration_sec) throw unprocessable({ chapters: CHAPTER_MESSAGES.noDuration });
      const problems = chapterProblems(chapters, video.duration_sec);
      if (Object.keys(problems).length) throw unprocessable(problems);
      await q.set(sql, videoId, JSON.stringify(chapters), actingPersonId() ?? null);
      return { chapters };
    },

    /** The WebVTT chapters track of a video (served by delivery after its token and block checks), or null without chapters. */
    async track(videoId: string): Promise<string | null> {
      const row = isUuid(videoId) ? await q.video(sql, videoId) : undefined;
      const chapters = row ? playableChapters(row.chapters, row.duration_sec) : [];
      return chapters.length ? chaptersToWebVtt(chapters, row?.duration_sec) : null;
    },
  };
}
export type ChaptersService = ReturnType<typeof createChaptersService>;
