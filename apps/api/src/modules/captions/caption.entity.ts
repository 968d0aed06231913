import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { CAPTION_KINDS, CAPTION_STATUSES } from '@reelbase/api-client';

/** A caption track of a video (its cues are rows of caption_cues, read and written by captions.service). */
export const CaptionTrack = defineEntity({
  name: 'CaptionTrack',
  tableName: 'caption_tracks',
  properties: {
    id: p.uuid().primary(),
    videoId: p.uuid(),
    /** The team's account, as videos.user_id. */
    userId: p.uuid(),
    language: p.string(),
    label: p.string(),
    kind: p.enum(CAPTION_KINDS),
    isDefault: p.boolean().default(false),
    status: p.enum(CAPTION_STATUSES).default('ready'),
    error: p.text().nullable(),
    cueCount: p.integer().default(0),
    version: p.integer().default(1),
    /** A translated track's source (issue 37) and that source's version when it was translated. */
    sourceTrackId: p.uuid().nullable(),
    sourceVersion: p.integer().nullable(),
    createdBy: p.uuid().nullable(),
    updatedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ICaptionTrack = InferEntity<typeof CaptionTrack>;
