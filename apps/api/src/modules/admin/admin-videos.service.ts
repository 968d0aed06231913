import { ADMIN_MESSAGES, type AdminVideoListQuery, type VideoBlockRequest } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PlaybackTokens } from '../playback/playback-tokens.ts';
import { sqlOf } from '../../db/sql.ts';
import { announceServingChange } from '../videos/serving-changes.ts';
import { fromVideoRow } from '../videos/catalogue/catalogue.queries.ts';
import { pageMeta, toVideo } from '../videos/video-view.ts';
import { lockedVideoOwners, setVideosBan, userExists, userVideoCount, userVideoPage } from './admin-videos.queries.ts';
import { type Actor, type ReadAuditLog, writeAudit } from './audit-log.ts';
import { videoMails } from '../videos/video-mails.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin's view of a user's videos, and blocking: a blocked video is not served (delivery, playback, embed, beacons). */
export function createAdminVideosService(d: { orm: Orm; storage: Storage; tokens?: PlaybackTokens; reads: ReadAuditLog; onServingChanged: (videoIds?: string[]) => void; supportEmail: string }) {
  return {
    async list(actor: Actor, q: AdminVideoListQuery) {
      const sql = sqlOf(d.orm.em.fork());
      const userId = q['user-id'];
      if (!(await userExists(sql, userId))) throw notFound(ADMIN_MESSAGES.userNotFound);
      const rows = await userVideoPage(sql, userId, q.field, q.direction, q.limit, (q.page - 1) * q.limit);
      const n = rows.length ? rows[0].totalCount : await userVideoCount(sql, userId);
      d.reads.add(actor, { action: 'video.list', targetUserId: userId, details: { ...q } });
      return { items: rows.map((r) => toVideo(fromVideoRow(r), d.storage, d.tokens)), meta: pageMeta(q.page, q.limit, Number(n)) };
    },

    /** Blocks (ban true) or unblocks videos of any users, all or none; serving stops at once. */
    async block(actor: Actor, input: VideoBlockRequest): Promise<{ message: string; count: number }> {
      const ids = [...new Set(input.ids)];
      await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const rows = ids.every((id) => UUID.test(id)) ? await lockedVideoOwners(sql, ids) : [];
        if (rows.length !== ids.length) throw notFound('Video not found');
        await setVideosBan(sql, ids, input.ban, input.ban ? input.reason || null : null);
        await announceServingChange(sql, ids);
        const owners = [...new Set(rows.map((r) => r.user_id))];
        // A reason belongs to a block; an unblock clears it.
        const reason = (input.ban && input.reason) || null;
        await writeAudit(sql, actor, { action: 'video.block', targetUserId: owners.length === 1 ? owners[0] : null, targetIds: ids, details: { ban: input.ban, ...(reason && { reason }) } });
        // Each owner is told, with the reason, once the block is committed.
        await videoMails.blocked(sql, ids, input.ban, reason, d.supportEmail);
      });
      d.onServingChanged(ids);
      const n = `${ids.length} video${ids.length === 1 ? '' : 's'}`;
      return { message: `${n} ${input.ban ? 'blocked' : 'unblocked'}.`, count: ids.length };
    },
  };
}
export type AdminVideosService = ReturnType<typeof createAdminVideosService>;
