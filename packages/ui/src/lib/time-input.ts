const TIME_RE = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/;

/**
 * Seconds of an `hh:mm:ss` entry (as the GIF dialog's start and end inputs take). Anything that
 * is not that form (wrong separators, minutes or seconds over 59, letters, blanks) resets to 0.
 */
export function parseTimeInput(text: string | null | undefined): number {
  const m = TIME_RE.exec((text ?? '').trim());
  if (!m) return 0;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

const two = (n: number) => String(n).padStart(2, '0');

/** `hh:mm:ss` of a number of seconds (whole seconds, never negative). */
export function formatTimeInput(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}
