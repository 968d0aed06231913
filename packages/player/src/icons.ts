// Inline SVG icons (24x24, currentColor). The volume icon carries every part; CSS shows the parts
// of the current level (data-level on its button).
const svg = (body: string) => `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${body}</svg>`;

export const ICONS = {
  play: svg('<path class="rb-i-play" d="M8 5v14l11-7z"/><path class="rb-i-pause" d="M6 5h4v14H6zm8 0h4v14h-4z"/>'),
  volume: svg(
    '<path d="M3 9v6h4l5 5V4L7 9z"/><path class="rb-i-w1" d="M16.5 12A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z"/>' +
      '<path class="rb-i-w2" d="M14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z"/>' +
      '<path class="rb-i-x" d="M22 9.4 20.6 8 18 10.6 15.4 8 14 9.4l2.6 2.6-2.6 2.6 1.4 1.4 2.6-2.6 2.6 2.6 1.4-1.4-2.6-2.6z"/>',
  ),
  popout: svg('<path d="M19 7h-8v6h8zm4 12V5a2 2 0 0 0-2-2H3a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h18a2 2 0 0 0 2-2zm-2 0H3V5h18z"/>'),
  fullscreen: svg(
    '<path class="rb-i-enter" d="M7 14H5v5h5v-2H7zm-2-4h2V7h3V5H5zm12 7h-3v2h5v-5h-2zM14 5v2h3v3h2V5z"/>' +
      '<path class="rb-i-exit" d="M5 16h3v3h2v-5H5zm3-8H5v2h5V5H8zm6 11h2v-3h3v-2h-5zm2-11V5h-2v5h5V8z"/>',
  ),
} as const;
