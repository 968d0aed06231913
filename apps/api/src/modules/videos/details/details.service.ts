import { DETAILS_MESSAGES, type Video as VideoDto, type VideoDetailsUpdate } from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { conflict } from '../../../http/errors.ts';
import { downloadName } from '../delivery/download-name.ts';
import { ownedVideo } from '../video-basics.ts';

/** The file a team member downloads as "the original": its key, and the name to save it under. */
export interface OriginalFile {
  key: string;
  fileName: string;
}

/**
 * Issue 34: a video's description and tags (PUT /api/videos/{id}/details) and its original file
 * for the team's download. `get` is the catalogue's owner view (the answer of the PUT).
 */
export function createVideoDetails(d: { orm: Orm; get: (userId: string, id: string) => Promise<VideoDto> }) {
  return {
    async set(userId: string, id: string, input: VideoDetailsUpdate): Promise<VideoDto> {
      const { em, video } = await ownedVideo(d.orm, userId, id);
      if (input.description !== undefined) video.description = input.description;
      if (input.tags !== undefined) video.tags = input.tags;
      await em.flush();
      return d.get(userId, id);
    },

    /**
     * The file as uploaded: the unmarked source while a watermark is burnt in, else `originalKey`
     * (after an mp4 upload that was only remuxed it is main.mp4 itself; a replace or a trim over
     * the video makes the new file the original). A failed or unfinished upload keeps none: 409.
     */
    async original(userId: string, id: string): Promise<OriginalFile> {
      const { video } = await ownedVideo(d.orm, userId, id);
      const key = video.watermark?.cleanKey ?? video.originalKey;
      if (!key || video.status === 'failed' || video.status === 'importing') throw conflict(DETAILS_MESSAGES.originalGone);
      return { key, fileName: downloadName(video.name, key) };
    },
  };
}
export type VideoDetails = ReturnType<typeof createVideoDetails>;
