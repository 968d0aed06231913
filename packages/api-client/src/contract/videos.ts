import { z } from 'zod';
import { MessageBody, paginated } from './common.ts';
import { VIDEO_PAGE_SIZE_DEFAULT } from './constants.ts';
import { FolderParam } from './folders.ts';
import { ColorScheme } from './profile.ts';

export const END_ACTIONS = ['pause', 'stop', 'playNext', 'loop'] as const;
export const START_ACTIONS = ['none', 'autoPlay', 'loadVideo'] as const;

export const PlayerConfig = z.object({
  id: z.string(),
  endAction: z.enum(END_ACTIONS),
  nextVideo: z.string().nullable(),
  startAction: z.enum(START_ACTIONS),
  autoHideControls: z.boolean(),
  playPauseButton: z.boolean(),
  volumeControl: z.boolean(),
  videoPopOut: z.boolean(),
  showLogoInPlayer: z.boolean(),
  logoPatn: z.string().nullable(),
  colorScheme: ColorScheme,
});
export type PlayerConfig = z.infer<typeof PlayerConfig>;

/** A video as its owner sees it. `status` is 'loading' until both main mp4 and HLS are ready. */
export const Video = z.object({
  id: z.string(),
  name: z.string(),
  videoSource: z.string().nullable(),
  hlsSource: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbnails: z.array(z.string()),
  size: z.number(),
  createdAt: z.string(),
  ban: z.boolean(),
  monthlyBandwidthUsage: z.number(),
  totalBandwidthUsage: z.number(),
  status: z.enum(['loading', 'ready', 'failed']),
  processing: z.object({
    stage: z.enum(['importing', 'queued', 'processing', 'ready', 'failed']),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    isLadderReady: z.boolean(),
  }),
  isMainReady: z.boolean(),
  isHlsReady: z.boolean(),
  folderId: z.string().nullable(),
  metadata: z.object({
    durationSec: z.number().nullable(),
    video: z.object({ width: z.number().nullable(), height: z.number().nullable() }),
  }),
  playerConfig: PlayerConfig,
});
export type Video = z.infer<typeof Video>;

export const VideoList = paginated(Video);

const pageNumber = z.coerce.number({ error: 'Must be a whole number of 1 or more.' }).int({ error: 'Must be a whole number of 1 or more.' }).min(1, { error: 'Must be a whole number of 1 or more.' });

export const VideoListQuery = z.object({
  limit: z.coerce.number().int().min(1, { error: 'Must be between 1 and 100.' }).max(100, { error: 'Must be between 1 and 100.' }).default(VIDEO_PAGE_SIZE_DEFAULT),
  page: pageNumber.default(1),
  direction: z
    .string()
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'Must be ASC or DESC.' }))
    .default('ASC'),
  field: z.enum(['createdAt', 'name', 'size'], { error: 'Must be one of createdAt, name, size.' }).default('createdAt'),
  /** One folder's videos; `null` the top level's; left out, every video. */
  folder_id: FolderParam.optional(),
  search: z.string().trim().max(255).optional(),
});

export const VIDEO_NAME_MAX = 255;
/** A copy is named '<name> (copy)' (POST /api/videos/{id}/copy). */
export const COPY_SUFFIX = ' (copy)';
export const VideoName = z.string({ error: 'Must NOT have fewer than 1 characters.' }).trim().min(1, { error: 'Must NOT have fewer than 1 characters.' }).max(VIDEO_NAME_MAX, { error: `Must NOT have more than ${VIDEO_NAME_MAX} characters.` });
/** 'Save As New Video' (a new video, the original untouched) or 'Overwrite Original' (same id, embed code and statistics). */
export const TRIM_MODES = ['new', 'overwrite'] as const;
/** A shorter cut would hold no more than a few frames. */
export const TRIM_MIN_SECONDS = 0.5;
export const TRIM_MESSAGES = {
  seconds: 'Must be a number of seconds, 0 or more.',
  endAfterStart: `Must be at least ${TRIM_MIN_SECONDS} s after the start time.`,
  startPastEnd: 'Must be before the end of the video.',
  mode: 'Must be one of new, overwrite.',
  incomplete: 'A trim needs start, end and mode.',
  nothing: 'Give a name, or a start, end and mode to trim.',
  busy: 'The video is still processing. Try again when it is ready.',
} as const;
const trimSeconds = z.number({ error: TRIM_MESSAGES.seconds }).min(0, { error: TRIM_MESSAGES.seconds }).max(24 * 3600, { error: TRIM_MESSAGES.seconds });

/** PUT /api/videos/{id}/edit: a rename (name), a trim (start, end in seconds, mode), or both. */
export const VideoEdit = z
  .object({
    name: VideoName.optional(),
    start: trimSeconds.optional(),
    end: trimSeconds.optional(),
    mode: z.enum(TRIM_MODES, { error: TRIM_MESSAGES.mode }).optional(),
  })
  .superRefine((v, ctx) => {
    const trim = [v.start, v.end, v.mode];
    if (trim.every((x) => x === undefined)) {
      if (v.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: TRIM_MESSAGES.nothing });
      return;
    }
    for (const key of ['start', 'end', 'mode'] as const) if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: TRIM_MESSAGES.incomplete });
    if (v.start !== undefined && v.end !== undefined && v.end - v.start < TRIM_MIN_SECONDS) ctx.addIssue({ code: 'custom', path: ['end'], message: TRIM_MESSAGES.endAfterStart });
  });
export type VideoEdit = z.infer<typeof VideoEdit>;

export const ImportRequest = z.object({
  url: z
    .string({ error: 'Must match format "uri".' })
    .trim()
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), { error: 'Must be an http:// or https:// link.' }),
});
export const ImportStarted = z.object({ id: z.string() });
export const ImportStatus = z.object({ progress: z.number().int().min(0).max(100), name: z.string(), error: z.string().nullable() });

/** Up to one page of the largest size per bulk call. */
export const BULK_MAX_IDS = 100;
const bulkIds = z
  .array(z.uuid({ error: 'Must be video ids.' }), { error: 'Must be a list of video ids.' })
  .min(1, { error: 'Select at least one video.' })
  .max(BULK_MAX_IDS, { error: `Select at most ${BULK_MAX_IDS} videos.` });

/** One action on several of the caller's videos; all of them or none. */
export const VideoBulkRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('addToFolder'), folderId: z.uuid({ error: 'Must be a folder id.' }).nullable(), ids: bulkIds }),
    z.object({ action: z.literal('delete'), ids: bulkIds }),
  ],
  { error: 'Must be addToFolder or delete.' },
);
export type VideoBulkRequest = z.infer<typeof VideoBulkRequest>;
export const VideoBulkResult = MessageBody.extend({ count: z.number().int() });

/** `type` of POST /api/videos/{id}/upload/image: the cover (the default). */
export const VIDEO_IMAGE_TYPES = ['thumbnail'] as const;
export const COVER_MESSAGES = {
  time: 'Must be a number of seconds, 0 or more.',
  timePastEnd: 'Must be within the video.',
  imageRequired: 'An image file is required.',
  type: `Must be one of ${VIDEO_IMAGE_TYPES.join(', ')}.`,
} as const;
/** POST /api/videos/{id}/create/image: the cover becomes the frame at `time` seconds. */
export const CoverFromFrame = z.object({ time: z.number({ error: COVER_MESSAGES.time }).min(0, { error: COVER_MESSAGES.time }) });
export const VideoImageResponse = z.object({ imageUrl: z.string() });
