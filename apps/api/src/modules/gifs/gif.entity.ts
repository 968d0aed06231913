import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import type { GifTextInfo } from '@reelbase/api-client';

/** A made GIF and its MP4 snippet; the row is written by the make-gif job once both are stored. */
export const Gif = defineEntity({
  name: 'Gif',
  tableName: 'gifs',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    videoId: p.uuid(),
    startTime: p.float(),
    endTime: p.float(),
    fps: p.integer(),
    width: p.integer(),
    height: p.integer(),
    textInfo: p.json<GifTextInfo>(),
    redirectToUrl: p.text().nullable(),
    gifKey: p.text(),
    gifSize: p.bigint('number'),
    // Named explicitly: the naming strategy does not split after a digit.
    mp4Key: p.text().fieldName('mp4_key'),
    mp4Size: p.bigint('number').fieldName('mp4_size'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IGif = InferEntity<typeof Gif>;
