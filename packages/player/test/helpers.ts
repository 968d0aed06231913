import { CALL_TO_ACTION_DEFAULT, LEAD_FORM_DEFAULT } from '@reelbase/api-client/lead-constants';
import { PLAYER_CONTROL_DEFAULTS } from '@reelbase/api-client/constants';
import { afterEach, beforeEach, vi } from 'vitest';
import { createPlayer } from '../src/player.ts';
import type { Player, PlayerConfig, PlayerNavigation, PlayerOptions } from '../src/types.ts';

/** A full PlayerConfig as the API stores it by default. */
export function config(overrides: Partial<PlayerConfig> = {}): PlayerConfig {
  return {
    id: 'cfg-1',
    endAction: 'pause',
    nextVideo: null,
    startAction: 'none',
    autoHideControls: true,
    playPauseButton: true,
    volumeControl: true,
    videoPopOut: true,
    showLogoInPlayer: false,
    logoPatn: null,
    colorScheme: { playerCanvas: '#1974BB', transparentCanvas: false, playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7' },
    leadForm: { ...LEAD_FORM_DEFAULT },
    callToAction: { ...CALL_TO_ACTION_DEFAULT },
    ...PLAYER_CONTROL_DEFAULTS,
    ...overrides,
  };
}

export interface MediaState {
  currentTime: number;
  duration: number;
  paused: boolean;
  ended: boolean;
  volume: number;
  muted: boolean;
}

/**
 * jsdom's media element does not play: this gives a video controllable state, and play/pause/load
 * spies that flip it and fire the events a browser fires.
 */
export function driveMedia(video: HTMLVideoElement, initial: Partial<MediaState> = {}) {
  const state: MediaState = { currentTime: 0, duration: Number.NaN, paused: true, ended: false, volume: 1, muted: false, ...initial };
  const fire = (type: string) => video.dispatchEvent(new Event(type));
  for (const key of ['currentTime', 'duration', 'paused', 'ended'] as const) {
    Object.defineProperty(video, key, {
      configurable: true,
      get: () => state[key],
      set: (value: never) => {
        state[key] = value;
      },
    });
  }
  for (const key of ['volume', 'muted'] as const) {
    Object.defineProperty(video, key, {
      configurable: true,
      get: () => state[key],
      set: (value: never) => {
        state[key] = value;
        fire('volumechange');
      },
    });
  }
  return {
    state,
    fire,
    /** Plays from the current position: 'play' then 'playing'. */
    startPlaying() {
      state.paused = false;
      state.ended = false;
      fire('play');
      fire('playing');
    },
    /** Moves the playhead while playing and fires 'timeupdate'. */
    timeUpdate(time: number) {
      state.currentTime = time;
      fire('timeupdate');
    },
    /** A seek: 'seeking', the new time, 'timeupdate', 'seeked'. */
    seek(time: number) {
      fire('seeking');
      state.currentTime = time;
      fire('timeupdate');
      fire('seeked');
    },
    /** Reaching the end the way a browser does: paused, ended, timeupdate, pause, ended. */
    end() {
      state.currentTime = Number.isFinite(state.duration) ? state.duration : state.currentTime;
      state.paused = true;
      state.ended = true;
      fire('timeupdate');
      fire('pause');
      fire('ended');
    },
  };
}

export type Media = ReturnType<typeof driveMedia>;

function setPaused(video: HTMLMediaElement, paused: boolean): void {
  if (!Reflect.set(video, 'paused', paused)) Object.defineProperty(video, 'paused', { configurable: true, writable: true, value: paused });
}

/** Stubs the media element methods jsdom lacks; play() resolves and flips the driven state. */
export function stubMediaMethods(playImpl?: (video: HTMLMediaElement) => Promise<void>) {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (playImpl) return playImpl(this);
    setPaused(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (this.paused) return;
    setPaused(this, true);
    this.dispatchEvent(new Event('pause'));
  });
  const load = vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  return { play, pause, load };
}

export function fakeNavigation() {
  return {
    assign: vi.fn<(url: string) => void>(),
    redirect: vi.fn<(url: string) => void>(),
    open: vi.fn<(url: string) => boolean>(() => true),
  } satisfies PlayerNavigation;
}

export interface Mounted {
  player: Player;
  host: HTMLElement;
  media: Media;
  nav: ReturnType<typeof fakeNavigation>;
}

/**
 * Creates a player on an mp4 source (jsdom has neither native HLS nor MediaSource) with a driven
 * video. The media is driven before the source is attached, as the browser would be.
 */
export async function makePlayer(options: Partial<PlayerOptions> = {}, media: Partial<MediaState> = {}): Promise<Mounted> {
  const host = document.createElement('div');
  document.body.append(host);
  const nav = fakeNavigation();
  const realCreate = document.createElement.bind(document);
  let driven: Media | undefined;
  // Intercept the player's <video> so its state is controllable from the first moment.
  const spy = vi.spyOn(document, 'createElement').mockImplementation(((tag: string, opts?: ElementCreationOptions) => {
    const node = realCreate(tag, opts);
    if (tag === 'video' && !driven) driven = driveMedia(node as HTMLVideoElement, media);
    return node;
  }) as typeof document.createElement);
  const player = createPlayer(host, { source: { mp4: 'https://cdn.test/v.mp4' }, config: config(), navigate: nav, ...options });
  spy.mockRestore();
  await player.ready;
  return { player, host, media: driven!, nav };
}

/** A JSON answer as the API sends it. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fresh host element in the document for each test (media methods stubbed); read it through the getter. */
export function hostPerTest(): () => HTMLElement {
  let host: HTMLElement;
  beforeEach(() => {
    stubMediaMethods();
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.replaceChildren();
    document.head.replaceChildren();
  });
  return () => host;
}
