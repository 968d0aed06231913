import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The file a media URL names and whether it needs a token, without the token itself
 * (`/~{token}/`), which changes on every answer.
 */
const fileOf = (url: string) => url.replace(/\/~[^/]+\//, '/');
const fileAndAccess = (url: string) => `${fileOf(url)} ${/\/~[^/]+\//.test(url) ? 'tokened' : 'public'}`;

/**
 * The owner's mp4 player on the video page. A private video's URL carries a short-lived token, and
 * every fresh answer (a poll, a refocus) carries a newer one: the player keeps the URL it loaded
 * while the file is the same, so playback never restarts; when a later range request is refused
 * (the token ended during a long pause or before a seek) it asks for a fresh URL and resumes where
 * it was.
 *
 * A click before the file's metadata is in (a slow link) is kept as a wanted play: Chromium's native
 * controls ignore it until 'loadedmetadata' has been dispatched (even with readyState already 4),
 * so the player would stay paused with no 'play' at all. A 'play' also sets it, a 'pause' clears it;
 * it is honoured on every 'loadedmetadata' while paused (a new source resets a play silently).
 */
export function OwnerVideo({
  src,
  poster,
  label,
  renew,
  onElement,
  seek,
}: {
  src: string;
  poster?: string;
  label: string;
  renew: () => Promise<string | null>;
  /** The caption editor seeks it and follows its playhead. */
  onElement?: (el: HTMLVideoElement | null) => void;
  /** A request to jump to `at` seconds (a transcript line, a search hit's ?t=); `n` tells two requests for the same time apart. */
  seek?: { at: number; n: number } | null;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [current, setCurrent] = useState(src);
  const resume = useRef<{ at: number; play: boolean } | null>(null);
  const renewing = useRef(false);
  const wanted = useRef(false);
  // 'loadedmetadata' dispatched for the current source: from then on the native controls take clicks.
  const metadata = useRef(false);
  const attach = useCallback(
    (el: HTMLVideoElement | null) => {
      ref.current = el;
      onElement?.(el);
    },
    [onElement],
  );

  useEffect(() => {
    // A new file (a replace, a trim over it) or a privacy change: load it; the same file under a newer token: keep playing.
    if (fileAndAccess(src) === fileAndAccess(current)) return;
    const el = ref.current;
    // A privacy change under a play (or a click whose play is pending): the new URL goes on from
    // the same moment, playing (setting a source resets a play without a 'pause' event).
    // A new file starts paused, whatever was wanted of the old one.
    if (fileOf(src) !== fileOf(current)) wanted.current = false;
    else if (el && (el.currentTime > 0 || !el.paused)) resume.current = { at: el.currentTime, play: !el.paused };
    setCurrent(src);
  }, [src, current]);

  // A seek before the file's metadata waits for it (onLoadedMetadata).
  const pendingSeek = useRef<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!seek || !el) return;
    if (el.readyState >= 1) el.currentTime = seek.at;
    else pendingSeek.current = seek.at;
  }, [seek]);

  async function onError() {
    const el = ref.current;
    if (!el || renewing.current) return;
    renewing.current = true;
    try {
      const fresh = await renew();
      if (!fresh || fresh === current) return;
      resume.current = { at: el.currentTime, play: !el.paused || el.seeking };
      setCurrent(fresh);
    } finally {
      renewing.current = false;
    }
  }

  function onClick() {
    const el = ref.current;
    // Before metadata the native controls drop the click (after it they toggle play themselves).
    if (el && !metadata.current && el.paused) wanted.current = true;
  }

  function onLoadedMetadata() {
    metadata.current = true;
    const el = ref.current;
    if (!el) return;
    if (pendingSeek.current !== null) {
      el.currentTime = pendingSeek.current;
      pendingSeek.current = null;
    }
    const r = resume.current;
    resume.current = null;
    if (r) el.currentTime = r.at;
    if (r?.play || (wanted.current && el.paused)) void el.play().catch(() => {});
  }

  return (
    <video
      ref={attach}
      controls
      src={current}
      poster={poster}
      onError={() => void onError()}
      onLoadedMetadata={onLoadedMetadata}
      onLoadStart={() => {
        metadata.current = false;
      }}
      onClick={onClick}
      onPlay={() => {
        wanted.current = true;
      }}
      onPause={() => {
        wanted.current = false;
      }}
      style={{ display: 'block', width: '100%', maxHeight: '70vh', background: '#000' }}
      aria-label={label}
    >
      <track kind="captions" />
    </video>
  );
}
