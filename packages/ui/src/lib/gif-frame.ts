/**
 * Width and height of a GIF of `size` ('w:h', -1 meaning "keep the video's aspect ratio") made
 * from a video of the given size; what the dialog's preview draws the text on.
 */
export function gifFrameSize(size: string, video: { width: number | null; height: number | null }): { width: number; height: number } {
  const [w = -1, h = -1] = size.split(':').map(Number);
  const aspect = video.width && video.height ? video.width / video.height : 16 / 9;
  if (w > 0 && h > 0) return { width: w, height: h };
  if (w > 0) return { width: w, height: Math.round(w / aspect) };
  if (h > 0) return { width: Math.round(h * aspect), height: h };
  return { width: video.width ?? 640, height: video.height ?? 360 };
}
