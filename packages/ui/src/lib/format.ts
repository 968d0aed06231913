const two = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY (spec section 9); empty for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
}

/** Sizes are shown in MB with two decimals. */
export function formatMegabytes(bytes: number | null | undefined): string {
  const mb = (bytes ?? 0) / (1024 * 1024);
  return `${mb.toFixed(2)} MB`;
}

/** The redirect link of an embed: blank, or an absolute http(s) address (the API's rule too). */
export function isValidRedirect(text: string): boolean {
  const t = text.trim();
  if (!t) return true;
  return URL.canParse(t) && /^https?:$/.test(new URL(t).protocol) && !/\s/.test(t);
}

export const REDIRECT_FORMAT_MESSAGE = 'Must match format "http:// or https://".';

/** Only files whose type starts with video/ are accepted for upload. */
export const isVideoFile = (f: { type: string }) => f.type.startsWith('video/');

/** A playhead position as m:ss (the drop-off chart's 15 s marks). */
export function formatMark(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** Watch time: "2 h 05 min", "3 min 07 s" or "42 s". */
export function formatWatchTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${two(Math.floor((s % 3600) / 60))} min`;
  if (s >= 60) return `${Math.floor(s / 60)} min ${two(s % 60)} s`;
  return `${s} s`;
}
