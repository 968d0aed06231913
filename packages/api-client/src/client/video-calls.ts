import type { z } from 'zod';
import type { VideoImageResponse } from '../contract/videos.ts';
import type { Video, VideoBulkRequest, WatermarkPlacementInput } from '../contract/videos.ts';
import type { EmbedSettingsUpdate } from '../contract/player.ts';
import type { VideoPrivacy } from '../contract/privacy.ts';
import type { Core } from './core.ts';
import type { EmbedOptions } from './embed.ts';
import { ApiError } from './errors.ts';
import { sendMultipart } from './files.ts';
import type { Call } from './operation.ts';
import { pathOf } from './route.ts';
import type { ImageUploadOptions, VideoListParams, VideoUploadInput } from './params.ts';
import { afterRetryAfter } from './retry-after.ts';
import * as op from './routes.generated.ts';
import { sendForm } from './transport.ts';
import type { TusInput } from './tus.ts';

// The resumable upload code loads with the first upload, so pages that never upload (sign-in) do not carry it.
const tus = () => import('./tus.ts');

/** Above this size uploads are resumable (tus) rather than one multipart request. */
export const RESUMABLE_UPLOAD_THRESHOLD = 50 * 1024 * 1024;

const stripExtension = (filename: string) => filename.replace(/\.[^./\\]+$/, '') || filename;

