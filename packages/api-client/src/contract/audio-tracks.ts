import { z } from 'zod';
import { CaptionLabel, CaptionLanguage } from './captions.ts';
import { MessageBody } from './common.ts';
import type { Endpoint } from './endpoint.ts';

// ---- issue 37 item 2: extra audio tracks (dubbed or described) ----

export const AUDIO_TRACK_STATUSES = ['processing', 'ready', 'failed'] as const;
export type AudioTrackStatus = (typeof AUDIO_TRACK_STATUSES)[number];
/** How far a track's length may be from the video's (seconds): further is a 422 naming both. */
export const AUDIO_TRACK_DURATION_TOLERANCE_SEC = 1;
/** Extra audio tracks one video may have. */
export const AUDIO_TRACKS_MAX = 10;

const seconds = (s: number) => `${s.toFixed(1)} s`;
export const AUDIO_TRACK_MESSAGES = {
  fileRequired: 'An audio or video file is required.',
  noAudio: 'The file has no audio stream.',
  unreadable: 'The file is not an audio or video format we can read.',
  tooLarge: 'The file is too large.',
  duration: (trackSec: number, videoSec: number) =>
    `The audio lasts ${seconds(trackSec)} but the video lasts ${seconds(videoSec)}: a track must be within ${AUDIO_TRACK_DURATION_TOLERANCE_SEC} s of the video's length.`,
  notReady: 'The video is still being processed. Add audio tracks once it plays.',
  tooMany: `A video can have at most ${AUDIO_TRACKS_MAX} audio tracks.`,
  nothing: 'Send a label, a language or isDefault.',
  isDefault: 'Must be true or false.',
} as const;

/** An extra audio track as the video's team sees it. `isDefault`: players start with it instead of the video's own audio. */
export const AudioTrack = z.object({
  id: z.string(),
  videoId: z.string(),
  /** BCP 47, canonical case. */
  language: z.string(),
  label: z.string(),
  isDefault: z.boolean(),
  status: z.enum(AUDIO_TRACK_STATUSES),
  /** Why the encode failed; null otherwise. */
  error: z.string().nullable(),
  durationSec: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AudioTrack = z.infer<typeof AudioTrack>;
export const AudioTrackList = z.object({ items: z.array(AudioTrack) });
export type AudioTrackList = z.infer<typeof AudioTrackList>;

/** The text fields beside `file` of POST /api/videos/{id}/audio-tracks; label defaults to the language's name. */
export const AudioTrackUploadFields = z.object({
  language: CaptionLanguage,
  label: CaptionLabel.optional().or(z.literal('').transform(() => undefined)),
});
export type AudioTrackUploadFields = z.output<typeof AudioTrackUploadFields>;

/** PUT /api/videos/{id}/audio-tracks/{trackId}: rename, relabel the language, make it (or not) the default. */
export const AudioTrackUpdate = z
  .object({
    label: CaptionLabel.optional(),
    language: CaptionLanguage.optional(),
    isDefault: z.boolean({ error: AUDIO_TRACK_MESSAGES.isDefault }).optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), { error: AUDIO_TRACK_MESSAGES.nothing, path: ['label'] });
export type AudioTrackUpdate = z.output<typeof AudioTrackUpdate>;

/** An audio track a player offers (the HLS master lists it as an AUDIO rendition; the mp4 keeps the video's own audio). */
export const PlaybackAudioTrack = z.object({ id: z.string(), label: z.string(), language: z.string(), isDefault: z.boolean() });
export type PlaybackAudioTrack = z.infer<typeof PlaybackAudioTrack>;

const editVideo = { auth: 'user', team: 'edit', scope: 'videos:write' } as const;
const readVideo = { auth: 'user', team: 'view', scope: 'videos:read' } as const;
export const audioTrackOperations = [
  { method: 'get', path: '/api/videos/{id}/audio-tracks', summary: "The video's extra audio tracks, the default first, then by label", ...readVideo, response: AudioTrackList },
  {
    method: 'post',
    path: '/api/videos/{id}/audio-tracks',
    summary:
      "Add a dubbed or described audio track (202): an audio or video file (its first audio stream), its language (BCP 47) and label. 422 when its length is more than 1 s from the video's (the message gives both), without an audio stream, or unreadable; 409 while the video is not ready. Encoded once to AAC by a job (status 'processing' until 'ready' or 'failed'), then listed in the HLS master as an AUDIO rendition",
    ...editVideo,
    multipart: { file: 'file', language: 'string', label: 'string' },
    response: AudioTrack,
  },
  { method: 'get', path: '/api/videos/{id}/audio-tracks/{trackId}', summary: 'One audio track', ...readVideo, response: AudioTrack },
  { method: 'put', path: '/api/videos/{id}/audio-tracks/{trackId}', summary: "Rename a track, change its language, or make it the default (players start with it; false: the video's own audio again)", ...editVideo, body: AudioTrackUpdate, response: AudioTrack },
  { method: 'delete', path: '/api/videos/{id}/audio-tracks/{trackId}', summary: 'Remove an audio track and its files', ...editVideo, response: MessageBody },
] as const satisfies readonly Endpoint[];
