import { z } from 'zod';
import { URL_MAX_LENGTH } from './constants.ts';
import { sizeField } from './player.ts';

/** The share page of a video: a light page with the player, link previews and structured data. */
export const sharePagePath = (videoId: string) => `/watch/${videoId}`;

/**
 * URLs per sitemap file (the sitemaps protocol allows 50,000); past it `/sitemap.xml` is an index
 * of `/sitemaps/{page}.xml` files.
 */
export const SITEMAP_PAGE_SIZE = 50_000;

export const OEMBED_FORMATS = ['json', 'xml'] as const;
const OEMBED_URL_MESSAGE = 'Must be the address of a video page (/watch/{id}) or embed (/embed/{type}/{id}) of this site.';
/** GET /oembed (oEmbed 1.0): which video, in which format (json; xml answers 501), and the size it must fit in. */
export const OEmbedQuery = z.object({
  url: z.string({ error: OEMBED_URL_MESSAGE }).trim().min(1, { error: OEMBED_URL_MESSAGE }).max(URL_MAX_LENGTH, { error: OEMBED_URL_MESSAGE }),
  format: z.enum(OEMBED_FORMATS, { error: `Must be one of: ${OEMBED_FORMATS.join(', ')}.` }).default('json'),
  maxwidth: sizeField('maxwidth').optional(),
  maxheight: sizeField('maxheight').optional(),
});
export type OEmbedQuery = z.output<typeof OEmbedQuery>;

/** The oEmbed 1.0 `video` answer: an iframe of the embed page at a size within maxwidth x maxheight. */
export const OEmbedVideo = z.object({
  type: z.literal('video'),
  version: z.literal('1.0'),
  title: z.string(),
  author_name: z.string().optional(),
  provider_name: z.string(),
  provider_url: z.string(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type OEmbedVideo = z.infer<typeof OEmbedVideo>;

/** What an embed or share page says instead of playing, when the embedding page's domain is not on the video's list. */
export const NOT_ON_THIS_SITE_MESSAGE = 'This video cannot be played on this site';

