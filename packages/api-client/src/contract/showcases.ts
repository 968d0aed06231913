import { z } from 'zod';
import { hexColor, MessageBody, maxLength, text } from './common.ts';
import type { Endpoint } from './endpoint.ts';
import { VideoPassword } from './privacy.ts';

/** Showcases (issue 34, item 2): a page of several videos at /s/{slug}, with a podcast feed. */
export const SHOWCASE_VISIBILITIES = ['public', 'unlisted', 'password'] as const;
export type ShowcaseVisibility = (typeof SHOWCASE_VISIBILITIES)[number];
export const SHOWCASE_NAME_MAX = 100;
export const SHOWCASE_DESCRIPTION_MAX = 5000;
export const SHOWCASE_SLUG_MIN = 3;
export const SHOWCASE_SLUG_MAX = 60;
/** A page of many videos is still one page: past this, a folder is the better source. */
export const SHOWCASE_VIDEOS_MAX = 100;
export const SHOWCASE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const SHOWCASE_MESSAGES = {
  notFound: 'Showcase not found',
  slug: `Must be ${SHOWCASE_SLUG_MIN} to ${SHOWCASE_SLUG_MAX} lowercase letters, digits and hyphens, not starting or ending with a hyphen.`,
  slugTaken: 'This address is taken.',
  visibility: `Must be one of ${SHOWCASE_VISIBILITIES.join(', ')}.`,
  passwordRequired: 'Set a password for this showcase.',
  videoIds: `Must be a list of at most ${SHOWCASE_VIDEOS_MAX} different video ids.`,
  unknownVideo: 'Must be videos of this team.',
  unknownFolder: 'Must be a folder of this team.',
  oneSource: 'Give either videoIds or folderId, not both.',
  logo: "Must be one of this team's uploaded images.",
  created: 'Showcase created',
  saved: 'Showcase saved',
  deleted: 'Showcase deleted',
} as const;

/** The URL path of a showcase's page, its feed and its gallery (the page framed). */
export const showcasePagePath = (slug: string) => `/s/${slug}`;
export const showcaseFeedPath = (slug: string) => `/s/${slug}/feed.xml`;

const uuid = (error: string) => z.string({ error }).max(36, { error }).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error });

export const ShowcaseSlug = z
  .string({ error: SHOWCASE_MESSAGES.slug })
  .trim()
  .min(SHOWCASE_SLUG_MIN, { error: SHOWCASE_MESSAGES.slug })
  .max(SHOWCASE_SLUG_MAX, { error: SHOWCASE_MESSAGES.slug })
  .regex(SHOWCASE_SLUG_PATTERN, { error: SHOWCASE_MESSAGES.slug });

export const ShowcaseTheme = z.object({
  /** One of the team's uploaded images (e.g. its player logo); null: the team's player logo, if any. */
  logo: z.string({ error: SHOWCASE_MESSAGES.logo }).max(...maxLength(2000)).nullable().default(null),
  colours: z
    .object({ background: hexColor(), text: hexColor(), accent: hexColor() })
    .default({ background: '#0F1115', text: '#F2F4F8', accent: '#1974BB' }),
});
export type ShowcaseTheme = z.infer<typeof ShowcaseTheme>;

const showcaseFields = {
  name: text(1).max(...maxLength(SHOWCASE_NAME_MAX)),
  slug: ShowcaseSlug,
  description: z.string().max(...maxLength(SHOWCASE_DESCRIPTION_MAX)).default(''),
  /** The videos in their order on the page; or `folderId`: that folder's videos, newest first. */
  videoIds: z
    .array(uuid(SHOWCASE_MESSAGES.unknownVideo), { error: SHOWCASE_MESSAGES.videoIds })
    .max(SHOWCASE_VIDEOS_MAX, { error: SHOWCASE_MESSAGES.videoIds })
    .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, { error: SHOWCASE_MESSAGES.videoIds })
    .optional(),
  folderId: uuid(SHOWCASE_MESSAGES.unknownFolder).nullable().optional(),
  visibility: z.enum(SHOWCASE_VISIBILITIES, { error: SHOWCASE_MESSAGES.visibility }),
  /** Required when visibility becomes password and none is kept; stored as argon2id. */
  password: VideoPassword.optional(),
  theme: ShowcaseTheme.default({ logo: null, colours: { background: '#0F1115', text: '#F2F4F8', accent: '#1974BB' } }),
};

