import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseEngine, DEFAULT_START_BANDWIDTH, fittedMaster, measuredBandwidth, startBandwidth, startConfig, startLevel } from '../src/source.ts';
import type { HlsModule } from '../src/types.ts';
import { config, makePlayer, stubMediaMethods } from './helpers.ts';

const HLS = 'https://cdn.test/v/master.m3u8';
const MP4 = 'https://cdn.test/v/main.mp4';

class FakeHls {
  static supported = true;
  static instances: FakeHls[] = [];
  static isSupported = () => FakeHls.supported;
  static Events = { ERROR: 'hlsError' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
  listeners: Array<(event: string, data: { fatal?: boolean; type?: string }) => void> = [];
  source = '';
  media: HTMLMediaElement | null = null;
  startLoad = vi.fn();
  recoverMediaError = vi.fn();
  destroy = vi.fn();
  config: Record<string, unknown>;
  constructor(config: Record<string, unknown> = {}) {
    this.config = config;
    FakeHls.instances.push(this);
  }
  loadSource(url: string) {
    this.source = url;
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }
  on(_event: string, listener: (event: string, data: { fatal?: boolean; type?: string }) => void) {
    this.listeners.push(listener);
  }
  fail(type: string) {
    for (const l of this.listeners) l('hlsError', { fatal: true, type });
  }
}

const loadHls = vi.fn(async () => ({ default: FakeHls }) as unknown as HlsModule);

beforeEach(() => {
  stubMediaMethods();
  FakeHls.instances = [];
  FakeHls.supported = true;
  loadHls.mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function nativeHls(answer: CanPlayTypeResult) {
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? answer : ''));
}

describe('engine choice', () => {
  it('uses the browser HLS where it plays HLS and has no MediaSource, without loading hls.js', async () => {
    nativeHls('maybe');
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls });
    expect(player.engine).toBe('native');
    expect(player.video.getAttribute('src')).toBe(HLS);
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('prefers the browser HLS where it has one, even with MediaSource (no hls.js chunk before the first frame)', async () => {
    nativeHls('maybe');
    vi.stubGlobal('MediaSource', class {});
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls });
    expect(player.engine).toBe('native');
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('forceEngine hlsjs takes hls.js where MediaSource exists, even where the browser plays HLS', async () => {
    nativeHls('probably');
    vi.stubGlobal('MediaSource', class {});
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls, forceEngine: 'hlsjs' });
    expect(player.engine).toBe('hlsjs');
    expect(loadHls).toHaveBeenCalledTimes(1);
  });

