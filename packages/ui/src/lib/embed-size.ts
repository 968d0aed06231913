/** A zero (or missing, or negative) dimension counts as 1, so the ratio never divides by zero. */
const dim = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 1);

/** Height that keeps the video's aspect ratio for a width: round(width × video height ÷ video width). */
export function heightForWidth(width: number, videoWidth: number | null | undefined, videoHeight: number | null | undefined): number {
  return Math.round((dim(width) * dim(videoHeight)) / dim(videoWidth));
}

/** Width that keeps the video's aspect ratio for a height: round(height × video width ÷ video height). */
export function widthForHeight(height: number, videoWidth: number | null | undefined, videoHeight: number | null | undefined): number {
  return Math.round((dim(height) * dim(videoWidth)) / dim(videoHeight));
}

export interface EmbedSize {
  width: number;
  height: number;
}

/**
 * The embed size after the user edits one side. With "Maintain aspect ratio" on, the other side
 * follows the video's proportions; off, only the edited side changes.
 */
export function resizeEmbed(
  current: EmbedSize,
  change: { side: 'width' | 'height'; value: number | null },
  keepRatio: boolean,
  video: { width: number | null | undefined; height: number | null | undefined },
): EmbedSize {
  const value = typeof change.value === 'number' && Number.isFinite(change.value) ? Math.max(0, Math.round(change.value)) : 0;
  if (change.side === 'width') {
    return { width: value, height: keepRatio ? heightForWidth(value, video.width, video.height) : current.height };
  }
  return { height: value, width: keepRatio ? widthForHeight(value, video.width, video.height) : current.width };
}
