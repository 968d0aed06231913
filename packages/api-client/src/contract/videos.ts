import { z } from 'zod';
import { MessageBody, maxLength, pageLimit, pageNumber, paginated, sortDirection } from './common.ts';
import { MEDIA_SECONDS_MAX, NAME_MAX_LENGTH, URL_MAX_LENGTH, VIDEO_PAGE_SIZE_DEFAULT, WATERMARK_OPACITY_DEFAULT } from './constants.ts';
import { FolderParam } from './folders.ts';
import { ColorScheme } from './profile.ts';
import { BulkVisibility, PlaybackToken, VideoPrivacyFields } from './privacy.ts';
import { TranscriptMatch } from './captions.ts';
import { CallToActionConfig, LeadFormConfig } from './leads.ts';
import { Chapter } from './chapters.ts';

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
  // issue 27: the email form (lead capture) and the call to action.
  leadForm: LeadFormConfig,
  callToAction: CallToActionConfig,
  // Issue 26 (controls): the viewer's controls the owner shows or hides; all on by default.
  speedMenu: z.boolean(),
  qualityMenu: z.boolean(),
  pictureInPicture: z.boolean(),
  captionsButton: z.boolean(),
  keyboardShortcuts: z.boolean(),
  /** A returning viewer resumes where they left off (kept in their browser). */
  resumePlayback: z.boolean(),
  /** Issue 34: viewers get a download button (and the playback answer a `download` URL); off by default. */
  allowDownload: z.boolean(),
});
export type PlayerConfig = z.infer<typeof PlayerConfig>;

export const WATERMARK_MESSAGES = {
  position: 'Must be a number from 0 to 1 (a share of the video width or height).',
  size: 'Must be a number above 0 and at most 1 (a share of the video width or height).',
  fit: 'The watermark must lie inside the video.',
  opacity: 'Must be a number from 0 to 1.',
  image: 'Watermarks must be JPG, GIF or PNG images.',
  busy: 'The watermark is still being applied. Try again when it is done.',
  none: 'The video has no watermark.',
  trimOverMarked: 'Remove the watermark before trimming over this video, or save the trim as a new video.',
  replaceOverMarked: 'Remove the watermark before replacing the video file.',
} as const;
/** Multipart fields are text: a number in a string, blank meaning absent. */
const formNumber = <T extends z.ZodType>(inner: T) => z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v), inner);
const bounded = (message: string, min: number, max: number, above = false) => {
  const n = z.number({ error: message }).max(max, { error: message });
  return above ? n.gt(min, { error: message }) : n.min(min, { error: message });
};
const share = formNumber(bounded(WATERMARK_MESSAGES.position, 0, 1));
const extent = formNumber(bounded(WATERMARK_MESSAGES.size, 0, 1, true));

/**
 * Where a watermark sits, as shares (0 to 1) of the video's width (positionX, width) and height
 * (positionY, height), so every rendition places it alike; opacity 0 to 1 (the input's 0 to 100
 * divided by 100; 1 when left out). The fields beside `image` and `type=watermark` of
 * POST /api/videos/{id}/upload/image.
 */
export const WatermarkPlacement = z
  .object({
    positionX: share,
    positionY: share,
    width: extent,
    height: extent,
    opacity: formNumber(bounded(WATERMARK_MESSAGES.opacity, 0, 1).default(WATERMARK_OPACITY_DEFAULT / 100)),
  })
  .superRefine((w, ctx) => {
    // A little slack for a preview's rounding.
    if (w.positionX + w.width > 1.001) ctx.addIssue({ code: 'custom', path: ['width'], message: WATERMARK_MESSAGES.fit });
    if (w.positionY + w.height > 1.001) ctx.addIssue({ code: 'custom', path: ['height'], message: WATERMARK_MESSAGES.fit });
  });
export type WatermarkPlacement = z.output<typeof WatermarkPlacement>;
export type WatermarkPlacementInput = z.input<typeof WatermarkPlacement>;

/**
 * A video's watermark: the uploaded image, its placement and whether the watermarked files are
 * being made ('processing': the unmarked ones play meanwhile), published ('ready') or failed.
 */
export const Watermark = z.object({
  imageUrl: z.string(),
  positionX: z.number(),
  positionY: z.number(),
  width: z.number(),
  height: z.number(),
  opacity: z.number(),
  state: z.enum(['processing', 'ready', 'failed']),
});
export type Watermark = z.infer<typeof Watermark>;

/**
 * What is happening to a video: 'ladder' plays already while the other quality levels are made;
 * 'trimming' and 'watermarking' are edits of a video that may play meanwhile.
 */
