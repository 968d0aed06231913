import { DROP_OFF_INTERVAL_SECONDS } from './constants.ts';

/**
 * Decides when a drop-off beacon is due: when the current whole second is a multiple of the
 * interval, once per such second. `timeupdate` fires several times a second, so a second is sent
 * only when the playhead arrives in it (from another second, by playing or seeking), never twice
 * while it stays there (pause and resume inside second 15 sends nothing new). Coming back to a
 * mark later (seeking back, looping) counts again, as a new pass.
 */
export function createDropOffTracker(send: (curTime: number) => void, interval = DROP_OFF_INTERVAL_SECONDS) {
  let current = Number.NaN;
  // The 0 mark is the play: sent once per play (again only after reset, a loop), wherever the
  // play starts (a resumed viewer) and however often the playhead comes back to the start (a
  // resume or a seek to 0 is not another play).
  let played = false;
  return {
    update(time: number): void {
      if (!Number.isFinite(time) || time < 0) return;
      const second = Math.floor(time);
      if (!played) {
        played = true;
        send(0);
      }
      if (second === current) return;
      current = second;
      if (second !== 0 && second % interval === 0) send(second);
    },
    reset(): void {
      current = Number.NaN;
      played = false;
    },
  };
}

/** `token`: the playback token of a video that is not public; the API counts its beacons only with it. */
export function dropOffUrl(apiBase: string, videoId: string, token?: string | null): string {
  return `${apiBase.replace(/\/+$/, '')}/api/statistics/drop-off/${encodeURIComponent(videoId)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** POST `{ curTime }` as JSON: sendBeacon when it is there (survives page unload), else fetch keepalive. */
export function sendDropOff(apiBase: string, videoId: string, curTime: number, token?: string | null): void {
  const url = dropOffUrl(apiBase, videoId, token);
  const body = JSON.stringify({ curTime });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON Blob cross-origin; fetch below handles it with CORS.
  }
  if (typeof fetch !== 'function') return;
  fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
}
