import { z } from 'zod';
import { CaptionLanguage } from './captions.ts';

/** Generated captions (issue 25 item 2): what the owner asks for, and what the engine can do. */

/** Languages the default engine (Debian's pocketsphinx with its en-US model) transcribes. */
export const GENERATED_CAPTION_LANGUAGES = ['en'] as const;

export const CAPTION_GENERATE_MESSAGES = {
  language: 'Captions can be generated in English (en, en-US, en-GB...) only on this server.',
  noEngine: 'Captions cannot be generated on this server (no transcription engine is installed).',
  notReady: 'The video is still being processed. Generate captions once it plays.',
  notQueued: 'The captions could not be queued (too many jobs at once). Generate them again.',
} as const;

/** POST /api/videos/{id}/captions/generate. */
export const CaptionGenerateRequest = z.object({ language: CaptionLanguage });
export type CaptionGenerateRequest = z.output<typeof CaptionGenerateRequest>;

/** The label of a generated track: the language's name, marked as generated ("English (generated)"). */
export const generatedLabel = (languageName: string) => `${languageName} (generated)`;

/**
 * GET/PUT /api/captions/settings: the acting account's (a person's own, or the acting team's)
 * language for generated captions of every new upload; null: off.
 */
export const CaptionSettings = z.object({ autoLanguage: CaptionLanguage.nullable() });
export type CaptionSettings = z.output<typeof CaptionSettings>;

/** The languages offered for generated captions in the app: what the default engine transcribes, by their names. */
export const GENERATED_CAPTION_CHOICES = [
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-GB', label: 'English (United Kingdom)' },
] as const;
