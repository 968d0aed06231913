import { LEAD_FORM_DEFAULT } from '@reelbase/api-client/lead-constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HlsModule } from '../src/types.ts';
import { config } from './helpers.ts';
import { clickPlay, createModelPlayer, deferred, ModelHls, modelHlsModule, settle } from './media-model.ts';

// Issue 32: a play always plays, whatever the moment of the click (a slow link stretches every wait).
const HLS = 'https://cdn.test/media/videos/v/~1900000000.0.aaaa/hls/master.m3u8';
const MP4 = 'https://cdn.test/media/videos/v/~1900000000.0.aaaa/main.mp4';

beforeEach(() => {
  ModelHls.instances = [];
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
  vi.stubGlobal('MediaSource', class {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const spinning = (root: HTMLElement) => root.classList.contains('rb-waiting');

describe('a play before the engine is there', () => {
  it('a click before the hls.js chunk arrives starts loading once it does, and plays', async () => {
    const chunk = deferred<HlsModule>();
    const { player, media } = createModelPlayer({ source: { hls: HLS, mp4: MP4 }, loadHls: () => chunk.promise });
    clickPlay(player);
    await settle();
    // The spinner shows and the button says pause while the engine is on its way.
    expect(spinning(player.root)).toBe(true);
    expect(player.root.classList.contains('rb-playing')).toBe(true);
    chunk.resolve(modelHlsModule());
    await player.ready;
    await settle();
    const hls = ModelHls.instances[0];
    expect(hls.config.autoStartLoad).toBe(false);
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    // Attaching hls.js reset the first play (the load algorithm); the player played again.
    expect(player.video.paused).toBe(false);
    media.becomePlayable();
    expect(media.playing).toBe(true);
    expect(spinning(player.root)).toBe(false);
  });

  it('a click and a second click (pause) before the chunk arrives: nothing loads, nothing plays', async () => {
    const chunk = deferred<HlsModule>();
    const { player } = createModelPlayer({ source: { hls: HLS }, loadHls: () => chunk.promise });
    clickPlay(player);
    await settle();
    clickPlay(player);
    await settle();
    chunk.resolve(modelHlsModule());
    await player.ready;
    await settle();
    expect(ModelHls.instances[0].startLoad).not.toHaveBeenCalled();
    expect(player.video.paused).toBe(true);
    expect(spinning(player.root)).toBe(false);
    expect(player.root.classList.contains('rb-playing')).toBe(false);
  });

  it('a click before the chunk fails to load plays the mp4', async () => {
    const chunk = deferred<HlsModule>();
    const { player, media } = createModelPlayer({ source: { hls: HLS, mp4: MP4 }, loadHls: () => chunk.promise });
    clickPlay(player);
    await settle();
    chunk.reject(new Error('chunk failed'));
    expect(await player.ready).toBe('mp4');
    await settle();
    expect(player.video.getAttribute('src')).toBe(MP4);
    expect(player.video.paused).toBe(false);
    media.becomePlayable();
    expect(media.playing).toBe(true);
  });

  it('a click while the master playlist loads (hls.js attached, nothing parsed) starts the load at once', async () => {
    const { player } = createModelPlayer({ source: { hls: HLS }, loadHls: async () => modelHlsModule() });
    await player.ready;
    const hls = ModelHls.instances[0];
    expect(hls.startLoad).not.toHaveBeenCalled();
    clickPlay(player);
    await settle();
    // hls.js holds a start asked before the manifest until it is parsed.
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    expect(player.video.paused).toBe(false);
  });

  it('autoPlay refused with sound plays muted, also after the chunk took its time', async () => {
    const chunk = deferred<HlsModule>();
    const { player, media } = createModelPlayer({ source: { hls: HLS }, loadHls: () => chunk.promise, config: config({ startAction: 'autoPlay' }) }, { allowSound: false });
    chunk.resolve(modelHlsModule());
    await player.ready;
    await settle();
    expect(player.video.muted).toBe(true);
    expect(player.video.paused).toBe(false);
    media.becomePlayable();
    expect(media.playing).toBe(true);
  });
});

describe('a play while the source changes', () => {
  it('a click while the token renewal is on its way keeps playing on the renewed mp4', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const answer = deferred<{ token: string; expiresAt: string }>();
    const renew = vi.fn(() => answer.promise);
    const { player, media } = createModelPlayer({ source: { mp4: MP4 }, videoId: 'v', token: { token: '1900000000.0.aaaa', expiresAt: '2026-01-01T00:00:01Z' }, renew });
    await player.ready;
    await vi.advanceTimersByTimeAsync(1000);
    expect(renew).toHaveBeenCalledTimes(1);
    clickPlay(player);
    answer.resolve({ token: '1900000600.0.bbbb', expiresAt: '2026-01-01T00:10:00Z' });
    await vi.advanceTimersByTimeAsync(0);
    expect(player.video.getAttribute('src')).toContain('~1900000600.0.bbbb/main.mp4');
    expect(player.video.paused).toBe(false);
    media.becomePlayable();
    expect(media.playing).toBe(true);
    player.destroy();
  });

  it('a native-HLS video playing when the token is swapped plays on', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.mocked(HTMLMediaElement.prototype.canPlayType).mockReturnValue('maybe');
    const renew = vi.fn(async () => ({ token: '1900000600.0.bbbb', expiresAt: '2026-01-01T00:10:00Z' }));
    const { player, media } = createModelPlayer({ source: { hls: HLS }, forceEngine: 'native', videoId: 'v', token: { token: '1900000000.0.aaaa', expiresAt: '2026-01-01T00:00:01Z' }, renew });
    expect(await player.ready).toBe('native');
    clickPlay(player);
    await vi.advanceTimersByTimeAsync(0);
    media.becomePlayable();
    media.state.currentTime = 0.4;
    await vi.advanceTimersByTimeAsync(1000);
    expect(player.video.getAttribute('src')).toContain('~1900000600.0.bbbb/hls/master.m3u8');
    expect(player.video.paused).toBe(false);
    media.becomePlayable();
    expect(media.playing).toBe(true);
    player.destroy();
  });

  it('a play goes on after hls.js recovers a media error (it re-attaches the video)', async () => {
    const { player, media } = createModelPlayer({ source: { hls: HLS }, loadHls: async () => modelHlsModule() });
    await player.ready;
    clickPlay(player);
    await settle();
    media.becomePlayable();
    ModelHls.instances[0].fail('mediaError');
    expect(ModelHls.instances[0].recoverMediaError).toHaveBeenCalledTimes(1);
    expect(player.video.paused).toBe(true); // the re-attach reset it, without a 'pause'
    await settle();
    expect(player.video.paused).toBe(false);
  });

  it('a play goes on after the fall-back to the mp4 (hls.js destroyed under it)', async () => {
    const { player, media } = createModelPlayer({ source: { hls: HLS, mp4: MP4 }, loadHls: async () => modelHlsModule() });
    await player.ready;
    clickPlay(player);
    await settle();
    media.becomePlayable();
    const hls = ModelHls.instances[0];
    hls.fail('mediaError');
    hls.fail('mediaError');
    expect(player.engine).toBe('mp4');
    await settle();
    expect(player.video.getAttribute('src')).toBe(MP4);
    expect(player.video.paused).toBe(false);
    media.becomePlayable();
    expect(media.playing).toBe(true);
  });

  it('a paused video stays paused through a fall-back', async () => {
    const { player, media } = createModelPlayer({ source: { hls: HLS, mp4: MP4 }, loadHls: async () => modelHlsModule(), config: config({ startAction: 'autoPlay' }) });
    await player.ready;
    await settle();
    media.becomePlayable();
    player.pause();
    await settle();
    ModelHls.instances[0].fail('mediaError');
    ModelHls.instances[0].fail('mediaError');
    await settle();
    expect(player.engine).toBe('mp4');
    expect(player.video.paused).toBe(true);
  });
});

describe('a play around a network error', () => {
  it('the master failed before the click: it is fetched again, and the click starts the load', async () => {
    const { player } = createModelPlayer({ source: { hls: HLS }, loadHls: async () => modelHlsModule() });
    await player.ready;
    const hls = ModelHls.instances[0];
    hls.fail('networkError');
    // No levels: the master itself failed; startLoad alone would fetch nothing.
    expect(hls.loadSource).toHaveBeenCalledTimes(2);
    expect(hls.startLoad).not.toHaveBeenCalled();
    clickPlay(player);
    await settle();
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    expect(player.video.paused).toBe(false);
  });

  it('the master failed after the click: fetched again and started again, the play stays', async () => {
    const { player, media } = createModelPlayer({ source: { hls: HLS }, loadHls: async () => modelHlsModule() });
    await player.ready;
    const hls = ModelHls.instances[0];
    clickPlay(player);
    await settle();
    hls.fail('networkError');
    expect(hls.loadSource).toHaveBeenCalledTimes(2);
    expect(hls.startLoad).toHaveBeenCalledTimes(2);
    expect(spinning(player.root)).toBe(true);
    media.becomePlayable();
    expect(media.playing).toBe(true);
  });

  it('a segment failed mid-play (levels known): loading starts again where it was', async () => {
    const { player } = createModelPlayer({ source: { hls: HLS }, loadHls: async () => modelHlsModule() });
    await player.ready;
    const hls = ModelHls.instances[0];
    hls.levels = [{ width: 640, height: 360, bitrate: 800_000 }];
    clickPlay(player);
    await settle();
    hls.fail('networkError');
    expect(hls.loadSource).toHaveBeenCalledTimes(1);
    expect(hls.startLoad).toHaveBeenCalledTimes(2);
    expect(player.video.paused).toBe(false);
  });

  it('a second fatal error with no mp4 says so and stops the spinner', async () => {
    const { player } = createModelPlayer({ source: { hls: HLS }, loadHls: async () => modelHlsModule() });
    await player.ready;
    clickPlay(player);
    await settle();
    ModelHls.instances[0].fail('networkError');
    ModelHls.instances[0].fail('networkError');
    expect(player.root.querySelector('.rb-message')!.textContent).toBe('The video could not be played.');
    expect(spinning(player.root)).toBe(false);
    expect(player.root.classList.contains('rb-playing')).toBe(false);
  });
});

describe('a play held by the lead form', () => {
  it('a click before hls.js and the form arrive: the form shows, and once given the video plays', async () => {
    const chunk = deferred<HlsModule>();
    const leadForm = { ...LEAD_FORM_DEFAULT, enabled: true };
    const { player, media } = createModelPlayer({ source: { hls: HLS }, loadHls: () => chunk.promise, config: config({ leadForm }), preview: true });
    clickPlay(player);
    const form = await vi.waitFor(() => player.root.querySelector<HTMLFormElement>('.rb-lead') ?? Promise.reject(new Error('no form yet')));
    await vi.waitFor(() => expect(form.hidden).toBe(false));
    form.querySelector<HTMLInputElement>('input[name=email]')!.value = 'ana@example.com';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(form.hidden).toBe(true);
    // The engine arrives only now.
    chunk.resolve(modelHlsModule());
    await player.ready;
    await settle();
    expect(ModelHls.instances[0].startLoad).toHaveBeenCalledTimes(1);
    expect(player.video.paused).toBe(false);
    media.becomePlayable();
    expect(media.playing).toBe(true);
  });
});
