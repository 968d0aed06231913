import { z } from 'zod';
import { maxLength } from './common.ts';

/**
 * Who may watch a video: `public` (anyone with the link; listed), `unlisted` (anyone with the
 * link; never listed, noindex), `private` (only the signed-in owner and admins), `password`
 * (viewers type the video's password). Every media file of a video that is not public is served
 * only with a playback token.
 */
export const VISIBILITIES = ['public', 'unlisted', 'private', 'password'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
/** What an account may choose for its new uploads: a password is set per video. */
export const DEFAULT_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  private: 'Private',
  password: 'Password',
};

export const VIDEO_PASSWORD_MIN_LENGTH = 4;
export const VIDEO_PASSWORD_MAX_LENGTH = 128;
/** The most domains one allowlist holds. */
export const ALLOWED_DOMAINS_MAX = 50;
export const PRIVACY_MESSAGES = {
  visibility: `Must be one of ${VISIBILITIES.join(', ')}.`,
  defaultVisibility: `Must be one of ${DEFAULT_VISIBILITIES.join(', ')} (a password is set per video).`,
  passwordRequired: 'Set a password for this video.',
  passwordLength: `Must be ${VIDEO_PASSWORD_MIN_LENGTH} to ${VIDEO_PASSWORD_MAX_LENGTH} characters.`,
  domain: 'Must be a domain like example.com or *.example.com.',
  domains: `Must be a list of at most ${ALLOWED_DOMAINS_MAX} domains.`,
  wrongPassword: 'Wrong password',
  private: 'This video is private',
  passwordNeeded: 'This video is protected by a password',
  tokenInvalid: 'This playback link has expired. Reload the page.',
} as const;

// A host name of two labels or more (letters, digits and inner hyphens), `localhost` for
// development, or an IPv4 address; a name optionally behind `*.` for every subdomain.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_RE = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*$`);
const IPV4_RE = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
/** True for `example.com`, `*.example.com`, `localhost`, `127.0.0.1` (already trimmed and lower-cased). */
export function isAllowedDomainEntry(entry: string): boolean {
  if (entry.length > 253) return false;
  if (IPV4_RE.test(entry)) return true;
  // `*.com` alone would allow a whole top-level domain.
  if (entry.startsWith('*.') && !entry.slice(2).includes('.')) return false;
  const host = entry.replace(/^\*\./, '');
  if (host === 'localhost') return true;
  return DOMAIN_RE.test(entry) && host.includes('.') && !/^[\d.]+$/.test(host);
}

/** An embed domain allowlist: trimmed, lower-cased, each entry checked, duplicates dropped. */
export const AllowedDomains = z
  .array(z.string({ error: PRIVACY_MESSAGES.domain }).max(...maxLength(253)), { error: PRIVACY_MESSAGES.domains })
  .max(ALLOWED_DOMAINS_MAX, { error: PRIVACY_MESSAGES.domains })
  .transform((list) => [...new Set(list.map((d) => d.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))])
  .refine((list) => list.every(isAllowedDomainEntry), { error: PRIVACY_MESSAGES.domain });
export type AllowedDomains = z.output<typeof AllowedDomains>;

export const VideoPassword = z
  .string({ error: PRIVACY_MESSAGES.passwordLength })
  .min(VIDEO_PASSWORD_MIN_LENGTH, { error: PRIVACY_MESSAGES.passwordLength })
  .max(VIDEO_PASSWORD_MAX_LENGTH, { error: PRIVACY_MESSAGES.passwordLength });

/**
 * PUT /api/videos/{id}/privacy. `password` sets (or changes) the password; it is required when
 * the visibility becomes `password` and the video has none yet (a kept one is reused).
 * `allowedDomains` left out keeps the list; `[]` (or null) clears it.
 */
export const VideoPrivacy = z.object({
  visibility: z.enum(VISIBILITIES, { error: PRIVACY_MESSAGES.visibility }),
  password: VideoPassword.optional(),
  allowedDomains: AllowedDomains.nullable().optional(),
});
export type VideoPrivacy = z.infer<typeof VideoPrivacy>;

/** The privacy fields of a video's answer (never the password itself). */
export const VideoPrivacyFields = z.object({
  visibility: z.enum(VISIBILITIES),
  hasPassword: z.boolean(),
  allowedDomains: z.array(z.string()),
});

/** POST /api/videos/bulk `{ action: 'setVisibility', ids, visibility }`: a password is set per video. */
export const BulkVisibility = z.enum(DEFAULT_VISIBILITIES, { error: PRIVACY_MESSAGES.defaultVisibility });

/** The `code` of a playback refusal, so a player knows which screen to show. */
export const PLAYBACK_LOCKS = { private: 'VIDEO_PRIVATE', password: 'VIDEO_PASSWORD', token: 'PLAYBACK_TOKEN_INVALID' } as const;

/** POST /api/videos/{id}/unlock */
export const UnlockRequest = z.object({ password: z.string({ error: PRIVACY_MESSAGES.wrongPassword }).max(VIDEO_PASSWORD_MAX_LENGTH, { error: PRIVACY_MESSAGES.passwordLength }) });
export type UnlockRequest = z.infer<typeof UnlockRequest>;
/** GET /api/playback/{id}?token=: a token from an unlock or an earlier answer, renewed in the answer. */
export const PlaybackQuery = z.object({
  token: z.string({ error: PRIVACY_MESSAGES.tokenInvalid }).max(200, { error: PRIVACY_MESSAGES.tokenInvalid }).optional(),
  /** The player's first-party viewer id (issue 33): while a thumbnail test runs, the answer's poster is this viewer's cover. */
  viewer: z.uuid({ error: 'Must be a viewer id.' }).optional(),
});
/** A playback token: carried in media URLs as /media/videos/{id}/~{token}/...; `expiresAt` an ISO time. */
export const PlaybackToken = z.object({ token: z.string(), expiresAt: z.string() });
export type PlaybackToken = z.infer<typeof PlaybackToken>;
