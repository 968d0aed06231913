import { buffer } from 'node:stream/consumers';
import { Router } from '@koa/router';
import { MESSAGES, op, PLAYBACK_LOCKS, PRIVACY_MESSAGES } from '@reelbase/api-client';
import type { Context } from 'koa';
import { forbidden, notFound } from '../../../http/errors.ts';
import { on } from '../../../http/operation.ts';
import { fitMasterPlaylist, parseMasterFit } from '../../../media/master-playlist.ts';
import { CONTENT_TYPES } from '../../../storage/content-types.ts';
import type { Storage } from '../../../storage/storage.ts';
import type { AudioDelivery } from '../../audio-tracks/audio-delivery.ts';
import { CAPTION_FILE, type CaptionDelivery } from '../../captions/caption-delivery.ts';
import { CHAPTERS_FILE } from '../../chapters/chapters.service.ts';
import { type PlaybackTokens, TOKEN_SEGMENT_MARK } from '../../playback/playback-tokens.ts';
import { videoKeys } from '../storage-layout.ts';
import type { BandwidthCounter } from './bandwidth-counter.ts';
import { downloadName } from './download-name.ts';
import { answerRange } from './send-stored.ts';
import { onBodySent } from './sent-bytes.ts';
import type { ServableCache } from './servable.ts';

// Only these files of a video are public; the original upload (and the unmarked source) never is.
// The picture (main.mp4, hls/, frames) sits in its version's folder (v-<12 hex>/, videoKeys.media) or,
// for a video never changed since its upload, at the top level.
const PUBLIC_FILE = /^((v-[0-9a-f]{12}\/)?(main\.mp4|hls\/master\.m3u8|hls\/[a-z0-9_-]{1,32}\/[a-z0-9_.-]{1,64}\.(m3u8|ts|m4s|mp4)|thumbs\/[a-z0-9_-]{1,64}\.jpg|storyboard\/(storyboard\.vtt|sheet-\d{1,4}\.jpg))|thumbs\/cover-[a-z0-9-]{1,64}\.(png|svg)|gifs\/[0-9a-f-]{36}\.(gif|mp4)|watermark-[0-9a-f-]{36}\.png)$/i;

/**
 * Public playback files: playlists, segments, the mp4 and thumbnails, with Range support and
 * long caching for segments. A blocked video, or one whose owner is banned, is not served (404);
 * one whose owner is past the monthly bandwidth answers 403 until the next month. Every file of a
 * video that is not public needs a playback token in the path (/media/videos/{id}/~{token}/...),
 * 403 without; relative playlist entries resolve below it, so segments carry it too.
 */
/**
 * Counts towards the video's bandwidth the body bytes that reach the viewer's connection (see
 * onBodySent); nothing for a preview (a preview token: the owner's, a team member's or an admin's
 * own player in the app), which is not charged to the plan.
 */
function countSent(ctx: Context, id: string, length: number, preview: boolean, bandwidth: BandwidthCounter): void {
  if (preview || ctx.method === 'HEAD') return;
  onBodySent(ctx.res, length, (bytes) => bandwidth.add(id, bytes));
}

/** A whole file read into memory (a playlist, a caption file). */
function sendWhole(ctx: Context, body: Buffer, count: (length: number) => void): void {
  ctx.status = 200;
  ctx.length = body.length;
  if (ctx.method === 'HEAD') return;
  ctx.body = body;
  count(body.length);
}

/** The WebVTT chapters track of a video, null without chapters (issue 26; modules/chapters). */
export type ChaptersTrack = (videoId: string) => Promise<string | null>;

