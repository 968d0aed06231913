// Issue 34: the download button, only when the playback answer has `download` (the owner allows
// downloads). Part of the controls chunk, so nothing of it weighs on the first frame. An anchor
// with `download`: the browser saves the file (same origin as the media) instead of opening it;
// its URL takes the newest playback token when it is used, so it still works late in a long video.

export function attachDownload(o: {
  bar: HTMLElement;
  before: Element | null;
  made: Element[];
  url: string;
  /** The file's name: the video's title with .mp4. */
  title: string | null;
  label: string;
  /** The URL with the newest token (a video that is not public). */
  fresh(url: string): string;
  on(target: EventTarget, type: string, fn: (e: Event) => void): void;
}): HTMLAnchorElement {
  const a = o.bar.ownerDocument.createElement('a');
  a.className = 'rb-download';
  a.href = o.url;
  a.setAttribute('download', `${(o.title ?? 'video').replace(/[\p{Cc}"*/:<>?\\|\s]+/gu, ' ').trim() || 'video'}.mp4`);
  a.setAttribute('aria-label', o.label);
  a.title = o.label;
  a.innerHTML = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z"/></svg>';
  const refresh = () => {
    a.href = o.fresh(o.url);
  };
  for (const type of ['pointerdown', 'focus', 'click']) o.on(a, type, refresh);
  o.bar.insertBefore(a, o.before);
  o.made.push(a);
  return a;
}