export const VIDEO_ACTIVITIES = ['importing', 'queued', 'processing', 'ladder', 'trimming', 'watermarking', 'replacing', 'ready', 'failed'] as const;
export type VideoActivity = (typeof VIDEO_ACTIVITIES)[number];
export const VIDEO_ACTIVITY_LABELS: Record<VideoActivity, string> = {
  importing: 'Importing',
  queued: 'Waiting to be processed',
  processing: 'Processing',
  ladder: 'Playable; making more quality levels',
  trimming: 'Trimming',
  watermarking: 'Adding the watermark',
  replacing: 'Replacing the file',
  ready: 'Ready',
  failed: 'Processing failed',
};
/** Why an edit tool (trim, thumbnail, watermark, GIF) or a copy is unavailable now, or null when it is available. */
export function editBlockedReason(v: { processing: { activity: VideoActivity } }): string | null {
  switch (v.processing.activity) {
    case 'ready':
      return null;
    case 'failed':
      return 'This video could not be processed. Upload it again.';
    case 'trimming':
      return 'The video is being trimmed. The tools come back when it is done.';
    case 'watermarking':
      return 'The watermark is being added. The tools come back when it is done.';
    case 'replacing':
      return 'The file is being replaced. The tools come back when it is done.';
    default:
      return 'The video is still processing. The tools come back when it is ready.';
  }
}

/** A video as its owner sees it. `status` is 'loading' until both main mp4 and HLS are ready. */
/** A person named on a video (teams): who uploaded it, who changed it last. */
export const VideoPerson = z.object({ id: z.string(), name: z.string() });
export type VideoPerson = z.infer<typeof VideoPerson>;

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
    /** What is happening to the video now, in the owner's words by VIDEO_ACTIVITY_LABELS. */
    activity: z.enum(VIDEO_ACTIVITIES),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    isLadderReady: z.boolean(),
  }),
  /** Why an admin blocked the video (null when none was given or it is not blocked). */
  banReason: z.string().nullable(),
  /** The folder's name, in lists (a search across folders shows where each video is); null at the top level. */
  folderName: z.string().nullable().optional(),
  isMainReady: z.boolean(),
  isHlsReady: z.boolean(),
  folderId: z.string().nullable(),
  metadata: z.object({
    durationSec: z.number().nullable(),
    video: z.object({ width: z.number().nullable(), height: z.number().nullable() }),
  }),
  playerConfig: PlayerConfig,
  /** The burnt-in watermark, null when there is none. */
  watermark: Watermark.nullable(),
  /** Who may watch it and where it may be embedded (never the password itself). */
  ...VideoPrivacyFields.shape,
  /** The token in this answer's media URLs when the video is not public (the owner's and an admin's players), else null. */
  playbackToken: PlaybackToken.nullable(),
  /** The team member who uploaded (or imported, copied) it, and who changed it last; null for videos from before teams or people since deleted. */
  uploadedBy: VideoPerson.nullable().optional(),
  updatedBy: VideoPerson.nullable().optional(),
  /** In a My videos search: the lines of its captions that hold the searched words, by time (at most CAPTION_MATCHES_PER_VIDEO). */
  matches: z.array(TranscriptMatch).optional(),
  /** The chapters (issue 26), first at 0, by start. */
  chapters: z.array(Chapter),
  /** Issue 34: the description (plain text with links) and the tags, as PUT /api/videos/{id}/details saved them. */
  description: z.string(),
  tags: z.array(z.string()),
});
export type Video = z.infer<typeof Video>;

export const VideoList = paginated(Video);

export const VideoListQuery = z.object({
  limit: pageLimit(VIDEO_PAGE_SIZE_DEFAULT),
  page: pageNumber,
  direction: sortDirection('ASC'),
  field: z.enum(['createdAt', 'name', 'size'], { error: 'Must be one of createdAt, name, size.' }).default('createdAt'),
  /** One folder's videos; `null` the top level's; left out, every video. */
  folder_id: FolderParam.optional(),
  search: z.string().max(...maxLength(NAME_MAX_LENGTH)).trim().optional(),
  /** Issue 34: only the videos with this tag (whatever its letter case). */
  tag: z.string().max(...maxLength(160)).trim().optional(),
});

export const VIDEO_NAME_MAX = NAME_MAX_LENGTH;
/** A copy is named '<name> (copy)', then '<name> (copy 2)', ... (POST /api/videos/{id}/copy): the first name the owner has no video of. */
export const COPY_SUFFIX = ' (copy)';
export const copySuffix = (n: number) => (n <= 1 ? COPY_SUFFIX : ` (copy ${n})`);
/** A trim saved as a new video without a name of its own is named '<name> (trimmed)'. */
export const TRIM_SUFFIX = ' (trimmed)';
/** `name` shortened so that `name + suffix` fits VIDEO_NAME_MAX. */
export const withSuffix = (name: string, suffix: string) => `${name.slice(0, VIDEO_NAME_MAX - suffix.length)}${suffix}`;
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
const trimSeconds = z.number({ error: TRIM_MESSAGES.seconds }).min(0, { error: TRIM_MESSAGES.seconds }).max(MEDIA_SECONDS_MAX, { error: TRIM_MESSAGES.seconds });

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

