/**
 * Chromium's own HLS can drop a seek made while it is still settling on its first segments: the
 * seek ends ("seeked") seconds away from where it was asked (a seek to 5 s lands at 2.2 s). Later
 * seeks land. This asks once more for the moment the viewer chose whenever a seek ends more than
 * half a second away from it.
 */
export function keepSeekTargets(video: HTMLMediaElement, signal: AbortSignal): void {
  let wanted: number | null = null;
  let again = false;
  video.addEventListener(
    'seeking',
    () => {
      if (!again) wanted = video.currentTime;
    },
    { signal },
  );
  video.addEventListener(
    'seeked',
    () => {
      const target = wanted;
      wanted = null;
      if (target !== null && !again && Math.abs(video.currentTime - target) > 0.5) {
        again = true;
        video.currentTime = target;
        return;
      }
      again = false;
    },
    { signal },
  );
}
