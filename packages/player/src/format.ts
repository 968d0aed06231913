import { t } from './strings.ts';

/** 75 -> "1:15", 3725 -> "1:02:05"; unknown or infinite -> "--:--". */
export function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** 65 -> "1 minute 5 seconds", 180 -> "3 minutes", 0 -> "0 seconds": a time for a screen reader. */
export function spokenTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return t('timeUnknown');
  const s = Math.floor(seconds);
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) parts.push(t('hours', { count: h }));
  if (m) parts.push(t('minutes', { count: m }));
  if (s % 60 || parts.length === 0) parts.push(t('seconds', { count: s % 60 }));
  return parts.join(' ');
}

/** The seek slider's aria-valuetext: "1 minute 5 seconds of 3 minutes". */
export function seekValueText(current: number, duration: number): string {
  return t('timeOf', { current: spokenTime(current), duration: spokenTime(duration) });
}
