import { z } from 'zod';
import { email, maxLength, maxLengthMessage, pageLimit, pageNumber, paginated } from './common.ts';
import { MEDIA_SECONDS_MAX, URL_MAX_LENGTH } from './constants.ts';
import { CALL_TO_ACTION_WHEN, LEAD_FORM_WHEN, LEAD_TEXT_MAX } from './lead-constants.ts';

// ---- issue 27: lead capture (item 3) and call to action (item 4) ----

/** The lead form of a video's player settings (`playerConfig.leadForm`). */
export const LeadFormConfig = z.object({
  enabled: z.boolean(),
  /** beforePlay: play waits for the form; atSecond: the video pauses at `atSec` for it. */
  when: z.enum(LEAD_FORM_WHEN),
  atSec: z.number(),
  /** Required: no Skip button, the video does not play on without an email. */
  required: z.boolean(),
  heading: z.string(),
  buttonText: z.string(),
  nameField: z.boolean(),
  /** The consent checkbox's label; null: no checkbox. */
  consentText: z.string().nullable(),
});
export type LeadFormConfig = z.infer<typeof LeadFormConfig>;

/** The call to action of a video's player settings (`playerConfig.callToAction`). */
export const CallToActionConfig = z.object({
  enabled: z.boolean(),
  /** end: when the video ends; atSecond: an overlay from `atSec` on (the video plays on). */
  when: z.enum(CALL_TO_ACTION_WHEN),
  atSec: z.number(),
  text: z.string(),
  buttonText: z.string(),
  /** http or https only; required once enabled. */
  url: z.string(),
  newWindow: z.boolean(),
});
export type CallToActionConfig = z.infer<typeof CallToActionConfig>;

const oneOf = (values: readonly string[]) => `Must be one of: ${values.join(', ')}.`;
const bool = z.boolean({ error: 'Must be true or false.' });
const SECOND_MESSAGE = `Must be a number of seconds from 0 to ${MEDIA_SECONDS_MAX}.`;
const second = z.number({ error: SECOND_MESSAGE }).min(0, { error: SECOND_MESSAGE }).max(MEDIA_SECONDS_MAX, { error: SECOND_MESSAGE });
const ownerText = (max: number) => z.string({ error: 'Must be text.' }).trim().min(1, { error: 'Must not be empty.' }).max(...maxLength(max));
export const CTA_URL_MESSAGE = 'Must be an http:// or https:// address.';
export const CTA_URL_NEEDED = 'Enter the address the button opens.';
/** Blank (no link yet: the call to action cannot be turned on) or an absolute http(s) URL. */
export const ctaUrl = z
  .string({ error: CTA_URL_MESSAGE })
  .trim()
  .max(URL_MAX_LENGTH, { error: CTA_URL_MESSAGE })
  .refine((s) => s === '' || (URL.canParse(s) && /^https?:$/.test(new URL(s).protocol)), { error: CTA_URL_MESSAGE });

const strict = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}.` : undefined) }).partial();

/** PUT /api/player-config/{id} `leadForm`: any of its fields, merged into the current ones. */
export const LeadFormUpdate = strict({
  enabled: bool,
  when: z.enum(LEAD_FORM_WHEN, { error: oneOf(LEAD_FORM_WHEN) }),
  atSec: second,
  required: bool,
  heading: ownerText(LEAD_TEXT_MAX.heading),
  buttonText: ownerText(LEAD_TEXT_MAX.buttonText),
  nameField: bool,
  consentText: ownerText(LEAD_TEXT_MAX.consentText).nullable(),
});
/** PUT /api/player-config/{id} `callToAction`: any of its fields, merged into the current ones. */
export const CallToActionUpdate = strict({
  enabled: bool,
  when: z.enum(CALL_TO_ACTION_WHEN, { error: oneOf(CALL_TO_ACTION_WHEN) }),
  atSec: second,
  text: ownerText(LEAD_TEXT_MAX.ctaText),
  buttonText: ownerText(LEAD_TEXT_MAX.buttonText),
  url: ctaUrl,
  newWindow: bool,
});

/** POST /api/videos/{id}/leads: what the viewer typed in the player's form. */
export const LeadSubmit = z.object({
  email: email(),
  name: z
    .string({ error: 'Must be text.' })
    .trim()
    .max(LEAD_TEXT_MAX.leadName, { error: maxLengthMessage(LEAD_TEXT_MAX.leadName) })
    .optional()
    .transform((s) => s || undefined),
  /** The consent box was ticked (required when the form shows one). */
  consent: bool.optional(),
  /** The page the player is embedded in (its document.referrer); only its origin is kept. */
  page: z.string({ error: 'Must be text.' }).max(URL_MAX_LENGTH, { error: maxLengthMessage(URL_MAX_LENGTH) }).optional(),
  /** The player's viewer session (issue 33): the lead names that viewer's sessions. */
  sessionId: z.uuid({ error: 'Must be a session id.' }).optional(),
});
export type LeadSubmit = z.input<typeof LeadSubmit>;
export const CONSENT_NEEDED = 'Must be ticked to continue.';
/** The token of a video that is not public (from its playback answer), as GET /api/playback takes it. */
export const LeadSubmitQuery = z.object({ token: z.string().max(512).optional() });

/** One captured lead, as the owner sees it. */
export const Lead = z.object({
  id: z.string(),
  videoId: z.string(),
  videoName: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** The consent text the viewer ticked (null: the form had no checkbox). */
  consentText: z.string().nullable(),
  /** The origin of the page the player was embedded in, when the browser said. */
  pageOrigin: z.string().nullable(),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof Lead>;
export const LeadList = paginated(Lead);
export type LeadList = z.infer<typeof LeadList>;

const DAY_MESSAGE = 'Must be a date like 2026-01-31.';
const day = z
  .string({ error: DAY_MESSAGE })
  .max(10, { error: DAY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DAY_MESSAGE })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: DAY_MESSAGE })
  .optional();
/** The leads lists' filters: the email or name contains `search`; `from` and `to` are UTC days, both included. */
export const LeadsQuery = z.object({
  search: z.string().trim().max(...maxLength(254)).optional(),
  from: day,
  to: day,
  page: pageNumber,
  limit: pageLimit(25),
});
export type LeadsQuery = z.output<typeof LeadsQuery>;
/** The CSV downloads take the same filters, without paging. */
export const LeadsCsvQuery = LeadsQuery.omit({ page: true, limit: true });
export type LeadsCsvQuery = z.output<typeof LeadsCsvQuery>;
export const LEADS_CSV_COLUMNS = ['created_at', 'email', 'name', 'consent_text', 'video_id', 'video_name', 'page_origin'] as const;
