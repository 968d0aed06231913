/// <reference path="./hls-light.d.ts" />
import type { Engine, ForcedEngine, HlsConstructor, HlsInstance, HlsModule, PlayerSource, StartAction } from './types.ts';

const HLS_MIME = 'application/vnd.apple.mpegurl';

let hlsModule: Promise<HlsModule> | null = null;

/**
 * hls.js is a separate chunk, fetched only on the hls.js path (and at most once). Its light build:
 * no subtitle or alternate-audio renditions and no DRM, none of which our masters carry.
 */
export function importHls(): Promise<HlsModule> {
  hlsModule ??= import('hls.js/light') as Promise<unknown> as Promise<HlsModule>;
  return hlsModule;
}

/** The `?engine=` value of an embed URL, when it names an HLS engine. */
export function forcedEngine(value: string | null): ForcedEngine | null {
  return value === 'native' || value === 'hlsjs' ? value : null;
}

export function hasMediaSource(): boolean {
  const w = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return typeof w.MediaSource === 'function' || typeof w.ManagedMediaSource === 'function';
}

export function canPlayNativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_MIME) !== '';
}

/**
 * Which engine a source will use in this browser, before anything is loaded: hls.js wherever
 * MediaSource exists, the browser's own HLS elsewhere (iPhones before iOS 17.1), else the mp4.
 * hls.js starts at the rung that fits the player and the measured bandwidth (startConfig) and
 * behaves the same in every browser; Chromium's own HLS was measured starting at the lowest rung
 * and then fetching 1080p whatever the player's size. `forced` picks an engine the browser has.
 */
export function chooseEngine(video: HTMLVideoElement, source: PlayerSource, forced: ForcedEngine | null = null): Engine {
  if (source.hls) {
    const native = canPlayNativeHls(video);
    if (forced === 'native' && native) return 'native';
    if (hasMediaSource()) return 'hlsjs';
    if (native) return 'native';
  }
  return source.mp4 ? 'mp4' : 'none';
}

export interface Attached {
  engine: Engine;
  hls: HlsInstance | null;
  /** Starts fetching media now (hls.js held by startAction 'none'); idempotent, a no-op elsewhere. */
  start: () => void;
}

const noop = () => {};

interface AttachOptions {
  startAction: StartAction;
  forceEngine: ForcedEngine | null;
  loadHls: () => Promise<HlsModule>;
  /** Called when playback cannot continue with this engine. */
  onFatal: () => void;
  /** Every hls.js request goes to this URL instead (the newest playback token in place of the one a playlist was read with). */
  rewriteUrl?: (url: string) => string;
}

/**
 * Attaches the source to the video. With startAction 'none' nothing is fetched until the viewer
 * presses play (preload none; hls.js with autoStartLoad off, started on the first 'play').
 */
export async function attachSource(video: HTMLVideoElement, source: PlayerSource, options: AttachOptions): Promise<Attached> {
  const engine = chooseEngine(video, source, options.forceEngine);
  if (engine === 'hlsjs') {
    try {
      const Hls = (await options.loadHls()).default;
      if (Hls.isSupported()) return { engine, ...startHlsJs(Hls, video, source.hls!, options) };
    } catch {
      // The chunk failed to load: fall back to mp4 below.
    }
    if (source.mp4) {
      video.src = source.mp4;
      return { engine: 'mp4', hls: null, start: noop };
    }
    return { engine: 'none', hls: null, start: noop };
  }
  if (engine === 'native') video.src = source.hls!;
  else if (engine === 'mp4') video.src = source.mp4!;
  return { engine, hls: null, start: noop };
}

function startHlsJs(Hls: HlsConstructor, video: HTMLVideoElement, url: string, options: AttachOptions): { hls: HlsInstance; start: () => void } {
  const lazy = options.startAction === 'none';
  const rewrite = options.rewriteUrl;
  // hls.js opens the request itself unless xhrSetup did: a token renewed mid-play reaches every later segment.
  const hls = new Hls({ autoStartLoad: !lazy, ...startConfig(), ...(rewrite && { xhrSetup: (xhr: XMLHttpRequest, u: string) => xhr.open('GET', rewrite(u), true) }) });
  let started = !lazy;
  // Before the manifest is parsed hls.js holds the start until it is (forceStartLoad).
  const start = () => {
    if (started) return;
    started = true;
    video.removeEventListener('play', start);
    hls.startLoad();
  };
  let networkRetried = false;
  let mediaRecovered = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !networkRetried) {
      networkRetried = true;
      // Without levels the master itself failed: startLoad alone would fetch nothing. loadSource
      // stops loading, so a started player starts again (a lazy one still waits for its play).
      if (!hls.levels?.length) {
        hls.loadSource(url);
        if (started) hls.startLoad();
      } else if (started) hls.startLoad();
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
      mediaRecovered = true;
      hls.recoverMediaError();
    } else {
      options.onFatal();
    }
  });
  // A play from anywhere (the player, the browser's media keys) starts it; the player also calls
  // start() itself for a play that came before hls.js was attached.
  if (lazy) video.addEventListener('play', start);
  hls.loadSource(url);
  hls.attachMedia(video);
  return { hls, start };
}

/** Bandwidth assumed before the first segment is measured, where the browser does not say (bits/s). */
export const DEFAULT_START_BANDWIDTH = 5_000_000;

/**
 * hls.js picks its first rung itself (startLevel -1) from the bandwidth the browser reports
 * (Network Information's downlink, else DEFAULT_START_BANDWIDTH), among the rungs no larger than
 * the player shows (capLevelToPlayerSize), then adapts on the segments it measures. Without
 * testBandwidth off it would fetch a segment of the lowest rung first to measure.
 */
export function startConfig(nav: { connection?: { downlink?: number } } = (globalThis.navigator ?? {}) as { connection?: { downlink?: number } }): Record<string, unknown> {
  const downlinkMbps = nav.connection?.downlink;
  const estimate = downlinkMbps && downlinkMbps > 0 ? downlinkMbps * 1_000_000 : DEFAULT_START_BANDWIDTH;
  return { capLevelToPlayerSize: true, startLevel: -1, testBandwidth: false, abrEwmaDefaultEstimate: estimate };
}
