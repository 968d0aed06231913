import { LockMode } from '@mikro-orm/core';
import { PRIVACY_MESSAGES, type Video as VideoDto, type VideoPrivacy } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import type { PlaybackTokens } from '../playback/playback-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { sqlOf } from '../../db/sql.ts';
import { Video } from '../videos/video.entity.ts';
import { toVideo } from '../videos/video-view.ts';
import { announceServingChange } from '../videos/serving-changes.ts';
import { recordActivity } from '../teams/activity.ts';

/**
 * The owner's privacy choices of a video: visibility, password (stored as argon2id, like account
 * passwords) and the embed domain allowlist. A change of visibility or password bumps
 * `privacy_version` (tokens signed before stop) and tells every API process's delivery cache.
 */
export function createPrivacyService(d: { orm: Orm; storage: Storage; tokens?: PlaybackTokens; onServingChanged?: (videoIds?: string[]) => void }) {
  return {
    async set(userId: string, id: string, input: VideoPrivacy): Promise<VideoDto> {
      // Hashed before the transaction: argon2 takes a moment and holds no row.
      const newHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
      let changed = false;
      const answer = await d.orm.em.fork().transactional(async (em) => {
        const video = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Video, { id, userId }, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
        if (!video) throw notFound('Video not found');
        if (input.visibility === 'password' && !newHash && !video.passwordHash) throw unprocessable({ password: PRIVACY_MESSAGES.passwordRequired });
        changed = video.visibility !== input.visibility || newHash !== undefined;
        const previous = video.visibility;
        const domainsChanged = input.allowedDomains !== undefined && JSON.stringify(input.allowedDomains ?? []) !== JSON.stringify(video.allowedDomains ?? []);
        if (changed || domainsChanged) {
          await recordActivity(sqlOf(em), userId, 'video.privacy_changed', { type: 'video', id: video.id, name: video.name }, {
            visibility: input.visibility,
            previousVisibility: previous,
            passwordChanged: newHash !== undefined,
            domainsChanged,
          });
        }
        video.visibility = input.visibility;
        if (newHash !== undefined) video.passwordHash = newHash;
        if (input.allowedDomains !== undefined) video.allowedDomains = input.allowedDomains ?? [];
        if (changed) {
          video.privacyVersion += 1;
          await announceServingChange(sqlOf(em), [video.id]);
        }
        await em.flush();
        return toVideo(video, d.storage, d.tokens);
      });
      // This process forgets at once; the others on the NOTIFY, a moment after the commit.
      if (changed) d.onServingChanged?.([id]);
      return answer;
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
