import { z } from 'zod';
import { CAPTION_CUE_TEXT_MAX, CAPTION_MAX_CUES } from './caption-format.ts';
import { MEDIA_SECONDS_MAX } from './constants.ts';

/** How a track came to be: uploaded as a file, made by the transcription engine, saved from the editor, or translated from another track. */
export const CAPTION_KINDS = ['uploaded', 'generated', 'edited', 'translated'] as const;
export type CaptionKind = (typeof CAPTION_KINDS)[number];
/** 'processing' while a transcription job makes the track, 'failed' (with `error`) when it could not. */
export const CAPTION_STATUSES = ['ready', 'processing', 'failed'] as const;
export type CaptionStatus = (typeof CAPTION_STATUSES)[number];
/** Download formats of GET /api/videos/{id}/captions/{captionId}.{format}. */
export const CAPTION_FORMATS = ['vtt', 'srt', 'txt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];
export const CAPTION_LABEL_MAX = 100;
/** The most tracks one video may carry. */
export const CAPTION_TRACKS_MAX = 20;
/** Spoken-word matches carried per video in a My videos search. */
export const CAPTION_MATCHES_PER_VIDEO = 3;

export const CAPTION_MESSAGES = {
  fileRequired: 'A WebVTT (.vtt) or SRT (.srt) file is required.',
  language: 'Must be a language tag such as en, en-US or pt-BR.',
  label: `Must be 1 to ${CAPTION_LABEL_MAX} characters.`,
  isDefault: 'Must be true or false.',
  cueTimes: "The cue's end is before its start.",
  cueSeconds: 'Must be a number of seconds, 0 or more.',
  cueText: `Must be at most ${CAPTION_CUE_TEXT_MAX} characters.`,
  cues: `A track holds 1 to ${CAPTION_MAX_CUES.toLocaleString('en-US')} cues.`,
  tooManyTracks: `A video holds at most ${CAPTION_TRACKS_MAX} caption tracks.`,
  notReady: 'The captions are still being made (or failed). Try again when they are ready.',
  nothing: 'Give a label, language, isDefault or cues to change.',
} as const;

/** A BCP 47 tag in its canonical case (en-us -> en-US), or null when it is not one. */
export function canonicalLanguage(tag: string): string | null {
  const t = tag.trim();
  if (!/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*$/.test(t)) return null;
  try {
    return Intl.getCanonicalLocales(t)[0] ?? null;
  } catch {
    return null;
  }
}
/** The language's English name, the label of a track uploaded without one ("en-US" -> "English (United States)"). */
export function languageLabel(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export const CaptionLanguage = z
  .string({ error: CAPTION_MESSAGES.language })
  .max(35, { error: CAPTION_MESSAGES.language })
  .transform((v, ctx) => {
    const c = canonicalLanguage(v);
    if (!c) {
      ctx.addIssue({ code: 'custom', message: CAPTION_MESSAGES.language });
      return z.NEVER;
    }
    return c;
  })
  // Its output is a string (the OpenAPI document says so, not "any").
  .pipe(z.string());
export const CaptionLabel = z.string({ error: CAPTION_MESSAGES.label }).trim().min(1, { error: CAPTION_MESSAGES.label }).max(CAPTION_LABEL_MAX, { error: CAPTION_MESSAGES.label });

const cueSeconds = z.number({ error: CAPTION_MESSAGES.cueSeconds }).min(0, { error: CAPTION_MESSAGES.cueSeconds }).max(MEDIA_SECONDS_MAX, { error: CAPTION_MESSAGES.cueSeconds });
/** One cue: seconds to the millisecond, WebVTT cue text (markup kept, & and < as entities). */
export const CaptionCue = z
  .object({
    startSec: cueSeconds,
    endSec: cueSeconds,
    text: z.string({ error: CAPTION_MESSAGES.cueText }).max(CAPTION_CUE_TEXT_MAX, { error: CAPTION_MESSAGES.cueText }),
  })
  .refine((c) => c.endSec >= c.startSec, { error: CAPTION_MESSAGES.cueTimes, path: ['endSec'] });
export type CaptionCue = z.infer<typeof CaptionCue>;

/** A caption track as its video's team sees it (without its cues). */
export const CaptionTrack = z.object({
  id: z.string(),
  videoId: z.string(),
  /** BCP 47, canonical case. */
  language: z.string(),
  label: z.string(),
  kind: z.enum(CAPTION_KINDS),
  /** The track players show when the owner asks for captions by default; at most one per video. */
  isDefault: z.boolean(),
  status: z.enum(CAPTION_STATUSES),
  /** Why a generated track failed; null otherwise. */
  error: z.string().nullable(),
  cueCount: z.number().int(),
  /** Grows by one with every change of the cues (a replace, an editor save): file names carry it. */
  version: z.number().int(),
  /**
   * The track a translation was made from (issue 37), while it exists; `changed` when its cues
   * changed since (translate again to follow them). Null for other tracks.
   */
  source: z.object({ id: z.string(), language: z.string(), label: z.string(), changed: z.boolean() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaptionTrack = z.infer<typeof CaptionTrack>;
export const CaptionTrackDetail = CaptionTrack.extend({ cues: z.array(CaptionCue) });
export type CaptionTrackDetail = z.infer<typeof CaptionTrackDetail>;
export const CaptionList = z.object({ items: z.array(CaptionTrack) });
export type CaptionList = z.infer<typeof CaptionList>;

const formBoolean = z.preprocess((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === true ? true : v === 'false' || v === false ? false : v), z.boolean({ error: CAPTION_MESSAGES.isDefault }));

/** The text fields beside `file` of POST /api/videos/{id}/captions (and of a replace by PUT); label defaults to the language's name. */
export const CaptionUploadFields = z.object({
  language: CaptionLanguage,
  label: CaptionLabel.optional().or(z.literal('').transform(() => undefined)),
  isDefault: formBoolean.optional(),
});
export type CaptionUploadFields = z.output<typeof CaptionUploadFields>;

/**
 * PUT /api/videos/{id}/captions/{captionId} as JSON: rename, relabel, make default (or not), and
 * the editor's save (`cues`: the whole track anew, a new version whose kind becomes 'edited').
 */
export const CaptionUpdate = z
  .object({
    label: CaptionLabel.optional(),
    language: CaptionLanguage.optional(),
    isDefault: z.boolean({ error: CAPTION_MESSAGES.isDefault }).optional(),
    cues: z.array(CaptionCue, { error: CAPTION_MESSAGES.cues }).min(1, { error: CAPTION_MESSAGES.cues }).max(CAPTION_MAX_CUES, { error: CAPTION_MESSAGES.cues }).optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), { error: CAPTION_MESSAGES.nothing, path: ['label'] });
export type CaptionUpdate = z.output<typeof CaptionUpdate>;

/** A line spoken in a video that matches a My videos search, and when it is said. */
export const TranscriptMatch = z.object({ text: z.string(), startSec: z.number() });
export type TranscriptMatch = z.infer<typeof TranscriptMatch>;
