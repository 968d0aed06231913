import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { Video } from './videos.ts';

// Issue 34 (description and tags; downloads; the API reference).

export const DESCRIPTION_MAX_LENGTH = 5_000;
export const TAGS_MAX = 20;
export const TAG_MAX_LENGTH = 40;

export const DETAILS_MESSAGES = {
  description: `Must be text of at most ${DESCRIPTION_MAX_LENGTH.toLocaleString('en')} characters.`,
  tags: 'Must be a list of tags.',
  tooMany: `Give at most ${TAGS_MAX} tags.`,
  tag: `Each tag must be 1 to ${TAG_MAX_LENGTH} characters on one line.`,
  nothing: 'Give a description or tags.',
  originalGone: 'The original file of this video is not kept any more (it failed or is still being imported).',
} as const;

/** Tags trimmed, blanks dropped, the first of each spelled alike in any letter case kept (in the order given). */
export function tidyTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

const tag = z
  .string({ error: DETAILS_MESSAGES.tag })
  .max(TAG_MAX_LENGTH * 4, { error: DETAILS_MESSAGES.tag })
  .refine((t) => !/[\n\r]/.test(t) && t.trim().replace(/\s+/g, ' ').length <= TAG_MAX_LENGTH, { error: DETAILS_MESSAGES.tag });

/**
 * PUT /api/videos/{id}/details: the description (plain text; links are made clickable where it is
 * shown) and the tags (trimmed, deduplicated whatever the letter case, at most TAGS_MAX of at most
 * TAG_MAX_LENGTH characters). Either may be left out to keep it.
 */
export const VideoDetailsUpdate = z
  .object({
    description: z
      .string({ error: DETAILS_MESSAGES.description })
      .max(DESCRIPTION_MAX_LENGTH * 2, { error: DETAILS_MESSAGES.description })
      .transform((d) => d.replace(/\r\n?/g, '\n').trim())
      .refine((d) => d.length <= DESCRIPTION_MAX_LENGTH, { error: DETAILS_MESSAGES.description })
      .optional(),
    tags: z
      .array(tag, { error: DETAILS_MESSAGES.tags })
      .max(TAGS_MAX * 5, { error: DETAILS_MESSAGES.tooMany })
      .transform(tidyTags)
      .refine((t) => t.length <= TAGS_MAX, { error: DETAILS_MESSAGES.tooMany })
      .optional(),
  })
  .refine((v) => v.description !== undefined || v.tags !== undefined, { error: DETAILS_MESSAGES.nothing, path: ['description'] });
export type VideoDetailsUpdate = z.output<typeof VideoDetailsUpdate>;

export const detailsOperations = [
  {
    method: 'put',
    path: '/api/videos/{id}/details',
    summary: `Set a video's description (plain text with links, at most ${DESCRIPTION_MAX_LENGTH} characters) and tags (at most ${TAGS_MAX}, each at most ${TAG_MAX_LENGTH} characters; trimmed, deduplicated whatever the letter case); either may be left out. The share page shows the description (links clickable) and its meta tags and JSON-LD carry it; My videos filters by ?tag= and its search matches both`,
    auth: 'user',
    team: 'edit',
    scope: 'videos:write',
    body: VideoDetailsUpdate,
    response: Video,
  },
  {
    method: 'get',
    path: '/api/videos/{id}/download',
    summary: "Download the video's original file as uploaded (Content-Disposition attachment, named after the video; Range); 404 for another team's video, 409 when the original is not kept (a failed or unfinished upload)",
    auth: 'user',
    team: 'view',
    scope: 'videos:read',
    produces: 'application/octet-stream',
  },
  { method: 'get', path: '/api/docs', summary: 'The API reference: this OpenAPI document rendered as a page', auth: 'none', produces: 'text/html' },
  { method: 'get', path: '/api/docs/{file}', summary: "The API reference page's script (its renderer, served from this server)", auth: 'none', produces: 'text/javascript' },
] as const satisfies readonly Endpoint[];
