import { vi } from 'vitest';
import { createPlayer } from '../src/player.ts';
import type { HlsModule, Player, PlayerOptions } from '../src/types.ts';
import { config } from './helpers.ts';

/**
 * A <video> that keeps the HTML media rules the races depend on (jsdom's does not play):
 * - play() sets paused false at once, queues 'play' and settles when the picture plays;
 * - setting a source (src, load()) runs the load algorithm: a pending play is rejected with an
 *   AbortError and paused goes back to true without a 'pause' event; queued events are dropped;
 *   'loadstart' follows when there is a source;
 * - play() without a user gesture may be refused (NotAllowedError) unless muted.
 */
export function browserMedia(video: HTMLVideoElement, opts: { allowSound?: boolean } = {}) {
  const state = { paused: true, readyState: 0, currentTime: 0, muted: false, plays: 0 };
  let pending: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  let queue: string[] = [];
  const fire = (type: string) => video.dispatchEvent(new Event(type));
  const enqueue = (type: string) => {
    queue.push(type);
    queueMicrotask(() => {
      const at = queue.indexOf(type);
      if (at < 0) return; // dropped by a load
      queue.splice(at, 1);
      fire(type);
    });
  };
  const rejectPending = (name: string) => {
    const list = pending;
    pending = [];
    for (const p of list) p.reject(new DOMException(name, name));
  };
  const loadAlgorithm = () => {
    queue = [];
    state.readyState = 0;
    if (!state.paused) {
      state.paused = true;
      rejectPending('AbortError');
    }
    if (video.getAttribute('src')) enqueue('loadstart');
  };
  const define = (key: 'paused' | 'readyState' | 'currentTime', writable = false) =>
    Object.defineProperty(video, key, {
      configurable: true,
      get: () => state[key],
      ...(writable && {
        set: (v: never) => {
          state[key] = v;
        },
      }),
    });
  define('paused');
  define('readyState');
  define('currentTime', true);
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 60 });
  Object.defineProperty(video, 'muted', {
    configurable: true,
    get: () => state.muted,
    set: (v: boolean) => {
      state.muted = v;
    },
  });
  Object.defineProperty(video, 'src', {
    configurable: true,
    get: () => video.getAttribute('src') ?? '',
    set: (v: string) => {
      video.setAttribute('src', v);
      loadAlgorithm();
    },
  });
  video.load = loadAlgorithm;
  video.play = () => {
    state.plays++;
    if (opts.allowSound === false && !state.muted) return Promise.reject(new DOMException('NotAllowedError', 'NotAllowedError'));
    const was = state.paused;
    state.paused = false;
    if (was) enqueue('play');
    if (state.readyState >= 3 && video.getAttribute('src')) {
      if (was) enqueue('playing');
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
  };
  video.pause = () => {
    if (state.paused) return;
    state.paused = true;
    enqueue('pause');
    rejectPending('AbortError');
  };
  return {
    state,
    /** The source has its first frames: canplay, and 'playing' if a play is on. */
    becomePlayable() {
      if (!video.getAttribute('src')) throw new Error('no source to play');
      state.readyState = 4;
      fire('canplay');
      if (!state.paused) {
        fire('playing');
        const list = pending;
        pending = [];
        for (const p of list) p.resolve();
      }
    },
    /** Playing past `sec`: the test's picture arrived and moves. */
    get playing() {
      return !state.paused && state.readyState >= 3;
    },
  };
}

export type BrowserMedia = ReturnType<typeof browserMedia>;

/** Lets queued events and settled promises run. */
export const settle = () => new Promise((r) => setTimeout(r, 0));

/** A controllable promise (the hls.js chunk on a slow link). */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type ErrorData = { fatal?: boolean; type?: string };

/** hls.js as the player sees it: attachMedia sets a MediaSource URL (a new load), destroy and recovery detach it. */
export class ModelHls {
  static instances: ModelHls[] = [];
  static isSupported = () => true;
  static Events = { ERROR: 'hlsError' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
  listeners: Array<(event: string, data: ErrorData) => void> = [];
  media: HTMLMediaElement | null = null;
  levels: { width: number; height: number; bitrate: number }[] = [];
  loadSource = vi.fn();
  startLoad = vi.fn();
  destroy = vi.fn(() => this.detach());
  recoverMediaError = vi.fn(() => {
    const media = this.media;
    this.detach();
    if (media) this.attachMedia(media);
  });
  config: Record<string, unknown>;
  constructor(config: Record<string, unknown> = {}) {
    this.config = config;
    ModelHls.instances.push(this);
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
    media.src = `blob:mse-${ModelHls.instances.length}`;
  }
  detach() {
    this.media?.removeAttribute('src');
    this.media?.load();
    this.media = null;
  }
  on(_event: string, listener: (event: string, data: ErrorData) => void) {
    this.listeners.push(listener);
  }
  fail(type: string) {
    for (const l of this.listeners) l('hlsError', { fatal: true, type });
  }
}

export const modelHlsModule = () => ({ default: ModelHls }) as unknown as HlsModule;

/** createPlayer with a browser-like <video> from its first moment. */
export function createModelPlayer(options: Partial<PlayerOptions>, media: { allowSound?: boolean } = {}): { player: Player; media: BrowserMedia } {
  const host = document.createElement('div');
  document.body.append(host);
  const realCreate = document.createElement.bind(document);
  let model: BrowserMedia | undefined;
  const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string, o?: ElementCreationOptions) => {
    const node = realCreate(tag, o);
    if (tag === 'video' && !model) model = browserMedia(node as HTMLVideoElement, media);
    return node;
  }) as typeof document.createElement);
  const player = createPlayer(host, { source: { mp4: 'https://cdn.test/v.mp4' }, config: config(), ...options });
  spy.mockRestore();
  return { player, media: model! };
}

/** The big play button, as a viewer clicks it. */
export const clickPlay = (player: Player) => player.root.querySelector<HTMLButtonElement>('.rb-big-play')!.click();
