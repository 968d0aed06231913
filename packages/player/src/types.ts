import type { Chapter, PlaybackCaption, PlaybackInfo, PlaybackStoryboard, PlayerConfig } from '@reelbase/api-client/contract';

export type { PlayerConfig };
export type StartAction = PlayerConfig['startAction'];
export type EndAction = PlayerConfig['endAction'];
export type ColorScheme = PlayerConfig['colorScheme'];

/**
 * The public `GET {apiBase}/api/playback/{videoId}` answer, as the contract defines it.
 * 404 (or 403/410) means the video is not available; 409, or `processing: true`, means it is
 * still being processed.
 */
export type { PlaybackInfo };

export interface PlayerSource {
  hls?: string | null;
  mp4?: string | null;
  poster?: string | null;
}

/** How the media is attached: the browser's own HLS, hls.js over MediaSource, or a plain mp4. */
export type Engine = 'native' | 'hlsjs' | 'mp4' | 'none';
/** An HLS engine asked for by the embed URL (`?engine=native` or `?engine=hlsjs`), where the browser has it. */
export type ForcedEngine = 'native' | 'hlsjs';

export interface PlayerNavigation {
  /** Navigates the player's own window or frame (playNext). */
  assign(url: string): void;
  /** Navigates the viewer's page (the top window when the embed frame may, else the frame). */
  redirect(url: string): void;
  /** Redirect in a new window; returns false when the browser blocked the window. */
  open(url: string): boolean;
}

export interface PlayerOptions {
  source: PlayerSource;
  /** Missing fields take the product defaults (startAction none, endAction pause, default colours). */
  config?: Partial<PlayerConfig> | null;
  /** Video id: needed for statistics beacons; no beacons without it. */
  videoId?: string;
  /** Origin (or path prefix) of the API, '' for the same origin. */
  apiBase?: string;
  /** Route segment of the embed route, `/embed/{embedType}/{videoId}`. */
  embedType?: string;
  /** Overrides config.nextVideo for the playNext end action. */
  nextVideo?: string | null;
  /** Use this HLS engine rather than the usual choice (chooseEngine), where the browser has it. */
  forceEngine?: ForcedEngine | null;
  /** At the end of playback go to this URL instead of running the end action (http/https only). */
  redirect?: string | null;
  /** Open the redirect in a new window. */
  newWindow?: boolean;
  /** The video's caption tracks: the CC button and menu (a separate chunk) load only when there are some. */
  captions?: readonly PlaybackCaption[] | null;
  /** Issue 26: the video's chapters (marks, titles and a menu: a chunk loaded only when there are some) and its seek-preview storyboard (a chunk loaded on the first hover or touch of the seek bar). */
  chapters?: readonly Chapter[] | null;
  storyboard?: PlaybackStoryboard | null;
  /** Issue 34: the mp4 viewers may download (the owner allows it); the button comes with the controls chunk. */
  download?: string | null;
  /** Duration known from the server, shown while the media reports an infinite duration. */
  durationSec?: number | null;
  /** Accessible name of the player, e.g. the video name. */
  title?: string;
  /** Aspect ratio width / height, used when the host element has no height of its own. */
  aspectRatio?: number | null;
  /** Send drop-off beacons (default true when videoId is set). */
  statistics?: boolean;
  /**
   * The playback token in the source URLs (a video that is not public). The player renews it
   * before `expiresAt` (with `renew`, by default the playback call) and moves every later request
   * to the newest one, so a long video plays to the end.
   */
  token?: { token: string; expiresAt: string } | null;
  renew?: (current: string) => Promise<{ token: string; expiresAt: string } | null>;
  /** Names the owner's team (opaque; from the playback answer) for the lead form's "already gave their email". */
  leadScope?: string | null;
  /** The owner's preview: the lead form and call to action show, but nothing is sent or remembered. */
  preview?: boolean;
  /** Test seam: how to navigate. */
  navigate?: PlayerNavigation;
  /** Test seam: how to load hls.js. */
  loadHls?: () => Promise<HlsModule>;
}

/** The part of hls.js the player uses. */
export interface HlsInstance {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  startLoad(startPosition?: number): void;
  recoverMediaError(): void;
  destroy(): void;
  on(event: string, listener: (event: string, data: { fatal?: boolean; type?: string; level?: number }) => void): void;
  /** The rungs of the master playlist (known once it is parsed). */
  readonly levels?: readonly { width: number; height: number; bitrate: number }[];
  /** The rung playing; setting it switches now and holds it (-1: back to automatic choice). */
  currentLevel?: number;
  /** The rung the first segment is fetched from (-1: hls.js picks); ABR stays automatic after it. */
  startLevel?: number;
  readonly autoLevelEnabled?: boolean;
  /** Issue 37: the master's audio renditions (hls.js's full build; the light one lists none). */
  readonly audioTracks?: readonly { name: string; lang?: string; default?: boolean }[];
  /** The audio rendition playing; setting it switches. */
  audioTrack?: number;
}

export interface HlsConstructor {
  new (config?: Record<string, unknown>): HlsInstance;
  isSupported(): boolean;
  Events: { ERROR: string };
  ErrorTypes: { NETWORK_ERROR: string; MEDIA_ERROR: string };
}

export interface HlsModule {
  default: HlsConstructor;
}

export interface Player {
  readonly root: HTMLElement;
  readonly video: HTMLVideoElement;
  /** Resolves with the engine once the source is attached. */
  readonly ready: Promise<Engine>;
  readonly engine: Engine;
  readonly controlsVisible: boolean;
  readonly mini: boolean;
  play(): Promise<void>;
  pause(): void;
  setMini(on: boolean): void;
  toggleFullscreen(): Promise<void>;
  showMessage(text: string): void;
  destroy(): void;
}
