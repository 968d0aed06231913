import type { z } from 'zod';
import type { CaptionFormat, CaptionTrack, CaptionUpdate } from '../contract/captions.ts';
import type { Chapter } from '../contract/chapters.ts';
import type { FolderUpdate } from '../contract/folders.ts';
import type { GifCreateInput } from '../contract/gifs.ts';
import type { PlayerConfigUpdate, PlayerLogoUploadResponse } from '../contract/player.ts';
import type { Core } from './core.ts';
import { downloadFile, downloadText, putMultipart, sendMultipart } from './files.ts';
import type { Call } from './operation.ts';
import { pathOf } from './route.ts';
import type { GifListParams, ImageUploadOptions } from './params.ts';
import * as op from './routes.generated.ts';

/** A caption upload's text fields, as multipart sends them. */
const captionFields = (f: { language: string; label?: string; isDefault?: boolean }): Record<string, string> => ({
  language: f.language,
  ...(f.label !== undefined && { label: f.label }),
  ...(f.isDefault !== undefined && { isDefault: String(f.isDefault) }),
});

export const gifCalls = (call: Call) => ({
  list: (p: GifListParams = {}) => call(op.getGifs, { query: { limit: p.limit, page: p.page, 'video-id': p.videoId } }),
  /** Makes the GIF and its MP4 snippet; resolves when both are stored (the end may come back clipped). */
  create: (input: GifCreateInput) => call(op.postGifs, { body: input }),
  remove: (gifId: string) => call(op.deleteGifsById, { id: gifId }),
});

/** A video's chapters (`/api/videos/{id}/chapters`, issue 26): the whole list is saved at once. */
export const chapterCalls = (call: Call) => ({
  get: (videoId: string) => call(op.getVideosByIdChapters, { id: videoId }),
  save: (videoId: string, list: Chapter[]) => call(op.putVideosByIdChapters, { id: videoId, body: { chapters: list } }),
});

/** A video's thumbnail tests (`/api/videos/{id}/thumbnail-tests`, issue 33): start one with 2 or 3 seconds, read its figures, end it. */
export const thumbnailTestCalls = (call: Call) => ({
  get: (videoId: string) => call(op.getVideosByIdThumbnailTests, { id: videoId }),
  start: (videoId: string, seconds: number[]) => call(op.postVideosByIdThumbnailTests, { id: videoId, body: { seconds } }),
  /** The chosen cover (else the leading one) becomes the poster. */
  end: (videoId: string, testId: string, winnerCoverId?: string) => call(op.postVideosByIdThumbnailTestsByTestIdEnd, { id: videoId, testId, body: winnerCoverId ? { winnerCoverId } : {} }),
});

/** Caption tracks of a video (`/api/videos/{id}/captions`). */
export const captionCalls = (core: Core, call: Call) => ({
  list: (videoId: string) => call(op.getVideosByIdCaptions, { id: videoId }),
  /** A track made from the video's speech by the workers (202: status 'processing' until it is 'ready' or 'failed'). */
  generate: (videoId: string, language: string) => call(op.postVideosByIdCaptionsGenerate, { id: videoId, body: { language } }),
  /** The acting account's language for generated captions of every new upload (null: off). */
  settings: () => call(op.getCaptionsSettings),
  updateSettings: (autoLanguage: string | null) => call(op.putCaptionsSettings, { body: { autoLanguage } }),
  /** One track with its cues. */
  get: (videoId: string, captionId: string) => call(op.getVideosByIdCaptionsByCaptionId, { id: videoId, captionId }),
  /** A WebVTT or SRT file as a new track (422 names what is wrong with the file, with its line). */
  upload: (videoId: string, file: Blob, fields: { language: string; label?: string; isDefault?: boolean }, opts: ImageUploadOptions = {}) =>
    sendMultipart<CaptionTrack>(core, pathOf(op.postVideosByIdCaptions, { id: videoId }), 'file', file, captionFields(fields), { filename: (file as File).name ?? 'captions.vtt', ...opts }),
  /** A new file for a track (a new version, kind 'uploaded'). */
  replace: (videoId: string, captionId: string, file: Blob, fields: { language: string; label?: string; isDefault?: boolean }) =>
    putMultipart<CaptionTrack>(core, pathOf(op.putVideosByIdCaptionsByCaptionId, { id: videoId, captionId }), 'file', file, (file as File).name ?? 'captions.vtt', captionFields(fields)),
  /** Label, language, default, or the editor's cues (a new version, kind 'edited'). */
  update: (videoId: string, captionId: string, changes: z.input<typeof CaptionUpdate>) => call(op.putVideosByIdCaptionsByCaptionId, { id: videoId, captionId, body: changes }),
  remove: (videoId: string, captionId: string) => call(op.deleteVideosByIdCaptionsByCaptionId, { id: videoId, captionId }),
  /** The track as a file to save (WebVTT, SRT or plain text), under the name the server gives it. */
  file: (videoId: string, captionId: string, format: CaptionFormat) => downloadFile(core, pathOf(op.getVideosByIdCaptionsByCaptionIdByFormat, { id: videoId, captionId, format }), {}),
  /** The track as a WebVTT, SRT or plain-text file's text. */
  download: (videoId: string, captionId: string, format: CaptionFormat): Promise<string> =>
    downloadText(core, pathOf(op.getVideosByIdCaptionsByCaptionIdByFormat, { id: videoId, captionId, format })),
});

export const folderCalls = (call: Call) => ({
  /** The folders in `parentId` (null: the top level) and the breadcrumbs down to it. */
  list: (parentId: string | null, direction?: 'ASC' | 'DESC') => call(op.getFolders, { query: { parent_id: parentId ?? undefined, direction } }),
  get: (folderId: string) => call(op.getFoldersById, { id: folderId }),
  create: (name: string, parentId?: string | null) => call(op.postFolders, { body: { name, parentId: parentId ?? null } }),
  /** Rename (`name`) and/or move (`parentId`, null for the top level). */
  update: (folderId: string, input: z.input<typeof FolderUpdate>) => call(op.putFoldersById, { id: folderId, body: input }),
  remove: (folderId: string) => call(op.deleteFoldersById, { id: folderId }),
});

export const playerConfigCalls = (core: Core, call: Call) => ({
  /** Saves the changed settings of a video's player (the UI sends one at a time); answers the whole configuration. */
  update: (videoId: string, changes: Omit<z.input<typeof PlayerConfigUpdate>, 'id'>) => call(op.putPlayerConfigById, { id: videoId, body: { id: videoId, ...changes } }),
  /** Uploads the video's player logo (feature uploadPlayerLogo); it is shown in the player at once. */
  uploadLogo: (videoId: string, image: Blob, filename = (image as File).name ?? 'logo.png') =>
    putMultipart<z.infer<typeof PlayerLogoUploadResponse>>(core, pathOf(op.putPlayerConfigByIdImage, { id: videoId }), 'image', image, filename),
});
