/**
 * Where a pointer at `clientX` falls on the seek bar: the time under it and its x offset in the
 * bar (clamped to the bar), or null while the length is unknown. Shared by the chapter titles
 * and the storyboard previews (their chunks load apart).
 */
export function seekPointer(seek: HTMLElement, duration: () => number) {
  return (clientX: number): { time: number; x: number } | null => {
    const box = seek.getBoundingClientRect();
    const length = duration();
    if (!(box.width > 0) || !Number.isFinite(length) || length <= 0) return null;
    const x = Math.min(box.width, Math.max(0, clientX - box.left));
    return { time: (x / box.width) * length, x };
  };
}
