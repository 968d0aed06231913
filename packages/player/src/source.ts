import type { Engine, HlsConstructor, HlsInstance, HlsModule, PlayerSource, StartAction } from './types.ts';

const HLS_MIME = 'application/vnd.apple.mpegurl';

let hlsModule: Promise<HlsModule> | null = null;

/** hls.js is a separate chunk, fetched only on the hls.js path (and at most once). */
export function importHls(): Promise<HlsModule> {
  hlsModule ??= import('hls.js') as Promise<unknown> as Promise<HlsModule>;
  return hlsModule;
}

export function hasMediaSource(): boolean {
  const w = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return typeof w.MediaSource === 'function' || typeof w.ManagedMediaSource === 'function';
}

export function canPlayNativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_MIME) !== '';
}

/** Which engine a source will use in this browser, before anything is loaded. */
export function chooseEngine(video: HTMLVideoElement, source: PlayerSource, forceHlsJs = false): Engine {
  if (source.hls) {
    if (!forceHlsJs && canPlayNativeHls(video)) return 'native';
    if (hasMediaSource()) return 'hlsjs';
  }
  if (source.mp4) return 'mp4';
  // Forced hls.js without MediaSource: the browser's own HLS is still better than nothing.
  if (source.hls && canPlayNativeHls(video)) return 'native';
  return 'none';
}

export interface Attached {
  engine: Engine;
  hls: HlsInstance | null;
}

interface AttachOptions {
  startAction: StartAction;
  forceHlsJs: boolean;
  loadHls: () => Promise<HlsModule>;
  /** Called when playback cannot continue with this engine. */
  onFatal: () => void;
}

/**
 * Attaches the source to the video. With startAction 'none' nothing is fetched until the viewer
 * presses play (preload none; hls.js with autoStartLoad off, started on the first 'play').
 */
export async function attachSource(video: HTMLVideoElement, source: PlayerSource, options: AttachOptions): Promise<Attached> {
  const engine = chooseEngine(video, source, options.forceHlsJs);
  if (engine === 'hlsjs') {
    try {
      const Hls = (await options.loadHls()).default;
      if (Hls.isSupported()) return { engine, hls: startHlsJs(Hls, video, source.hls!, options) };
    } catch {
      // The chunk failed to load: fall back to mp4 below.
    }
    if (source.mp4) {
      video.src = source.mp4;
      return { engine: 'mp4', hls: null };
    }
    return { engine: 'none', hls: null };
  }
  if (engine === 'native') video.src = source.hls!;
  else if (engine === 'mp4') video.src = source.mp4!;
  return { engine, hls: null };
}

function startHlsJs(Hls: HlsConstructor, video: HTMLVideoElement, url: string, options: AttachOptions): HlsInstance {
  const lazy = options.startAction === 'none';
  const hls = new Hls({ autoStartLoad: !lazy, capLevelToPlayerSize: true });
  let networkRetried = false;
  let mediaRecovered = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !networkRetried) {
      networkRetried = true;
      hls.startLoad();
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
      mediaRecovered = true;
      hls.recoverMediaError();
    } else {
      options.onFatal();
    }
  });
  if (lazy) {
    const start = () => {
      video.removeEventListener('play', start);
      hls.startLoad();
    };
    video.addEventListener('play', start);
  }
  hls.loadSource(url);
  hls.attachMedia(video);
  return hls;
}
