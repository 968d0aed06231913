import { msg, plural, t } from '@lingui/core/macro';
import { i18n, intlLocale } from '../i18n/index.ts';

// Dates, numbers and sizes in the active language's way (Intl); English exactly as the spec
// writes it (MM/DD/YYYY, 1,234, 12.50 MB).
const two = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY in English (spec section 9), DD.MM.YYYY in German, DD/MM/YYYY in Spanish; empty for a missing or unreadable date. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** A time of day as the language writes it: 2:05 PM, 14:05. */
export function formatClock(value: Date): string {
  return new Intl.DateTimeFormat(intlLocale(), { hour: '2-digit', minute: '2-digit' }).format(value);
}

/** A count or amount with the language's separators: 1,234.5 / 1.234,5. */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), options).format(n);
}

/** Sizes are shown in MB with two decimals (12.50 MB; 12,50 MB in German and Spanish). */
export function formatMegabytes(bytes: number | null | undefined): string {
  const mb = (bytes ?? 0) / (1024 * 1024);
  return `${formatNumber(mb, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })} MB`;
}

/** The redirect link of an embed: blank, or an absolute http(s) address (the API's rule too). */
export function isValidRedirect(text: string): boolean {
  const t = text.trim();
  if (!t) return true;
  return URL.canParse(t) && /^https?:$/.test(new URL(t).protocol) && !/\s/.test(t);
}

const REDIRECT_FORMAT = msg`Must match format "http:// or https://".`;
/** The redirect field's error (the spec's text in English). */
export const redirectFormatMessage = () => i18n._(REDIRECT_FORMAT);

const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm|mkv|avi|wmv|flv|mpe?g|3gp|ts|mts|m2ts|ogv)$/i;
/** Video files are accepted for upload: a video/ type, or (no type known to the browser) a video file name. */
export const isVideoFile = (f: { type: string; name?: string }) => f.type.startsWith('video/') || (!f.type && VIDEO_EXTENSIONS.test(f.name ?? ''));

/** Why a file was not taken for upload, in words: what it is, and what would be taken. */
export function notAVideoReason(f: { type: string; name: string }): string {
  const ext = f.name.includes('.') ? (f.name.split('.').pop()?.toLowerCase() ?? '') : '';
  const kind = f.type === 'application/pdf' ? t`a PDF document` : f.type.startsWith('image/') ? t`an image` : f.type.startsWith('audio/') ? t`an audio file` : ext ? t`a .${ext} file` : t`not a video file`;
  const name = f.name;
  return t`“${name}” was not uploaded: it is ${kind}, not a video. Choose a video file such as MP4, MOV or WebM.`;
}

/** "1 video", "2 videos": a count with its noun in the right number (English nouns; translated screens use `plural`). */
export function countOf(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${formatNumber(n)} ${n === 1 ? noun : pluralNoun}`;
}

/** "1 video", "2 videos" in the active language. */
export const videoCount = (n: number) => plural(n, { one: '# video', other: '# videos' });

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
