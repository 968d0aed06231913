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

const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm|mkv|avi|wmv|flv|mpe?g|3gp|ts|mts|m2ts|ogv)$/i;
/** Video files are accepted for upload: a video/ type, or (no type known to the browser) a video file name. */
export const isVideoFile = (f: { type: string; name?: string }) => f.type.startsWith('video/') || (!f.type && VIDEO_EXTENSIONS.test(f.name ?? ''));

/** Why a file was not taken for upload, in words: what it is, and what would be taken. */
export function notAVideoReason(f: { type: string; name: string }): string {
  const ext = f.name.includes('.') ? f.name.split('.').pop()?.toUpperCase() : '';
  const kind = f.type === 'application/pdf' ? 'a PDF document' : f.type.startsWith('image/') ? 'an image' : f.type.startsWith('audio/') ? 'an audio file' : ext ? `a .${ext.toLowerCase()} file` : 'not a video file';
  return `“${f.name}” was not uploaded: it is ${kind}, not a video. Choose a video file such as MP4, MOV or WebM.`;
}

/** "1 video", "2 videos": a count with its noun in the right number. */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}

/** A video's length as m:ss, or h:mm:ss from an hour; empty when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

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
