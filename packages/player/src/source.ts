/// <reference path="./hls-light.d.ts" />
import type { Engine, ForcedEngine, HlsConstructor, HlsInstance, HlsModule, PlayerSource, StartAction } from './types.ts';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * hls.js is a separate chunk, fetched only on the hls.js path (at most once: the module map keeps
 * a dynamic import's promise). Its light build (no subtitle or alternate-audio renditions, no DRM)
 * unless `answer`, the playback answer, lists audio tracks: then the full build (hls.ts).
 */
export const importHls = (answer?: object) => import('./hls.ts').then((m) => m.pick(answer)) as Promise<unknown> as Promise<HlsModule>;

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
 * Which engine a source will use in this browser, before anything is loaded: the browser's own HLS
 * wherever it has one (Safari, Chromium from 141: no script to fetch before the first frame, and
 * the master it reads is fitted to the player, see fittedMaster), hls.js where only MediaSource
 * exists (Firefox, older Chromium), else the mp4. `forced` picks an engine the browser has.
 */
export function chooseEngine(video: HTMLVideoElement, source: PlayerSource, forced: ForcedEngine | null = null): Engine {
  if (source.hls) {
    if (forced === 'hlsjs' && hasMediaSource()) return 'hlsjs';
    if (canPlayNativeHls(video)) return 'native';
    if (hasMediaSource()) return 'hlsjs';
  }
  return source.mp4 ? 'mp4' : 'none';
}

/**
 * The master URL asking the server for the rungs this player needs (`?fit=` its picture's short
 * side in device pixels) and its start rung from the bandwidth the browser reports (`&bw=`): a
 * browser's own HLS cannot be steered otherwise. Unchanged when the player is not laid out yet.
 */
export function fittedMaster(url: string, video: HTMLVideoElement, aspectRatio: number | null | undefined, nav: { connection?: { downlink?: number } } = (globalThis.navigator ?? {}) as { connection?: { downlink?: number } }): string {
  const box = { w: video.clientWidth, h: video.clientHeight };
  const params: string[] = [];
  if (box.w > 0 && box.h > 0) {
    // The picture inside the box (letterboxed to the video's shape), in device pixels.
    const aspect = aspectRatio && aspectRatio > 0 ? aspectRatio : box.w / box.h;
    const pictureH = Math.min(box.h, box.w / aspect);
    const short = Math.min(pictureH, pictureH * aspect) * ((globalThis as { devicePixelRatio?: number }).devicePixelRatio || 1);
    params.push(`fit=${Math.round(short)}`);
  }
  const downlink = nav.connection?.downlink;
  if (downlink && downlink > 0) params.push(`bw=${Math.round(downlink * 1_000_000)}`);
  if (params.length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${params.join('&')}`;
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
  /** The video's width / height: the master asked for fits the picture's size in the player. */
  aspectRatio?: number | null;
  /** Every hls.js request goes to this URL instead (the newest playback token in place of the one a playlist was read with). */
  rewriteUrl?: (url: string) => string;
}

/**
 * Attaches the source to the video. With startAction 'none' nothing is fetched until the viewer
 * presses play (preload none; hls.js with autoStartLoad off, started on the first 'play').
 */
export async function attachSource(video: HTMLVideoElement, source: PlayerSource, options: AttachOptions): Promise<Attached> {
  const engine = chooseEngine(video, source, options.forceEngine);
  if (source.hls && (engine === 'native' || engine === 'hlsjs')) source = { ...source, hls: fittedMaster(source.hls, video, options.aspectRatio) };
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
  if (engine === 'native') {
    // Chromium's own HLS refuses a master from another origin (media on a CDN or storage host)
    // unless it is fetched in CORS mode (MEDIA_ERR_SRC_NOT_SUPPORTED otherwise); media answers
    // carry Access-Control-Allow-Origin: *.
    if (crossOrigin(source.hls!)) video.crossOrigin = 'anonymous';
    video.src = source.hls!;
  }
  else if (engine === 'mp4') video.src = source.mp4!;
  return { engine, hls: null, start: noop };
}

function startHlsJs(Hls: HlsConstructor, video: HTMLVideoElement, url: string, options: AttachOptions): { hls: HlsInstance; start: () => void } {
  const lazy = options.startAction === 'none';
  const rewrite = options.rewriteUrl;
  // hls.js opens the request itself unless xhrSetup did: a token renewed mid-play reaches every later segment.
  const estimate = startBandwidth();
  const hls = new Hls({ autoStartLoad: !lazy, ...startConfig(estimate), ...(rewrite && { xhrSetup: (xhr: XMLHttpRequest, u: string) => xhr.open('GET', rewrite(u), true) }) });
  // hls.js parses the master (and fires this) before any start, the autoStartLoad one included.
  hls.on('hlsManifestParsed', () => {
    hls.startLevel = startLevel(hls.levels ?? [], estimate);
  });
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

function crossOrigin(url: string): boolean {
  const page = (globalThis as { location?: { href: string; origin: string } }).location;
  try {
    return !!page && new URL(url, page.href).origin !== page.origin;
  } catch {
    return false;
  }
}

/** Seconds hls.js buffers ahead (issue 32: about 15 s at startup). */
export const START_BUFFER_SECONDS = 15;

/** Bandwidth assumed before the first segment is measured, where nothing says (bits/s). */
export const DEFAULT_START_BANDWIDTH = 5_000_000;

/** The product's segment length (apps/api's ladder: 2 s segments). */
const SEGMENT_SECONDS = 2;

/** The first segment should arrive in this long at the estimated bandwidth (issue 32: 3G first frame <= 2.5 s). */
export const FIRST_SEGMENT_SECONDS = 0.5;

type Nav = { connection?: { downlink?: number } };

/**
 * The fastest transfer this page has seen of at least 16 KB (the hls.js chunk itself, the poster),
 * from Resource Timing: all there is where the browser reports no bandwidth (Firefox, Safari).
 * Transfers sharing the link read low, which errs towards a smaller first segment.
 */
export function measuredBandwidth(entries: readonly { transferSize?: number; responseStart: number; responseEnd: number }[] = (globalThis.performance?.getEntriesByType?.('resource') ?? []) as PerformanceResourceTiming[]): number | null {
  return Math.max(0, ...entries.map((e) => ((e.transferSize as number) >= 16e3 && e.responseEnd > e.responseStart ? ((e.transferSize as number) * 8e3) / (e.responseEnd - e.responseStart) : 0))) || null;
}

/**
 * The bandwidth hls.js starts from (bits/s): the larger of Network Information's downlink
 * (Chromium; capped at 10 Mbit/s) and the measured one, else DEFAULT_START_BANDWIDTH. Both read
 * low, never high: the cap, and transfers sharing the link.
 */
export function startBandwidth(nav: Nav = (globalThis.navigator ?? {}) as Nav, measured: () => number | null = measuredBandwidth): number {
  return Math.max((nav.connection?.downlink ?? 0) * 1e6, measured() ?? 0) || DEFAULT_START_BANDWIDTH;
}

/**
 * The rung to fetch the first segment from: the largest whose segment (at its peak rate) arrives
 * within FIRST_SEGMENT_SECONDS at `bandwidth`, else the smallest. hls.js's own first pick takes
 * the largest rung whose peak fits the whole bandwidth: a 2 s segment then takes about 2 s
 * (360p-480p, 1.3-2 s on 1.6 Mbit/s 3G), and the first frame waits for it. ABR climbs from the
 * segments it measures.
 */
export function startLevel(levels: readonly { bitrate: number }[], bandwidth: number): number {
  const rates = levels.map((l) => l.bitrate);
  const fit = rates.filter((r) => r * SEGMENT_SECONDS <= bandwidth * FIRST_SEGMENT_SECONDS);
  return rates.indexOf(fit.length ? Math.max(...fit) : Math.min(...rates));
}

/**
 * hls.js's first rung is startLevel's (set once the master is parsed), among the rungs the fitted
 * master lists (no larger than the player shows; capLevelToPlayerSize keeps ABR there), then it
 * adapts on the segments it measures, from `estimate` until the first one is measured. Without
 * testBandwidth off it would fetch a segment of the lowest rung first to measure. It buffers 15 s
 * ahead (hls.js's default is 30): bytes a viewer who leaves early never sees are still paid for.
 */
export function startConfig(estimate: number = startBandwidth()): Record<string, unknown> {
  return { capLevelToPlayerSize: true, startLevel: -1, testBandwidth: false, abrEwmaDefaultEstimate: estimate, maxBufferLength: START_BUFFER_SECONDS, maxMaxBufferLength: 2 * START_BUFFER_SECONDS };
}