  it('forceEngine native takes the browser HLS where it has one, and is ignored where it has none', async () => {
    nativeHls('probably');
    vi.stubGlobal('MediaSource', class {});
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls, forceEngine: 'native' });
    expect(player.engine).toBe('native');
    expect(loadHls).not.toHaveBeenCalled();
    nativeHls('');
    expect(chooseEngine(document.createElement('video'), { hls: HLS }, 'native')).toBe('hlsjs');
  });

  it('hls.js starts from the bandwidth the browser reports, else the one this page measured, capped to the player size', () => {
    expect(startConfig(startBandwidth({ connection: { downlink: 1.5 } }, () => null))).toEqual({ capLevelToPlayerSize: true, startLevel: -1, testBandwidth: false, abrEwmaDefaultEstimate: 1_500_000, maxBufferLength: 15, maxMaxBufferLength: 30 });
    expect(startBandwidth({}, () => null)).toBe(DEFAULT_START_BANDWIDTH);
    expect(startBandwidth({ connection: { downlink: 0 } }, () => 800_000)).toBe(800_000);
    // Chromium caps downlink at 10 Mbit/s: a faster measured transfer says more.
    expect(startBandwidth({ connection: { downlink: 10 } }, () => 40_000_000)).toBe(40_000_000);
    expect(startBandwidth({ connection: { downlink: 1.6 } }, () => 900_000)).toBe(1_600_000);
    // 100 KB in 500 ms is 1.6 Mbit/s; small or cached transfers (transferSize 0) say nothing.
    expect(measuredBandwidth([{ transferSize: 100_000, responseStart: 1000, responseEnd: 1500 }, { transferSize: 2_000, responseStart: 0, responseEnd: 1 }, { transferSize: 0, responseStart: 0, responseEnd: 5 }])).toBe(1_600_000);
    expect(measuredBandwidth([])).toBeNull();
  });

  it('hls.js fetches its first segment from a rung whose 2 s segment arrives in half a second at that bandwidth', () => {
    // The bench ladder's peaks, in hls.js's order (ascending): 240p, 360p, 480p, 720p.
    const levels = [{ bitrate: 568_440 }, { bitrate: 1_012_148 }, { bitrate: 1_652_124 }, { bitrate: 3_130_072 }];
    expect(startLevel(levels, 1_600_000)).toBe(0); // 3G: nothing fits, the smallest
    expect(startLevel(levels, 9_000_000)).toBe(2); // 4G: 480p (720p's 2 s segment would take 0.7 s)
    expect(startLevel(levels, 20_000_000)).toBe(3);
    expect(startLevel([{ bitrate: 3_000_000 }, { bitrate: 500_000 }], 1_000_000)).toBe(1);
  });

  it('sets that start rung once hls.js has parsed the master, before any start', async () => {
    nativeHls('');
    vi.stubGlobal('MediaSource', class {});
    vi.stubGlobal('navigator', { ...navigator, connection: { downlink: 1.6 } });
    await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls });
    const hls = FakeHls.instances[0] as FakeHls & { levels?: unknown; startLevel?: number };
    hls.levels = [{ bitrate: 1_652_124 }, { bitrate: 568_440 }];
    for (const l of hls.listeners) l('hlsManifestParsed', {});
    expect(hls.startLevel).toBe(1);
  });

  it('uses hls.js (loaded lazily) where MediaSource exists and HLS is not native', async () => {
    nativeHls('');
    vi.stubGlobal('MediaSource', class {});
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls, config: config({ startAction: 'loadVideo' }) });
    expect(loadHls).toHaveBeenCalledTimes(1);
    expect(player.engine).toBe('hlsjs');
    const hls = FakeHls.instances[0];
    expect(hls.source).toBe(HLS);
    expect(hls.media).toBe(player.video);
    expect(hls.config.autoStartLoad).toBe(true);
  });

  it('plays the mp4 without MediaSource or native HLS', async () => {
    nativeHls('');
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls });
    expect(player.engine).toBe('mp4');
    expect(player.video.getAttribute('src')).toBe(MP4);
    expect(loadHls).not.toHaveBeenCalled();
  });

  it('falls back to the mp4 when the hls.js chunk fails to load', async () => {
    nativeHls('');
    vi.stubGlobal('MediaSource', class {});
    const failing = vi.fn(async () => {
      throw new Error('chunk failed');
    });
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls: failing });
    expect(player.engine).toBe('mp4');
    expect(player.video.getAttribute('src')).toBe(MP4);
  });

  it('asks for a master fitted to the picture in the player (device pixels) and the reported bandwidth', () => {
    const video = { clientWidth: 1280, clientHeight: 900 } as HTMLVideoElement;
    // A 16:9 picture in a 1280x900 box is 1280x720: 720 device pixels on its short side.
    expect(fittedMaster('/m/hls/master.m3u8', video, 16 / 9, { connection: { downlink: 1.6 } })).toBe('/m/hls/master.m3u8?fit=720&bw=1600000');
    expect(fittedMaster('/m/hls/master.m3u8', { clientWidth: 0, clientHeight: 0 } as HTMLVideoElement, 16 / 9, {})).toBe('/m/hls/master.m3u8');
  });

  it('chooseEngine covers ManagedMediaSource and sources without HLS', () => {
    nativeHls('');
    const video = document.createElement('video');
    expect(chooseEngine(video, { mp4: MP4 })).toBe('mp4');
    expect(chooseEngine(video, {})).toBe('none');
    vi.stubGlobal('ManagedMediaSource', class {});
    expect(chooseEngine(video, { hls: HLS })).toBe('hlsjs');
  });
});

describe('hls.js', () => {
  beforeEach(() => {
    nativeHls('');
    vi.stubGlobal('MediaSource', class {});
  });

  it('with startAction none loads segments only once playback starts', async () => {
    const { media } = await makePlayer({ source: { hls: HLS }, loadHls, config: config({ startAction: 'none' }) });
    const hls = FakeHls.instances[0];
    expect(hls.config.autoStartLoad).toBe(false);
    expect(hls.startLoad).not.toHaveBeenCalled();
    media.startPlaying();
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    media.state.paused = true;
    media.startPlaying();
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
  });

  it('recovers a media error once, then falls back to the mp4', async () => {
    const { player } = await makePlayer({ source: { hls: HLS, mp4: MP4 }, loadHls });
    const hls = FakeHls.instances[0];
    hls.fail('mediaError');
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(player.engine).toBe('hlsjs');
    hls.fail('mediaError');
    expect(hls.destroy).toHaveBeenCalled();
    expect(player.engine).toBe('mp4');
    expect(player.video.getAttribute('src')).toBe(MP4);
  });

  it('shows a message when nothing else can play', async () => {
    const { player } = await makePlayer({ source: { hls: HLS }, loadHls });
    const hls = FakeHls.instances[0];
    hls.fail('networkError');
    // Retried once (the master again: nothing was parsed), without a message yet.
    expect(player.root.querySelector<HTMLElement>('.rb-message')!.hidden).toBe(true);
    hls.fail('networkError');
    const message = player.root.querySelector<HTMLElement>('.rb-message')!;
    expect(message.hidden).toBe(false);
    expect(message.textContent).toBe('The video could not be played.');
  });

  it('destroy() tears hls.js down and removes the player', async () => {
    const { player, host } = await makePlayer({ source: { hls: HLS }, loadHls });
    player.destroy();
    expect(FakeHls.instances[0].destroy).toHaveBeenCalled();
    expect(host.children.length).toBe(0);
  });
});

describe('native HLS', () => {
  it('falls back to the mp4 on a media error, keeping the position', async () => {
    nativeHls('maybe');
    const { player, media } = await makePlayer({ source: { hls: HLS, mp4: MP4 } }, { duration: 60 });
    media.startPlaying();
    media.timeUpdate(12);
    media.fire('error');
    expect(player.engine).toBe('mp4');
    expect(player.video.getAttribute('src')).toBe(MP4);
    media.state.currentTime = 0;
    media.fire('loadedmetadata');
    expect(player.video.currentTime).toBe(12);
  });
});