const oneSource = (s: { videoIds?: string[]; folderId?: string | null }) => !(s.videoIds?.length && s.folderId);

export const ShowcaseCreate = z.object(showcaseFields).refine(oneSource, { error: SHOWCASE_MESSAGES.oneSource, path: ['folderId'] });
export type ShowcaseCreate = z.infer<typeof ShowcaseCreate>;
/** PUT replaces the showcase; `password` left out keeps the one set. */
export const ShowcaseUpdate = ShowcaseCreate;
export type ShowcaseUpdate = ShowcaseCreate;

export const Showcase = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  videoIds: z.array(z.string()),
  folderId: z.string().nullable(),
  visibility: z.enum(SHOWCASE_VISIBILITIES),
  hasPassword: z.boolean(),
  theme: z.object({ logo: z.string().nullable(), colours: z.object({ background: z.string(), text: z.string(), accent: z.string() }) }),
  /** Absolute URLs, on the team's own domain when it has one. */
  pageUrl: z.string(),
  /** Null for a password showcase: it has no feed. */
  feedUrl: z.string().nullable(),
  /** The gallery to paste into another site: an iframe of the page's gallery view. */
  embedCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Showcase = z.infer<typeof Showcase>;
export const ShowcaseList = z.object({ items: z.array(Showcase) });
export type ShowcaseList = z.infer<typeof ShowcaseList>;
export const ShowcaseSaved = z.object({ message: z.string(), showcase: Showcase });
export type ShowcaseSaved = z.infer<typeof ShowcaseSaved>;

export const showcaseOperations = [
  { method: 'get', path: '/api/showcases', summary: "The team's showcases, newest first", auth: 'user', team: 'view', scope: 'videos:read', response: ShowcaseList },
  {
    method: 'post',
    path: '/api/showcases',
    summary: 'Create a showcase (201): a page /s/{slug} of videoIds in order (or a folder\'s videos, newest first), public, unlisted or password; the slug is unique site-wide (422 "This address is taken.")',
    auth: 'user',
    team: 'edit',
    scope: 'videos:write',
    body: ShowcaseCreate,
    response: ShowcaseSaved,
  },
  { method: 'get', path: '/api/showcases/{id}', summary: 'One showcase (404 for another team\'s)', auth: 'user', team: 'view', scope: 'videos:read', response: Showcase },
  { method: 'put', path: '/api/showcases/{id}', summary: 'Replace a showcase (password left out keeps the one set)', auth: 'user', team: 'edit', scope: 'videos:write', body: ShowcaseUpdate, response: ShowcaseSaved },
  { method: 'delete', path: '/api/showcases/{id}', summary: 'Delete a showcase: its page and feed answer 404', auth: 'user', team: 'edit', scope: 'videos:write', response: MessageBody },
  { method: 'get', path: '/s/{slug}', summary: 'A showcase page: the team\'s logo and colours, the videos each playing in place (?embed=1: the gallery alone, framable); noindex unless public; a password form first for a password showcase', auth: 'none', produces: 'text/html' },
  { method: 'post', path: '/s/{slug}/unlock', summary: 'The password form of a password showcase (form field `password`): sets the showcase\'s cookie and goes back to the page (303), or the form again with "Wrong password" (403)', auth: 'none', produces: 'text/html' },
  { method: 'get', path: '/s/{slug}/feed.xml', summary: 'RSS 2.0 podcast feed (iTunes tags) of a public or unlisted showcase: one item per video anyone with the link may watch, its enclosure an audio-only AAC rendition (404 for a password showcase)', auth: 'none', produces: 'application/rss+xml' },
  { method: 'get', path: '/s/{slug}/audio/{file}', summary: 'A feed enclosure: the audio-only AAC rendition of a video of the showcase ({videoId}.m4a; Range)', auth: 'none', produces: 'audio/mp4' },
] as const satisfies readonly Endpoint[];