export const IMPORT_URL_MESSAGES = {
  scheme: 'Must be an http:// or https:// link.',
  escapes: 'Must not hold a malformed percent escape (a % is followed by two hex digits of UTF-8) or %00.',
} as const;
/** Every percent escape decodes (as UTF-8) and none is a NUL, so the name taken from the link is text. */
const wellEscaped = (u: string) => {
  try {
    return !decodeURIComponent(u).includes('\0');
  } catch {
    return false;
  }
};
export const ImportRequest = z.object({
  url: z
    .string({ error: 'Must match format "uri".' })
    .max(...maxLength(URL_MAX_LENGTH))
    .trim()
    .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), { error: IMPORT_URL_MESSAGES.scheme })
    .refine(wellEscaped, { error: IMPORT_URL_MESSAGES.escapes }),
});
export const ImportStarted = z.object({ id: z.string() });
export const ImportStatus = z.object({ progress: z.number().int().min(0).max(100), name: z.string(), error: z.string().nullable() });

/** Up to one page of the largest size per bulk call. */
export const BULK_MAX_IDS = 100;
const bulkIds = z
  .array(z.uuid({ error: 'Must be video ids.' }), { error: 'Must be a list of video ids.' })
  .min(1, { error: 'Select at least one video.' })
  .max(BULK_MAX_IDS, { error: `Select at most ${BULK_MAX_IDS} videos.` });

/** The longest reason an admin gives for a block. */
export const VIDEO_BLOCK_REASON_MAX = 500;

const addToFolder = z.object({ action: z.literal('addToFolder'), folderId: z.uuid({ error: 'Must be a folder id.' }).nullable(), ids: bulkIds });
const deleteVideos = z.object({ action: z.literal('delete'), ids: bulkIds });
const setVisibility = z.object({ action: z.literal('setVisibility'), visibility: BulkVisibility, ids: bulkIds });
/** The admin's action: ban true blocks the videos (of any user) from being served, false unblocks them. */
/** Why (a block): mailed to each owner and shown beside the blocked video; an unblock clears it. */
const blockReason = z.string({ error: 'Must be text.' }).trim().max(VIDEO_BLOCK_REASON_MAX, { error: `Must be at most ${VIDEO_BLOCK_REASON_MAX} characters.` });
const blockVideos = z.object({ action: z.literal('block'), ban: z.boolean({ error: 'Must be true (block) or false (unblock).' }), ids: bulkIds, reason: blockReason.optional() });
/**
 * The spec's body names the ids `selectedVideosId` (and carries the list's `query`, not needed
 * here): taken as `ids` when `ids` is not given.
 */
export const VideoBlockRequest = z.preprocess(
  (v) => (v && typeof v === 'object' && !('ids' in v) && 'selectedVideosId' in v ? { ...v, ids: (v as { selectedVideosId: unknown }).selectedVideosId } : v),
  blockVideos,
);
export type VideoBlockRequest = z.infer<typeof blockVideos>;
/** One action on several of the caller's own videos; all of them or none. */
export const OwnVideoBulkRequest = z.discriminatedUnion('action', [addToFolder, deleteVideos, setVisibility], { error: 'Must be addToFolder, delete or setVisibility.' });
export type OwnVideoBulkRequest = z.infer<typeof OwnVideoBulkRequest>;
/** POST /api/videos/bulk: the owner's actions, or the admin's block. */
export const VideoBulkRequest = z.discriminatedUnion('action', [addToFolder, deleteVideos, setVisibility, blockVideos], { error: 'Must be addToFolder, delete, setVisibility or block.' });
export type VideoBulkRequest = z.infer<typeof VideoBulkRequest>;
export const VideoBulkResult = MessageBody.extend({ count: z.number().int() });

/** `type` of POST /api/videos/{id}/upload/image: the cover (the default) or a watermark. */
export const VIDEO_IMAGE_TYPES = ['thumbnail', 'watermark'] as const;
export const COVER_MESSAGES = {
  time: 'Must be a number of seconds, 0 or more.',
  timePastEnd: 'Must be within the video.',
  imageRequired: 'An image file is required.',
  type: `Must be one of ${VIDEO_IMAGE_TYPES.join(', ')}.`,
} as const;
/** POST /api/videos/{id}/create/image: the cover becomes the frame at `time` seconds. */
export const CoverFromFrame = z.object({ time: z.number({ error: COVER_MESSAGES.time }).min(0, { error: COVER_MESSAGES.time }) });
export const VideoImageResponse = z.object({ imageUrl: z.string() });

