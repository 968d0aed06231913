/** A second of the video as m:ss (1:05). */
export const clock = (sec: number) => `${Math.floor(sec / 60)}:${String(Math.floor(sec % 60)).padStart(2, '0')}`;

/** Marks' positions along a seek bar: each comment thread once, in percent of the duration. */
export function markerSpots<T extends { id: string; atSec: number; parentId: string | null }>(comments: readonly T[], durationSec: number | null | undefined): { comment: T; percent: number }[] {
  if (!durationSec || durationSec <= 0) return [];
  return comments.filter((c) => c.parentId === null && c.atSec <= durationSec).map((comment) => ({ comment, percent: (comment.atSec / durationSec) * 100 }));
}
