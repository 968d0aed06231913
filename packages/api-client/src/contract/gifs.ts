import { z } from 'zod';
import { formatMessage, hexColor, pageLimit, pageNumber, paginated } from './common.ts';
import {
  GIF_FONT_SIZE_MAX,
  GIF_FONT_SIZE_MIN,
  GIF_FONT_WEIGHT_CHOICES,
  GIF_FONTS,
  GIF_FPS_CHOICES,
  GIF_FPS_MAX_SECONDS,
  GIF_PAGE_SIZE,
  GIF_SIZES,
  GIF_TEXT_DEFAULTS,
  MEDIA_SECONDS_MAX,
  URL_MAX_LENGTH,
  type GifFontWeight,
  type GifFps,
} from './constants.ts';

export const GIF_TEXT_MAX = 200;
export const GIF_MESSAGES = {
  seconds: 'Must be a number of seconds, 0 or more.',
  endAfterStart: 'Must be after the start time.',
  startPastEnd: 'Must be before the end of the video.',
  fps: `Must be one of ${GIF_FPS_CHOICES.join(', ')}.`,
  size: `Must be one of ${GIF_SIZES.join(', ')}.`,
  font: `Must be one of ${GIF_FONTS.join(', ')}.`,
  fontWeight: `Must be one of ${GIF_FONT_WEIGHT_CHOICES.join(', ')}.`,
  fontSize: `Must be a whole number from ${GIF_FONT_SIZE_MIN} to ${GIF_FONT_SIZE_MAX}.`,
  position: 'Must be a number from 0 to 1 (a share of the GIF width or height).',
  text: `Must NOT have more than ${GIF_TEXT_MAX} characters.`,
  redirect: formatMessage('http:// or https://'),
  videoId: 'Must be the id of one of your videos.',
  busy: 'The video is still processing. Try again when it is ready.',
} as const;

/** The end a GIF gets: end minus start never exceeds the frame rate's longest clip (the spec clips, it does not refuse). */
export const clipGifEnd = (startTime: number, endTime: number, fps: GifFps) => Math.min(endTime, startTime + GIF_FPS_MAX_SECONDS[fps]);

/** An http, https or www address; a www one is linked as https. */
const REDIRECT_RE = /^(https?:\/\/|www\.)[^\s<>"'`]+$/i;
export const redirectHref = (url: string) => (/^www\./i.test(url) ? `https://${url}` : url);

const share = z.number({ error: GIF_MESSAGES.position }).min(0, { error: GIF_MESSAGES.position }).max(1, { error: GIF_MESSAGES.position });
const seconds = z.number({ error: GIF_MESSAGES.seconds }).min(0, { error: GIF_MESSAGES.seconds }).max(MEDIA_SECONDS_MAX, { error: GIF_MESSAGES.seconds });

/**
 * Text drawn on every frame. `x`, `y` place the text's top-left corner as shares (0 to 1) of the
 * GIF's width and height, so a preview of any size maps onto the output; `fontSize` is in pixels
 * of the output GIF. Blank text draws nothing.
 */
export const GifTextInfo = z.object({
  text: z.string({ error: GIF_MESSAGES.text }).max(GIF_TEXT_MAX, { error: GIF_MESSAGES.text }).default(''),
  color: hexColor().default(GIF_TEXT_DEFAULTS.color),
  fontFamily: z.enum(GIF_FONTS, { error: GIF_MESSAGES.font }).default(GIF_TEXT_DEFAULTS.fontFamily),
  fontWeight: z
    .number({ error: GIF_MESSAGES.fontWeight })
    .refine((w): w is GifFontWeight => (GIF_FONT_WEIGHT_CHOICES as number[]).includes(w), { error: GIF_MESSAGES.fontWeight })
    .default(GIF_TEXT_DEFAULTS.fontWeight),
  fontSize: z.number({ error: GIF_MESSAGES.fontSize }).int({ error: GIF_MESSAGES.fontSize }).min(GIF_FONT_SIZE_MIN, { error: GIF_MESSAGES.fontSize }).max(GIF_FONT_SIZE_MAX, { error: GIF_MESSAGES.fontSize }).default(GIF_TEXT_DEFAULTS.fontSize),
  x: share.default(0),
  y: share.default(0),
});
export type GifTextInfo = z.infer<typeof GifTextInfo>;

/**
 * POST /api/gifs. The end is clipped to the frame rate's longest clip (and by the server to the
 * video's end); `redirectToUrl` is trimmed and dropped when blank.
 */
export const GifCreate = z
  .object({
    videoId: z.uuid({ error: GIF_MESSAGES.videoId }),
    startTime: seconds,
    endTime: seconds,
    fps: z
      .number({ error: GIF_MESSAGES.fps })
      .refine((f): f is GifFps => (GIF_FPS_CHOICES as number[]).includes(f), { error: GIF_MESSAGES.fps }),
    size: z.enum(GIF_SIZES, { error: GIF_MESSAGES.size }),
    textInfo: GifTextInfo.default(GifTextInfo.parse({})),
    redirectToUrl: z
      .string({ error: GIF_MESSAGES.redirect })
      .max(URL_MAX_LENGTH, { error: GIF_MESSAGES.redirect })
      .trim()
      .transform((u) => u || undefined)
      .refine((u) => u === undefined || (REDIRECT_RE.test(u) && URL.canParse(redirectHref(u))), { error: GIF_MESSAGES.redirect })
      .optional(),
  })
  .superRefine((g, ctx) => {
    if (g.endTime <= g.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: GIF_MESSAGES.endAfterStart });
  })
  .transform((g) => ({ ...g, fps: g.fps as GifFps, endTime: clipGifEnd(g.startTime, g.endTime, g.fps as GifFps) }));
export type GifCreateInput = z.input<typeof GifCreate>;
export type GifCreate = z.output<typeof GifCreate>;

/**
 * A made GIF. `embed` is an HTML snippet: the GIF linking to `redirectToUrl` when set, else to the
 * video's embed page; `source`/`size` the GIF's URL and bytes. The same clip as a muted looping
 * MP4 (`mp4Source`, `mp4Size`, `mp4Embed`) is several times lighter for the same picture.
 */
export const Gif = z.object({
  id: z.string(),
  videoId: z.string(),
  embed: z.string(),
  source: z.string(),
  size: z.number().int(),
  mp4Embed: z.string(),
  mp4Source: z.string(),
  mp4Size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  startTime: z.number(),
  endTime: z.number(),
  fps: z.number().int(),
  textInfo: GifTextInfo,
  redirectToUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Gif = z.infer<typeof Gif>;

export const GifList = paginated(Gif);
export type GifList = z.infer<typeof GifList>;

/** GET /api/gifs?limit&page&video-id: the caller's GIFs, newest first, 6 per page unless `limit` says otherwise. */
export const GifListQuery = z.object({
  limit: pageLimit(GIF_PAGE_SIZE),
  page: pageNumber,
  'video-id': z.uuid({ error: GIF_MESSAGES.videoId }).optional(),
});
