import { createHash } from 'node:crypto';
import { MESSAGES, PLAYBACK_LOCKS, type PlaybackInfo, type PlaybackToken, PRIVACY_MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { type DefaultLimits, overBandwidthSql } from '../payments/entitlements.ts';
import { readyAudioTracks } from '../audio-tracks/audio-delivery.ts';
import { captionDelivery, captionFilePath } from '../captions/caption-delivery.ts';
import { CHAPTERS_FILE, playableChapters } from '../chapters/chapters.service.ts';
import { type IVideo, Video } from '../videos/video.entity.ts';
import { videoMails } from '../videos/video-mails.ts';
import { sqlOf } from '../../db/sql.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import { videoKeys } from '../videos/storage-layout.ts';
import { playbackQueries } from './playback.queries.ts';
import { type PlaybackTokens, withToken } from './playback-tokens.ts';

export const NOT_AVAILABLE = 'This video is not available.';

/** The team as the lead form's memory names it: stable, and not its account id. */
export const leadScopeOf = (teamId: string) => createHash('sha256').update(`reelbase/lead-scope\n${teamId}`).digest('base64url').slice(0, 16);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the viewer brings: a playback token from an unlock or an earlier answer (the owner's and admins' come in their own video answers). */
export interface Viewer {
  token?: string | null;
  /** The player's first-party viewer id (`?viewer=`): while a thumbnail test runs, the poster is this viewer's cover. */
  viewerId?: string | null;
}

/** What the answer needs of thumbnail tests (modules/thumbnail-tests): null when none runs, else this viewer's cover. */
export interface CoverPicker {
  forViewer(videoId: string, viewerId: string | null, countImpression: boolean): Promise<{ cover: { id: string; url: string } | null } | null>;
}

/** 403 with the code a player turns into its screen: "This video is private" or the password form. */
export const privateVideo = () => forbidden(PRIVACY_MESSAGES.private, PLAYBACK_LOCKS.private);
export const passwordNeeded = () => forbidden(PRIVACY_MESSAGES.passwordNeeded, PLAYBACK_LOCKS.password);

/**
 * What a viewer's player needs to play a video: sources, poster and the owner's player settings.
 * Public, so it says nothing about a video that may not be shown: missing, blocked (video.ban),
 * owned by a banned user or failed all answer the same 404. Playback access lives here: a public
 * or unlisted video plays for anyone; a private one for its owner and admins (whose own video
 * answers carry a token); a password one after an unlock. Sources of a video that is not public carry a fresh token, and a valid token
 * (of the video's current privacy version) renews itself, so a player plays to the end.
 */
export function createPlaybackService(d: {
  orm: Orm;
  storage: Storage;
  limits: DefaultLimits;
  tokens: PlaybackTokens;
  checkPassword?: <T>(key: string, task: () => Promise<T>) => Promise<T>;
  /** Counts password checks per video, all addresses together (absent: not counted). */
  guesses?: Pick<RateLimits, 'take'>;
  /** Thumbnail tests (absent: posters are always the video's own). */
  covers?: CoverPicker;
}) {
  const over = overBandwidthSql('u', d.limits);
  const checkPassword = d.checkPassword ?? ((_key, task) => task());
  const captions = captionDelivery(d.orm);
  async function nextVideoOf(em: ReturnType<Orm['em']['fork']>, ownerId: string, id: string | null): Promise<string | null> {
    if (!id || !UUID.test(id)) return null;
    // Only a playable video of the same owner: a deleted or blocked one would end in a message.
    const next = await em.findOne(Video, { id, userId: ownerId, ban: false }, { fields: ['id', 'isMainReady', 'isHlsReady'] });
    return next && (next.isMainReady || next.isHlsReady) ? next.id : null;
  }

  /** The video when it may be shown at all (not missing, blocked, failed, or its owner banned or, unless a preview, past the bandwidth). */
  async function showable(id: string, preview = false) {
    const em = d.orm.em.fork();
    const video = UUID.test(id) ? await em.findOne(Video, { id }) : null;
    if (!video || video.ban || video.status === 'failed') throw notFound(NOT_AVAILABLE);
    const owner = await playbackQueries.owner(sqlOf(em), over, video.userId);
    if (!owner || owner.ban) throw notFound(NOT_AVAILABLE);
    // Past the monthly bandwidth and its grace: the player shows the video as unavailable.
    if (owner.over_bandwidth && !preview) throw forbidden(MESSAGES.bandwidthExceeded);
    return { em, video };
  }

  /** May this viewer watch without a password; throws the refusal a player shows otherwise. */
  function assertMayWatch(video: IVideo, viewer: Viewer) {
    if (video.visibility === 'public' || video.visibility === 'unlisted') return;
    if (d.tokens.secondsLeft(video.id, video.privacyVersion, viewer.token) > 0) return;
    throw video.visibility === 'private' ? privateVideo() : passwordNeeded();
  }

  const issue = (video: IVideo, preview = false): PlaybackToken => {
    const { token, expiresAt } = d.tokens.issue(video.id, video.privacyVersion, { preview });
    return { token, expiresAt };
  };

  /** The answer with its media URLs signed by `token` (none: public URLs). */
  async function answer(em: ReturnType<Orm['em']['fork']>, video: IVideo, token: PlaybackToken | null, viewer: { id: string | null; counted: boolean } = { id: null, counted: false }): Promise<PlaybackInfo> {
    const sign = (url: string | null) => (url && token ? withToken(url, video.id, token.token) : url);
    const hlsSource = video.isHlsReady ? sign(d.storage.url(videoKeys.hlsMaster(video.id, video.mediaVersion))) : null;
    const mp4Source = video.isMainReady ? sign(d.storage.url(videoKeys.main(video.id, video.mediaVersion))) : null;
    const tracks = hlsSource || mp4Source ? await captions.tracks(video.id) : [];
    // Issue 37: extra audio tracks are HLS renditions only (the mp4 keeps the video's own audio).
    const audioTracks = hlsSource ? await readyAudioTracks(sqlOf(em), video.id) : [];
    const chapters = playableChapters(video.chapters ?? [], video.durationSec);
    const board = video.storyboard && video.storyboard.mediaVersion === (video.mediaVersion ?? null) && (hlsSource || mp4Source) ? video.storyboard : null;
    const nextVideo = video.playerConfig.endAction === 'playNext' ? await nextVideoOf(em, video.userId, video.playerConfig.nextVideo) : null;
    const test = d.covers && (hlsSource || mp4Source) ? await d.covers.forViewer(video.id, viewer.id, viewer.counted) : null;
    return {
      id: video.id,
      name: video.name,
      hlsSource,
      mp4Source,
      poster: sign(test?.cover?.url ?? video.imageUrl ?? null),
      playerConfig: { id: video.id, ...video.playerConfig },
      nextVideo,
      durationSec: video.durationSec ?? null,
      width: video.width ?? null,
      height: video.height ?? null,
      processing: !hlsSource && !mp4Source,
      visibility: video.visibility,
      token,
      captions: tracks.map((t) => ({ ...t, src: sign(d.storage.url(videoKeys.file(video.id, captionFilePath(t.id)))) as string })),
      ...(audioTracks.length && { audioTracks }),
      ...(video.playerConfig.leadForm?.enabled && { leadScope: leadScopeOf(video.userId) }),
      ...(chapters.length && { chapters, chaptersVtt: sign(d.storage.url(videoKeys.file(video.id, CHAPTERS_FILE))) as string }),
      ...(test && { thumbnailTest: true }),
      ...(test?.cover && { coverId: test.cover.id }),
      // Issue 34: the owner allows downloads: the video's main.mp4 (its top rung as one file), tokened like the sources.
      // `?download=` makes delivery answer it as an attachment named after the video.
      download: video.playerConfig.allowDownload && mp4Source ? `${mp4Source}?${new URLSearchParams({ download: video.name })}` : null,
      ...(board && { storyboard: { vtt: sign(d.storage.url(`${videoKeys.media(video.id, video.mediaVersion)}/${board.vtt}`)) as string, width: board.width, height: board.height } }),
    };
  }

  return {
    /** The video when this viewer may watch it now (what `get` would answer sources for), else null. */
    async watchable(id: string, viewer: Viewer = {}): Promise<IVideo | null> {
      try {
        const { video } = await showable(id);
        assertMayWatch(video, viewer);
        return video;
      } catch (err) {
        if (err instanceof HttpError && err.status < 500) return null;
        throw err;
      }
    },

    async get(id: string, viewer: Viewer = {}): Promise<PlaybackInfo> {
      const { em, video } = await showable(id);
      assertMayWatch(video, viewer);
      // A preview token (the owner's embed preview) is answered as it is, never renewed here:
      // whoever holds one cannot stretch it past the life the signed-in answer gave it.
      const held = viewer.token ? d.tokens.access(video.id, video.privacyVersion, viewer.token) : null;
      const expiresAt = held?.preview && viewer.token ? d.tokens.expiresAt(video.id, viewer.token) : null;
      const token = viewer.token && expiresAt ? { token: viewer.token, expiresAt } : video.visibility === 'public' ? null : issue(video);
      // The owner's own embed preview sees a viewer's cover but is not an impression.
      return answer(em, video, token, { id: viewer.viewerId ?? null, counted: !held?.preview });
    },

    /**
     * The app's own players (the owner's, a team member's, an admin's previews): any visibility,
     * and past the monthly bandwidth too, signed with a preview token so the bytes are not charged
     * to the plan. The caller has checked that the signed-in user may see the video.
     */
    async preview(id: string): Promise<PlaybackInfo> {
      const { em, video } = await showable(id, true);
      return answer(em, video, issue(video, true));
    },

    /**
     * A review link's player (issue 34): any visibility (the team sent the link), a viewer's
     * token when the video is not public (renewed by the playback call, charged like any viewer).
     */
    async forReview(id: string): Promise<PlaybackInfo> {
      const { em, video } = await showable(id);
      return answer(em, video, video.visibility === 'public' ? null : issue(video));
    },

    /**
     * A password video's token for the right password (403 "Wrong password" otherwise). The
     * caller counts the try against the per-address limits first; here it counts against the
     * video's own cap (all addresses together; its first refusal in a window mails the owner),
     * then argon2 runs in the bounded pool of password checks (`checkPassword`, keyed by the address).
     */
    async unlock(id: string, password: string, address: string): Promise<PlaybackToken> {
      const { video } = await showable(id);
      // Nothing to unlock: a private video plays for its owner only; a public or unlisted one needs no
      // token, but one works there too (a player that raced a change to public keeps playing).
      if (video.visibility === 'private') throw privateVideo();
      if (video.visibility !== 'password') return issue(video);
      await d.guesses?.take('video-unlock-video', { account: video.id, address }, (limit) => videoMails.passwordGuessing(sqlOf(d.orm.em.fork()), video.id, limit));
      const ok = await checkPassword(address, () => verifyPassword(video.passwordHash, password));
      if (!ok) throw forbidden(PRIVACY_MESSAGES.wrongPassword);
      return issue(video);
    },
  };
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;
