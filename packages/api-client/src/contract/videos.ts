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
export const VideoName = z.string({ error: 'Must NOT have fewer than 1 characters.' }).trim().min(1, { error: 'Must NOT have fewer than 1 characters.' }).max(VIDEO_NAME_MAX, { error: `Must NOT have more than ${VIDEO_NAME_MAX} characters.` });
export const VideoEdit = z.object({ name: VideoName });

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
