// Issue 33: the viewer's session, a chunk of its own fetched on the first play (the embed's first
// frame never carries it). It opens the session, keeps the watched ranges and reports them.
import { EMAIL_PATTERN } from '@reelbase/api-client/lead-constants';
import type { EngageHost } from './engage.ts';
import { shownCovers, viewerId } from './viewer-id.ts';
import { createWatchedRanges } from './watched-ranges.ts';

/** The API takes at most this many ranges in one report (the contract's SESSION_RANGES_MAX; the contract module brings zod, which this chunk must not). */
const MAX_RANGES_PER_REPORT = 50;

export type SessionHost = Pick<EngageHost, 'video' | 'apiBase' | 'videoId' | 'preview' | 'token'>;

export interface SessionTracker {
  /** The session's id once the API opened it (null when it could not, or nothing is tracked). */
  id(): Promise<string | null>;
  /** The video's length as the API knows it (the playback answer's): ranges past it are cut there, as the API refuses them. */
  limit(durationSec?: number | null): void;
  destroy(): void;
}

const trackers = new WeakMap<HTMLVideoElement, SessionTracker>();
const none: SessionTracker = { id: async () => null, limit() {}, destroy() {} };

/** POSTs a report as text/plain JSON: sendBeacon (survives the page going away), else fetch keepalive. */
function send(url: string, body: string): void {
  try {
    if (navigator.sendBeacon?.(url, body)) return;
  } catch {
    // Refused (too much queued): fetch below.
  }
  fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {});
}

/** `?email=` of the player's own page (the embed frame's or the share page's): a mail campaign's merge tag names the viewer. */
export function emailParam(search: string): string | null {
  const email = new URLSearchParams(search).get('email')?.trim();
  return email && email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null;
}

/**
 * The session of this player's video, one per player (a second call answers the first tracker):
 * opened at once with the first-party viewer id (none when the viewer opted out of tracking) and
 * the page's `?email=`; the ranges played are reported every `reportEverySec`, on pause, and when
 * the page is hidden or goes away (then `ended`). `at`: where the first play started (the chunk
 * arrives a moment after it). The owner's preview and a player without a video track nothing.
 */
export function trackSession(h: SessionHost, at?: number, signal?: AbortSignal, durationSec?: number | null): SessionTracker {
  const { video } = h;
  if (h.preview || !h.videoId) return none;
  const known = trackers.get(video);
  known?.limit(durationSec);
  if (known) return known;
  const win = video.ownerDocument.defaultView ?? window;
  const api = h.apiBase.replace(/\/+$/, '');
  const ranges = createWatchedRanges();
  const abort = new AbortController();
  const on = (target: EventTarget, type: string, fn: () => void) => target.addEventListener(type, fn, { signal: abort.signal });
  let opening: Promise<string | null> | null = null;
  let sessionId: string | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let length = Number.POSITIVE_INFINITY;

  function open(): Promise<string | null> {
    const token = h.token();
    const email = emailParam(win.location.search);
    // The contract wants an id: a viewer who opted out of tracking gets a new one per session, which
    // links nothing (the API, seeing DNT or Sec-GPC, keeps no identity either).
    const id = viewerId() ?? crypto.randomUUID();
    const coverId = shownCovers.get(h.videoId as string);
    const body = JSON.stringify({ viewerId: id, ...(email && { email }), ...(coverId && { coverId }) });
    opening = fetch(`${api}/api/videos/${encodeURIComponent(h.videoId as string)}/sessions${token ? `?token=${encodeURIComponent(token)}` : ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ sessionId: string; reportEverySec: number }>) : null))
      .then((opened) => {
        if (typeof opened?.sessionId !== 'string' || abort.signal.aborted) return null;
        sessionId = opened.sessionId;
        timer = setInterval(() => report(false), Math.max(1, Number(opened.reportEverySec) || 10) * 1000);
        report(false);
        return sessionId;
      })
      .catch(() => null);
    return opening;
  }

  /** Sends the ranges not sent yet, at most the API's count per request; `ended` closes the session. */
  function report(ended: boolean): void {
    if (!sessionId) return;
    const pending = ranges
      .take(ended)
      .map(([a, b]): [number, number] => [a, Math.min(b, length)])
      .filter(([a, b]) => a < b);
    const url = `${api}/api/sessions/${encodeURIComponent(sessionId)}/progress`;
    do {
      const batch = pending.splice(0, MAX_RANGES_PER_REPORT);
      const last = !pending.length;
      if (batch.length || (ended && last)) send(url, JSON.stringify({ ranges: batch, ...(ended && last && { ended: true }) }));
    } while (pending.length);
  }

  on(video, 'timeupdate', () => {
    if (!video.paused) ranges.update(video.currentTime);
  });
  on(video, 'seeking', ranges.cut);
  // A stretch starts where the play or the seek lands, not at the first timeupdate after it (which
  // comes up to a quarter of a second later, more at a higher speed).
  on(video, 'seeked', () => !video.paused && ranges.update(video.currentTime));
  // Up to where it stopped: the last timeupdate may be a quarter of a second (more at a higher speed) before it.
  on(video, 'pause', () => {
    ranges.update(video.currentTime);
    report(false);
  });
  on(video, 'play', () => ranges.update(video.currentTime));
  on(video, 'playing', () => {
    ranges.update(video.currentTime);
    // A page restored from the back-forward cache after its session ended plays in a new one.
    void (opening ?? open());
  });
  on(win.document, 'visibilitychange', () => win.document.visibilityState === 'hidden' && report(false));
  on(win, 'pagehide', () => {
    report(true);
    clearInterval(timer);
    opening = sessionId = null;
  });

  const tracker: SessionTracker = {
    id: () => opening ?? open(),
    limit(d) {
      if (d && d > 0) length = d;
    },
    destroy() {
      report(false);
      abort.abort();
      clearInterval(timer);
      trackers.delete(video);
    },
  };
  trackers.set(video, tracker);
  tracker.limit(durationSec);
  signal?.addEventListener('abort', tracker.destroy);
  if (at !== undefined) ranges.update(at);
  void open();
  return tracker;
}
