import type { CrmProvider } from '@reelbase/api-client';

/** A captured lead as the CRMs get it. `consent`: the lead ticked the form's consent box (the form had one). */
export interface CrmLead {
  email: string;
  name: string | null;
  consent: boolean;
}

/** A session a known lead watched, as its timeline note (HubSpot) or tag (Mailchimp) tells it. */
export interface CrmSession {
  videoId: string;
  videoName: string;
  startedAt: string;
  endedAt: string;
  watchedSeconds: number;
  percentWatched: number;
}

/**
 * One CRM behind the one shape the jobs and the service use (issue 33 item 5). Each call throws a
 * CrmError: `retryable` for 429, 5xx and no answer (the job tries again), not for a refusal.
 */
export interface CrmConnector {
  readonly provider: CrmProvider;
  /** Asks the service whether the credentials work; answers what it calls the account. A refusal names the field. */
  verify(): Promise<{ accountName: string | null }>;
  /** The lead becomes a contact (member), or the existing one (by email) is updated. */
  upsertContact(lead: CrmLead): Promise<void>;
  /** The session on the lead's record (the contact is made first when missing). */
  recordSession(lead: CrmLead, session: CrmSession): Promise<void>;
}

export class CrmError extends Error {
  /** Worth another try later (429, 5xx, timeout, no connection). */
  readonly retryable: boolean;
  /** The service's HTTP status, or null when none came. */
  readonly status: number | null;
  /** The request field a refused verification names (accessToken, apiKey, audienceId). */
  readonly field?: string;
  constructor(message: string, retryable: boolean, status: number | null = null, field?: string) {
    super(message);
    this.retryable = retryable;
    this.status = status;
    this.field = field;
  }
}

/** Whether a status is worth trying again. */
export const retryableStatus = (status: number | null) => status === null || status === 429 || status >= 500;

/** A call that gives up after `ms` (the official clients take no abort signal). */
export function withTimeout<T>(ms: number, call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CrmError(`No answer in ${Math.round(ms / 1000)} s.`, true)), ms);
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

/** The note's words: what was watched, how much, when (UTC). */
export function sessionSummary(s: CrmSession): string {
  const minutes = Math.floor(s.watchedSeconds / 60);
  const seconds = Math.round(s.watchedSeconds % 60);
  const watched = minutes ? `${minutes} min ${seconds} s` : `${seconds} s`;
  return `Watched "${s.videoName}" on Reelbase: ${watched} (${Math.round(s.percentWatched)}% of the video), ${s.startedAt.replace('T', ' ').slice(0, 16)} UTC.`;
}

/** First and last name from the one name field of the lead form. */
export function splitName(name: string | null): { first: string; last: string } | null {
  const words = name?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (!words.length) return null;
  return { first: words[0], last: words.slice(1).join(' ') };
}
