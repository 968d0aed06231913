import { z } from 'zod';
import { CaptionLanguage, CaptionTrack } from './captions.ts';
import type { Endpoint } from './endpoint.ts';

/** Caption translation (issue 37 item 1): a track made from another, cue by cue, by the server's translation engine. */

export const CAPTION_TRANSLATE_MESSAGES = {
  /** 422: the engine does not translate the track's language into the one asked; `offered` lists what it does. */
  unsupported: (from: string, to: string, offered: readonly string[]) =>
    `${from} cannot be translated to ${to} on this server. ${offered.length ? `Languages offered: ${offered.join(', ')}.` : `No language is offered from ${from}.`}`,
  notReady: 'The track is still being made (or failed). Translate it once it is ready.',
  notQueued: 'The translation could not be queued. Translate it again.',
  unavailable: 'The translation service did not answer. Try again in a few minutes.',
} as const;

/** The label of a translated track: the language's name, marked as translated ("Spanish (translated)"). */
export const translatedLabel = (languageName: string) => `${languageName} (translated)`;

/** POST /api/videos/{id}/captions/{captionId}/translate. */
export const CaptionTranslateRequest = z.object({ language: CaptionLanguage });
export type CaptionTranslateRequest = z.output<typeof CaptionTranslateRequest>;

/** GET /api/videos/{id}/captions/{captionId}/translate: the languages the engine translates this track into, by their names. */
export const CaptionTranslationLanguages = z.object({
  /** The engine in use ('apertium' or 'http'). */
  engine: z.string(),
  languages: z.array(z.object({ language: z.string(), label: z.string() })),
});
export type CaptionTranslationLanguages = z.infer<typeof CaptionTranslationLanguages>;

export const translationOperations = [
  {
    method: 'get',
    path: '/api/videos/{id}/captions/{captionId}/translate',
    summary: "The languages this track can be translated into by the server's engine (Apertium's installed pairs, or what the hosted API lists), by their names",
    auth: 'user',
    team: 'view',
    scope: 'videos:read',
    response: CaptionTranslationLanguages,
  },
  {
    method: 'post',
    path: '/api/videos/{id}/captions/{captionId}/translate',
    summary:
      "Translate a ready track into `language` (202): a track of kind 'translated' naming its source, labelled '<language> (translated)', status 'processing' until the translation job makes it 'ready' cue by cue with the same times (or 'failed' with the reason). Asked again for a language this source already has a translation in, that track is translated again from the source as it is now (its edits replaced). 422 with the languages offered when the engine does not translate that way, 409 while the source is not ready",
    auth: 'user',
    team: 'edit',
    scope: 'videos:write',
    body: CaptionTranslateRequest,
    response: CaptionTrack,
  },
] as const satisfies readonly Endpoint[];
