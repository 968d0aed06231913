const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/**
 * The box of an image `scale` percent of the video's width wide, keeping the image's own aspect
 * ratio on a video of aspect `videoAspect` (both width / height); a box that would be taller than
 * the video is shrunk to fit.
 */
export function sizeOnVideo(scalePercent: number, imageAspect: number, videoAspect: number): { width: number; height: number } {
  let width = clamp01(scalePercent / 100);
  let height = (width * videoAspect) / imageAspect;
  if (height > 1) {
    width /= height;
    height = 1;
  }
  return { width, height };
}