export function deliveryRoutes(storage: Storage, bandwidth: BandwidthCounter, servable: ServableCache, tokens: PlaybackTokens, captions: CaptionDelivery, chapters?: ChaptersTrack, audio?: AudioDelivery) {
  async function serve(ctx: Context) {
    const { id } = ctx.params;
    let rel = ctx.path.slice(`/media/videos/${id}/`.length);
    let token: string | null = null;
    if (rel.startsWith(TOKEN_SEGMENT_MARK)) {
      const slash = rel.indexOf('/');
      token = slash > 0 ? rel.slice(1, slash) : null;
      rel = slash > 0 ? rel.slice(slash + 1) : '';
    }
    // Issue 37: audio-track files (and the picture without audio) beside the master, first: vo-<rung> would pass for a rung.
    const audioKey = audio?.fileKey(id, rel) ?? null;
    const match = audioKey ? null : PUBLIC_FILE.exec(rel);
    const caption = !match && !audioKey && CAPTION_FILE.test(rel);
    const chaptersFile = !match && !audioKey && !caption && rel === CHAPTERS_FILE && !!chapters;
    if (!match && !caption && !chaptersFile && !audioKey) throw notFound();
    const file = match?.[2] ? rel.slice(match[2].length) : audioKey ? rel.replace(/^v-[0-9a-f]{12}\//, '') : rel;
    const s = await servable.get(id);
    if (!s.ok || (file === 'main.mp4' && !s.main) || (file.startsWith('hls/') && !s.hls)) throw notFound('Video not available');
    // A token of an earlier privacy version (or none) opens nothing of a video that is not public.
    const { secondsLeft, preview } = token === null ? { secondsLeft: 0, preview: false } : tokens.access(id, s.version, token);
    if (!s.isPublic && secondsLeft <= 0) {
      ctx.set('Cache-Control', 'no-store');
      throw forbidden(PRIVACY_MESSAGES.tokenInvalid, PLAYBACK_LOCKS.token);
    }
    // A preview is outside the plan's bandwidth, its limit too: the owner still sees their video.
    if (s.overBandwidth && !preview) throw forbidden(MESSAGES.bandwidthExceeded);
    const count = (length: number) => countSent(ctx, id, length, preview, bandwidth);
    if (caption || chaptersFile) {
      // Written from the track's cues (or the chapters): small, and changed by every edit, so revalidated each time.
      const out = chaptersFile ? await chapters?.(id).then((text) => text && { type: 'text/vtt', text }) : await captions.file(id, s.durationSec, rel);
      if (!out) throw notFound();
      ctx.type = out.type;
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
      ctx.set('Cache-Control', 'no-cache');
      sendWhole(ctx, Buffer.from(out.text), count);
      return;
    }
    const key = audioKey ?? videoKeys.file(id, rel);
    const info = await storage.stat(key);
    if (!info) throw notFound();

    const ext = rel.split('.').pop() as string;
    ctx.type = CONTENT_TYPES[ext];
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.set('Accept-Ranges', 'bytes');
    // An uploaded SVG cover opened directly must not run anything.
    if (ext === 'svg') ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.set('Last-Modified', info.mtime.toUTCString());
    // Playlists change (a growing one after every segment, the master when the ladder lands) and
    // must stop at once for a blocked video: revalidated every time. Segments never change.
    // An unversioned main.mp4 is the first upload's and is replaced in place by its ladder's top rung; a versioned one never changes.
    ctx.set('Cache-Control', ext === 'm3u8' ? 'no-cache' : rel === 'main.mp4' ? 'public, max-age=3600' : 'public, max-age=31536000, immutable');
    // Issue 34: the player's download link (`?download=<the video's name>`) saves the file, from an
    // embed on another origin too (a custom domain), where an anchor's `download` is ignored.
    if (ext === 'mp4' && typeof ctx.query.download === 'string') ctx.attachment(downloadName(ctx.query.download, key));
    // A tokened URL is kept no longer than its token lives (a shared cache keys it by the whole URL).
    if (token !== null && ext !== 'm3u8') ctx.set('Cache-Control', `${s.isPublic ? 'public' : 'private'}, max-age=${secondsLeft}`);

    if (ext === 'm3u8') {
      // Read whole: a growing playlist may be replaced between the stat and the read, and its
      // length must be the one of the bytes sent.
      let text = await buffer(storage.stream(key)).catch(() => {
        throw notFound(); // removed since the stat
      });
      // The master lists the video's caption tracks as they are now.
      if (file === 'hls/master.m3u8') {
        // `?fit=&bw=`: the rungs that fit the asking player, its start rung first (media/master-playlist.ts).
        const fit = parseMasterFit(ctx.query);
        const withCaptions = await captions.master(id, text.toString('utf8'));
        const master = audio ? await audio.master(id, rel, withCaptions) : withCaptions;
        text = Buffer.from(fit ? fitMasterPlaylist(master, fit) : master);
      }
      sendWhole(ctx, text, count);
      return;
    }
    const range = answerRange(ctx, info.size);
    if (ctx.method === 'HEAD') return;
    // Counted on the connection, not as the bytes leave storage: a viewer who stops early (an
    // aborted or stalled range) is charged for what was sent, not for the range's length.
    count(ctx.length);
    ctx.body = storage.stream(key, range ?? undefined);
  }

  const r = new Router({ prefix: '/media/videos/:id' });
  // Up to ~<token>/v-<version>/hls/<rung>/<file>: one operation per depth, all served alike.
  const depths = [op.getMediaVideosByIdByFile, op.getMediaVideosByIdByFolderByFile, op.getMediaVideosByIdByFolderByRenditionByFile, op.getMediaVideosByIdByTokenOrVersionByFolderByRenditionByFile, op.getMediaVideosByIdByTokenByVersionByFolderByRenditionByFile] as const;
  for (const operation of depths) on(r, operation, serve);
  return r;
}
