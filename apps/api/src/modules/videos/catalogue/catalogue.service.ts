import type { OwnVideoBulkRequest, Video as VideoDto } from '@reelbase/api-client';
import { VISIBILITY_LABELS } from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { sqlOf } from '../../../db/sql.ts';
import { notFound } from '../../../http/errors.ts';
import type { Storage } from '../../../storage/storage.ts';
import { assertOwnFolder, lockFolders } from '../../folders/folder-access.ts';
import type { PlaybackTokens } from '../../playback/playback-tokens.ts';
import { actingPersonId } from '../../teams/acting.ts';
import { recordActivity } from '../../teams/activity.ts';
import { recordVideoEvent } from '../../webhooks/webhook-events.ts';
import { announceServingChange } from '../serving-changes.ts';
import { videoKeys } from '../storage-layout.ts';
import { ownedVideo } from '../video-basics.ts';
import { pageMeta, toVideo } from '../video-view.ts';
import { Video } from '../video.entity.ts';
import { deleteOwnVideos, type ListQuery, listVideoRows, lockOwnVideos, moveOwnVideos, setOwnVisibility, videoPeople } from './catalogue.queries.ts';

/** The owner's catalogue: what My videos lists and shows, and what leaves it (deletes, bulk actions). */
export interface VideoCatalogue {
  /** One page of the caller's videos (a folder's, a search's with the caption lines said). */
  list(userId: string, q: ListQuery): Promise<{ items: VideoDto[]; meta: ReturnType<typeof pageMeta> }>;
  /** The caller's video `id` (404 for anyone else's). */
  get(userId: string, id: string): Promise<VideoDto>;
  /** Deletes the video, then its files. */
  remove(userId: string, id: string): Promise<void>;
  /** One action (delete, visibility, folder) on several of the caller's videos, all or nothing. */
  bulk(userId: string, input: OwnVideoBulkRequest): Promise<{ message: string; count: number }>;
}

export function createVideoCatalogue(d: {
  orm: Orm;
  storage: Storage;
  /** Signs the media URLs of videos that are not public in the owner's answers. */
  tokens?: PlaybackTokens;
  /** Drops this process's delivery answers of videos whose visibility changed (the others hear the NOTIFY). */
  onServingChanged?: (videoIds?: string[]) => void;
}): VideoCatalogue {
  /** Every file of each video; called once its row is gone, so players stop finding it first. */
  async function removeFiles(ids: string[]) {
    for (const id of ids) await d.storage.deletePrefix(videoKeys.dir(id));
  }

  return {
    async list(userId, q) {
      const em = d.orm.em.fork();
      if (q.folder_id) await assertOwnFolder(sqlOf(em), userId, q.folder_id);
      const { rows, total } = await listVideoRows(sqlOf(em), userId, q);
      // A search's rows carry the lines said with its words (`matches`).
      return { items: rows.map((v) => (v.matches ? { ...toVideo(v, d.storage, d.tokens), matches: v.matches } : toVideo(v, d.storage, d.tokens))), meta: pageMeta(q.page, q.limit, total) };
    },

    async get(userId, id) {
      const { em, video } = await ownedVideo(d.orm, userId, id);
      const people = await videoPeople(sqlOf(em), id);
      return toVideo({ ...video, ...people }, d.storage, d.tokens);
    },

    async remove(userId, id) {
      const { em, video } = await ownedVideo(d.orm, userId, id);
      await em.transactional(async (tx) => {
        await recordVideoEvent(sqlOf(tx), video.id, 'video.deleted');
        await tx.nativeDelete(Video, { id: video.id });
        await recordActivity(sqlOf(tx), userId, 'video.deleted', { type: 'video', id: video.id, name: video.name });
      });
      await removeFiles([video.id]);
    },

    /**
     * One action on several videos in one transaction: every id must be the caller's, or nothing
     * changes and the answer is the 404 of a missing video. Files go only after the commit.
     */
    async bulk(userId, input) {
      const ids = [...new Set(input.ids)];
      await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        if (input.action === 'addToFolder') await lockFolders(sql, userId);
        const mine = await lockOwnVideos(sql, userId, ids);
        if (mine.length !== ids.length) throw notFound('Video not found');
        if (input.action === 'delete') {
          for (const v of mine) await recordVideoEvent(sql, v.id, 'video.deleted');
          await deleteOwnVideos(sql, userId, ids);
          for (const v of mine) await recordActivity(sql, userId, 'video.deleted', { type: 'video', id: v.id, name: v.name });
        } else if (input.action === 'setVisibility') {
          // A changed visibility ends the tokens signed before (privacy_version), in every API process's delivery too.
          const changed = await setOwnVisibility(sql, userId, ids, input.visibility, actingPersonId());
          for (const v of changed) await recordActivity(sql, userId, 'video.privacy_changed', { type: 'video', id: v.id, name: v.name }, { visibility: input.visibility });
          await announceServingChange(sql, ids);
        } else {
          if (input.folderId) await assertOwnFolder(sql, userId, input.folderId);
          await moveOwnVideos(sql, userId, ids, input.folderId, actingPersonId());
        }
      });
      if (input.action === 'delete') await removeFiles(ids);
      if (input.action === 'setVisibility') d.onServingChanged?.(ids);
      const n = `${ids.length} video${ids.length === 1 ? '' : 's'}`;
      const done = input.action === 'delete' ? 'deleted' : input.action === 'addToFolder' ? 'moved' : `set to ${VISIBILITY_LABELS[input.visibility].toLowerCase()}`;
      return { message: `${n} ${done}.`, count: ids.length };
    },
  };
}
