import type { z } from 'zod';
import type { AudioTrack, AudioTrackUpdate } from '../contract/audio-tracks.ts';
import type { Core } from './core.ts';
import { sendMultipart } from './files.ts';
import type { Call } from './operation.ts';
import type { ImageUploadOptions } from './params.ts';
import { pathOf } from './route.ts';
import * as op from './routes.generated.ts';

/** Issue 37: a video's extra audio tracks (`/api/videos/{id}/audio-tracks`). */
export const audioTrackCalls = (core: Core, call: Call) => ({
  list: (videoId: string) => call(op.getVideosByIdAudioTracks, { id: videoId }),
  get: (videoId: string, trackId: string) => call(op.getVideosByIdAudioTracksByTrackId, { id: videoId, trackId }),
  /** An audio or video file as a new track (202: 'processing' until the job has encoded it; 422 when its length is off). */
  upload: (videoId: string, file: Blob, fields: { language: string; label?: string }, opts: ImageUploadOptions = {}) =>
    sendMultipart<AudioTrack>(core, pathOf(op.postVideosByIdAudioTracks, { id: videoId }), 'file', file, { language: fields.language, ...(fields.label ? { label: fields.label } : {}) }, { filename: (file as File).name ?? 'audio.m4a', ...opts }),
  /** Rename, change the language, make it the default (false: the video's own audio again). */
  update: (videoId: string, trackId: string, changes: z.input<typeof AudioTrackUpdate>) => call(op.putVideosByIdAudioTracksByTrackId, { id: videoId, trackId, body: changes }),
  remove: (videoId: string, trackId: string) => call(op.deleteVideosByIdAudioTracksByTrackId, { id: videoId, trackId }),
});
