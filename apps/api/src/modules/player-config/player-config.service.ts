import { CALL_TO_ACTION_DEFAULT, CTA_URL_NEEDED, LEAD_FORM_DEFAULT, type PlayerConfig, type PlayerConfigUpdate } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { prepareImage } from '../../images/image-upload.ts';
import type { Storage } from '../../storage/storage.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { requireFeature } from '../payments/entitlements.ts';
import { Video } from '../videos/video.entity.ts';
import { playerConfigQueries } from './player-config.queries.ts';

export const NEXT_VIDEO_NOT_YOURS = 'Must be the id of one of your videos.';
export const LOGO_NOT_YOURS = 'Must be a logo you uploaded.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOGO_PREFIX = 'player-logo-';

/** The player settings of each video; the owner's profile defaults are applied at upload. */
export function createPlayerConfigService(d: { orm: Orm; storage: Storage }) {
  async function owned(userId: string, id: string) {
    const em = d.orm.em.fork();
    // Another user's id answers exactly like a missing one.
    const video = UUID.test(id) ? await em.findOne(Video, { id, userId }) : null;
    if (!video) throw notFound('Video not found');
    return { em, video };
  }

  const imagesOf = (userId: string) => d.storage.url(`images/${userId}/`);

  /** A logo file of a per-video upload that no video or profile of the owner uses any more. */
  async function removeIfUnused(userId: string, url: string | null) {
    const prefix = imagesOf(userId);
    if (!url?.startsWith(prefix + LOGO_PREFIX)) return;
    const conn = d.orm.em.getConnection();
    const sql: Sql = (q, p = []) => conn.execute(q, p) as never;
    if ((await playerConfigQueries.logoUses(sql, userId, url)) === 0) await d.storage.delete(url.slice(d.storage.url('').length));
  }

  /** The player logo of a video is gated by the owner's effective uploadPlayerLogo flag. */
  async function mayUploadLogo(userId: string, id: string) {
    const found = await owned(userId, id);
    await requireFeature(sqlOf(found.em), userId, 'uploadPlayerLogo');
    return found;
  }

  return {
    async update(userId: string, id: string, input: PlayerConfigUpdate): Promise<PlayerConfig> {
      const { em, video } = await owned(userId, id);
      const { id: _ignored, colorScheme, leadForm, callToAction, ...fields } = input;
      const errors: Record<string, string> = {};
      if (fields.nextVideo && !(await em.count(Video, { id: fields.nextVideo, userId }))) errors.nextVideo = NEXT_VIDEO_NOT_YOURS;
      // Only a logo of this account (uploaded here or as the profile default), or none: the
      // upload itself is the gated feature, and the embed page loads images from this server only.
      if (fields.logoPatn && !fields.logoPatn.startsWith(imagesOf(userId))) errors.logoPatn = LOGO_NOT_YOURS;
      // issue 27: merged field by field over the current (or default, on a row older than them) settings.
      const nextLeadForm = { ...LEAD_FORM_DEFAULT, ...video.playerConfig.leadForm, ...leadForm };
      const nextCallToAction = { ...CALL_TO_ACTION_DEFAULT, ...video.playerConfig.callToAction, ...callToAction };
      if (nextCallToAction.enabled && !nextCallToAction.url) errors['callToAction.url'] = CTA_URL_NEEDED;
      if (Object.keys(errors).length) throw unprocessable(errors);

      const previousLogo = video.playerConfig.logoPatn;
      video.playerConfig = {
        ...video.playerConfig,
        ...fields,
        colorScheme: { ...video.playerConfig.colorScheme, ...colorScheme },
        leadForm: nextLeadForm,
        callToAction: nextCallToAction,
      };
      await em.flush();
      if (previousLogo !== video.playerConfig.logoPatn) await removeIfUnused(userId, previousLogo);
      return { id: video.id, ...video.playerConfig };
    },

    /** Refuses before the upload is received: not the owner's video (404), or the flag off (403). */
    async assertMayUploadLogo(userId: string, id: string): Promise<void> {
      await mayUploadLogo(userId, id);
    },

    async uploadLogo(userId: string, id: string, file: Buffer): Promise<{ url: string; playerConfig: PlayerConfig }> {
      const { em, video } = await mayUploadLogo(userId, id);
      const image = await prepareImage(file);
      if ('error' in image) throw unprocessable({ image: image.error });
      const key = `images/${userId}/${LOGO_PREFIX}${crypto.randomUUID()}.${image.ext}`;
      await d.storage.put(key, image.data);
      const url = d.storage.url(key);
      const previousLogo = video.playerConfig.logoPatn;
      video.playerConfig = { ...video.playerConfig, logoPatn: url, showLogoInPlayer: true };
      await em.flush();
      await removeIfUnused(userId, previousLogo);
      return { url, playerConfig: { id: video.id, ...video.playerConfig } };
    },
  };
}
export type PlayerConfigService = ReturnType<typeof createPlayerConfigService>;