/** The caller's videos: the catalogue, uploads and replacements, edits, covers, watermarks, embedding. */
export function videoCalls(core: Core, call: Call) {
  /** One video file to `path` as multipart (`video`, `name` and `fields`), or over tus with `metadata` when large. */
  async function sendVideo(path: string, input: VideoUploadInput, fields: Record<string, string>, metadata: Record<string, string>): Promise<Video> {
    const filename = input.filename ?? (input.file as File).name ?? 'video';
    const name = input.name?.trim() || stripExtension(filename);
    const filetype = input.file.type || 'application/octet-stream';
    if (!filetype.startsWith('video/')) throw new ApiError(422, 'Only video files are accepted.');
    if (input.file.size > (input.resumableAboveBytes ?? RESUMABLE_UPLOAD_THRESHOLD)) {
      const body = typeof Buffer !== 'undefined' && typeof (globalThis as { window?: unknown }).window === 'undefined' ? Buffer.from(await input.file.arrayBuffer()) : input.file;
      const videoId = await (await tus()).tusUpload(core, { file: body, filename, filetype, name, metadata, onProgress: input.onProgress, signal: input.signal });
      return call(op.getVideosById, { id: videoId });
    }
    // A 429 that says when to come back (too many uploads or queued jobs just now) is waited out and sent again.
    const res = await afterRetryAfter(
      () =>
        core.execute((token) => {
          const form = new FormData();
          form.append('name', name);
          for (const [k, v] of Object.entries(fields)) form.append(k, v);
          form.append('video', input.file, filename);
          return sendForm(core.fetch, `${core.baseUrl}${path}`, form, core.authHeaders(token), input.onProgress, input.signal);
        }),
      input.signal,
    );
    return res.body as Video;
  }

  const sendImage = (videoId: string, image: Blob, fields: Record<string, string>, opts: ImageUploadOptions) =>
    sendMultipart<z.infer<typeof VideoImageResponse>>(core, pathOf(op.postVideosByIdUploadImage, { id: videoId }), 'image', image, fields, opts);

  return {
    list: (p: VideoListParams = {}) =>
      call(op.getVideos, {
        query: { limit: p.limit, page: p.page, direction: p.direction, field: p.field, folder_id: p.folderId === null ? 'null' : p.folderId, search: p.search?.trim() || undefined, tag: p.tag?.trim() || undefined },
      }),
    get: (videoId: string) => call(op.getVideosById, { id: videoId }),
    /** The app's own players' playback answer: any visibility, a preview token not charged to the plan (renewed by calling again). */
    preview: (videoId: string) => call(op.getVideosByIdPreview, { id: videoId }),
    rename: (videoId: string, name: string) => call(op.putVideosByIdEdit, { id: videoId, body: { name } }),
    /** Queues a trim; resolves with the video that receives the cut (a new one for mode 'new'). */
    trim: (videoId: string, cut: { start: number; end: number; mode: 'new' | 'overwrite'; name?: string }) => call(op.putVideosByIdEdit, { id: videoId, body: cut }),
    remove: (videoId: string) => call(op.deleteVideosById, { id: videoId }),
    /** The frame at `time` seconds becomes the cover (the call waits for the frame). */
    coverFromFrame: (videoId: string, time: number) => call(op.postVideosByIdCreateImage, { id: videoId, body: { time } }),
    /** An uploaded cover (JPG, GIF, PNG or SVG). */
    uploadCover: (videoId: string, image: Blob, opts: ImageUploadOptions = {}) => sendImage(videoId, image, { type: 'thumbnail' }, opts),
    /**
     * Burns `image` into every rendition at `placement` (shares of the video size, opacity 0 to 1).
     * Resolves once queued (202) with the watermark image's URL; the video's `watermark.state`
     * turns 'ready' when the marked renditions are published.
     */
    setWatermark: (videoId: string, image: Blob, placement: WatermarkPlacementInput, opts: ImageUploadOptions = {}) =>
      sendImage(videoId, image, { type: 'watermark', ...Object.fromEntries(Object.entries(placement).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) }, opts),
    /** Removes the watermark (the renditions are made again from the kept source); resolves with the video. */
    removeWatermark: (videoId: string) => call(op.deleteVideosByIdWatermark, { id: videoId }),
    /** A new video with its own copy of the files, named '<name> (copy)', in the same folder. */
    copy: (videoId: string) => call(op.postVideosByIdCopy, { id: videoId }),
    /** One action on several videos, all or none (a foreign id refuses the whole call). */
    bulk: (input: VideoBulkRequest) => call(op.postVideosBulk, { body: input }),
    importUrl: (url: string) => call(op.postVideosImport, { body: { url } }),
    importStatus: (videoId: string) => call(op.getVideosByIdImport, { id: videoId }),

    /**
     * Uploads one video file with progress: one multipart request for ordinary files, a
     * resumable tus upload for large ones. Resolves with the new video.
     */
    async upload(input: VideoUploadInput): Promise<Video> {
      const folder: Record<string, string> = input.folderId ? { folderId: input.folderId } : {};
      return sendVideo(pathOf(op.postVideos), input, folder, folder);
    },

    /**
     * Replaces the file of video `videoId` with progress, as upload sends a new one (resumable
     * above the threshold, with `replaces` in its metadata). The video keeps its id, settings and
     * statistics and plays its current file until the new one is ready. Resolves with the video.
     */
    replace(videoId: string, input: Omit<VideoUploadInput, 'name' | 'folderId'>): Promise<Video> {
      return sendVideo(pathOf(op.postVideosByIdReplace, { id: videoId }), input, {}, { replaces: videoId });
    },

    /**
     * A resumable (tus) upload of any source the platform can read (the desktop app passes a
     * file stream and keeps `uploadUrl` to continue after a restart). Resolves with the video id.
     */
    resumableUpload: async (input: TusInput) => (await tus()).tusUpload(core, input),
    /** Bytes the server holds of an unfinished resumable upload; null when it holds none. */
    resumableOffset: async (uploadUrl: string) => (await tus()).tusOffset(core, uploadUrl),

    /**
     * The embed snippet from GET /api/videos/{id}/embed (an hls embed unless `type` says mp4).
     * Errors surface as they are, e.g. a 404 'Video not found' for a video that is gone.
     */
    async embedCode(videoId: string, e: EmbedOptions): Promise<string> {
      const r = await call(op.getVideosByIdEmbed, {
        id: videoId,
        // A zero side counts as 1 (the API takes 1 to 10000); no side at all: the responsive snippet.
        query: {
          width: e.width === undefined ? undefined : Math.max(1, Math.round(e.width)),
          height: e.height === undefined ? undefined : Math.max(1, Math.round(e.height)),
          redirect: e.redirect?.trim() || undefined,
          'new-window': e.newWindow ? 1 : 0,
          type: e.type,
        },
      });
      return r.embed;
    },
    /** The embedding panel's saved choices for a video (the defaults until the owner changes one). */
    embedSettings: (videoId: string) => call(op.getVideosByIdEmbedSettings, { id: videoId }),
    setPrivacy: (videoId: string, privacy: VideoPrivacy) => call(op.putVideosByIdPrivacy, { id: videoId, body: privacy }),
    /** Saves one or more of the embedding panel's choices; resolves with all of them. */
    saveEmbedSettings: (videoId: string, changes: EmbedSettingsUpdate) => call(op.putVideosByIdEmbedSettings, { id: videoId, body: changes }),
  };
}
