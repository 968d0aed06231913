import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { type Chapter, type EmbedSettings, type PlayerConfig, VISIBILITIES, type WatermarkPlacement } from '@reelbase/api-client';
import { actingPersonId } from '../teams/acting.ts';

export const VIDEO_STATUSES = ['importing', 'queued', 'processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** The burnt-in watermark (placement as shares of the video size); `cleanKey` is the unmarked source, kept for a change or removal. */
export interface StoredWatermark extends WatermarkPlacement {
  /** Names the job applying it, so a newer change wins over an older job. */
  id: string;
  imageKey: string;
  state: 'processing' | 'ready' | 'failed';
  cleanKey: string | null;
  /** A removal is being published (the picture goes back to the unmarked source). */
  removing?: boolean;
}

/** A video's seek-preview storyboard (issue 26): made for one media version, its WebVTT index below that version's folder. */
export interface StoredStoryboard {
  /** The row's mediaVersion it was made from (null: the first upload's picture). */
  mediaVersion: string | null;
  /** The index, relative to the version's folder (storyboard/storyboard.vtt); its sheets sit beside it. */
  vtt: string;
  width: number;
  height: number;
  intervalSec: number;
  tiles: number;
}

export interface StoredRendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
  playlist: string;
}

/**
 * A video and its processing state. Files live in storage under videos/{id}/; the row holds
 * only what lists and players need, so a list is one indexed query.
 */
export const Video = defineEntity({
  name: 'Video',
  tableName: 'videos',
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    userId: p.uuid(),
    folderId: p.uuid().nullable(),
    name: p.string(),
    source: p.enum(['upload', 'import'] as const),
    importUrl: p.text().nullable(),
    importProgress: p.integer().default(0),
    originalKey: p.string().nullable(),
    /** Names the folder of the published picture (video-view.ts: videoKeys.media); null for the first upload's. */
    mediaVersion: p.string().nullable(),
    lastEditId: p.uuid().nullable(),
    size: p.bigint('number').default(0),
    /** Every object under videos/{id}/ (source, renditions, frames, covers): what counts against the limit. */
    storedBytes: p.bigint('number').default(0),
    durationSec: p.float().nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    videoCodec: p.string().nullable(),
    audioCodec: p.string().nullable(),
    status: p.enum(VIDEO_STATUSES).default('queued'),
    progress: p.integer().default(0),
    error: p.text().nullable(),
    isMainReady: p.boolean().default(false),
    isHlsReady: p.boolean().default(false),
    isLadderReady: p.boolean().default(false),
    renditions: p.json<StoredRendition[]>(),
    imageUrl: p.string().nullable(),
    thumbnails: p.json<string[]>(),
    playerConfig: p.json<Omit<PlayerConfig, 'id'>>(),
    watermark: p.json<StoredWatermark>().nullable(),
    /** The embedding panel's saved choices; null until the owner changes one (then the defaults apply). */
    embedSettings: p.json<EmbedSettings>().nullable(),
    /** The owner's chapters (issue 26), first at 0, by start. */
    chapters: p.json<Chapter[]>().onCreate(() => []),
    /** Issue 34: plain text with links, and the tags (GIN-indexed lowercased: see the VideoDetails migration). */
    description: p.text().default(''),
    tags: p.array().onCreate(() => []),
    /** The seek-preview storyboard, null until the pipeline made one. */
    storyboard: p.json<StoredStoryboard>().nullable(),
    ban: p.boolean().default(false),
    /** The admin's reason for the block, shown to the owner. */
    banReason: p.text().nullable(),
    /** The edit under way ('trim', 'replace': a new file), cleared once its picture is published. */
    task: p.enum(['trim', 'replace'] as const).nullable(),
    /** Who may watch (see VISIBILITIES); every media file of a non-public video needs a playback token. */
    visibility: p.enum(VISIBILITIES).default('public'),
    /** argon2id, like account passwords; kept when the visibility changes, so switching back reuses it. */
    passwordHash: p.text().nullable(),
    /** The embed domain allowlist (`example.com`, `*.example.com`); empty: any site. */
    allowedDomains: p.json<string[]>().onCreate(() => []),
    /** Bumped on every change of visibility or password: playback tokens signed before stop working. */
    privacyVersion: p.integer().default(0),
    monthlyBandwidthUsage: p.bigint('number').default(0),
    totalBandwidthUsage: p.bigint('number').default(0),
    bandwidthMonth: p.string().nullable(),
    /** The team member who uploaded, imported or copied it, and who changed it last (jobs keep the last person). */
    uploadedBy: p
      .uuid()
      .nullable()
      .onCreate((v: { uploadedBy?: string | null }) => (v.uploadedBy ?? actingPersonId()) as string),
    updatedBy: p
      .uuid()
      .nullable()
      .onCreate((v: { updatedBy?: string | null }) => (v.updatedBy ?? actingPersonId()) as string)
      .onUpdate((v: { updatedBy?: string | null }) => (actingPersonId() ?? v.updatedBy ?? null) as string),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type IVideo = InferEntity<typeof Video>;
