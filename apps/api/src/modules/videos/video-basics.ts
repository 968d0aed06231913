import type { PlayerConfig, Visibility } from '@reelbase/api-client';
import { CALL_TO_ACTION_DEFAULT, END_ACTIONS, LEAD_FORM_DEFAULT, PLAYER_CONTROL_DEFAULTS, START_ACTIONS } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { notFound } from '../../http/errors.ts';
import { type IVideo, Video } from './video.entity.ts';

// What the videos area's services (catalogue, uploads, imports, edits) share.

/** A slot taken before its job is queued (the job's rows are written in between), should its process die there. */
export const ADMISSION_MS = 10 * 60 * 1000;

/** The caller's video `id` and the entity manager that read it; another user's id answers exactly like a missing one (404). */
export async function ownedVideo(orm: Orm, userId: string, id: string) {
  const em = orm.em.fork();
  const video = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Video, { id, userId }) : null;
  if (!video) throw notFound('Video not found');
  return { em, video };
}

export function defaultPlayerConfig(owner: { colorScheme: PlayerConfig['colorScheme']; playerLogo?: string | null; showLogoOnPlayer: boolean }): Omit<PlayerConfig, 'id'> {
  return {
    endAction: END_ACTIONS[0],
    nextVideo: null,
    startAction: START_ACTIONS[0],
    autoHideControls: true,
    playPauseButton: true,
    volumeControl: true,
    videoPopOut: true,
    showLogoInPlayer: owner.showLogoOnPlayer && !!owner.playerLogo,
    logoPatn: owner.playerLogo ?? null,
    colorScheme: { ...owner.colorScheme },
    // issue 27: lead capture and call to action, both off.
    leadForm: { ...LEAD_FORM_DEFAULT },
    callToAction: { ...CALL_TO_ACTION_DEFAULT },
    ...PLAYER_CONTROL_DEFAULTS,
  };
}

/** What a new upload or import of this owner starts with: the account's defaults. */
export const ownerPrivacyDefaults = (owner: { defaultVisibility: Visibility; defaultAllowedDomains: string[] }) => ({
  visibility: owner.defaultVisibility,
  allowedDomains: [...owner.defaultAllowedDomains],
});
/** A copy's or a cut's privacy: the source's own, password included. */
export const keptPrivacy = (v: IVideo) => ({ visibility: v.visibility, passwordHash: v.passwordHash ?? null, allowedDomains: [...v.allowedDomains] });

export const pickFacts = (v: IVideo) => ({ durationSec: v.durationSec, width: v.width, height: v.height, videoCodec: v.videoCodec, audioCodec: v.audioCodec });
