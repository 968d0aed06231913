import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePlayer, stubMediaMethods } from './helpers.ts';

beforeEach(() => {
  stubMediaMethods();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('infinite duration', () => {
  it('seeks to the end to learn the length, then returns to the start', async () => {
    const { player, media } = await makePlayer({}, { duration: Number.POSITIVE_INFINITY });
    media.fire('loadedmetadata');
    expect(player.video.currentTime).toBeGreaterThan(1e100);
    media.state.duration = 42.5;
    media.fire('durationchange');
    expect(player.video.currentTime).toBe(0);
    expect(player.root.querySelector('.rb-time')!.textContent).toBe('0:00 / 0:42');
    expect(player.root.querySelector<HTMLInputElement>('.rb-seek')!.max).toBe('42.5');
  });

  it('sends no beacon and runs no end action while probing', async () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
    const { media, nav } = await makePlayer({ videoId: 'v', redirect: 'https://shop.test/' }, { duration: Number.POSITIVE_INFINITY });
    media.startPlaying();
    media.fire('loadedmetadata');
    media.timeUpdate(30);
    media.fire('ended');
    expect(beacon).not.toHaveBeenCalled();
    expect(nav.redirect).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('a stream that stays infinite is treated as live', async () => {
    const { player, media } = await makePlayer({}, { duration: Number.POSITIVE_INFINITY });
    media.fire('loadedmetadata');
    media.fire('seeked');
    expect(player.root.querySelector('.rb-time')!.textContent).toBe('Live');
  });

  it('shows the server duration while the media has none', async () => {
    const { player } = await makePlayer({ durationSec: 3725 });
    expect(player.root.querySelector('.rb-time')!.textContent).toBe('0:00 / 1:02:05');
  });

  describe('a growing HLS playlist (a video still being encoded)', () => {
    const hls = { source: { hls: 'https://cdn.test/v/master.m3u8' }, durationSec: 60 };
    const nativeHls = () => vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const seekableTo = (video: HTMLVideoElement, end: number) =>
      Object.defineProperty(video, 'seekable', { configurable: true, get: () => ({ length: 1, start: () => 0, end: () => end }) });

    it('native HLS reporting an infinite duration stays at the start and shows the server duration', async () => {
      nativeHls();
      const { player, media } = await makePlayer(hls, { duration: Number.POSITIVE_INFINITY });
      expect(player.engine).toBe('native');
      media.fire('loadedmetadata');
      media.fire('durationchange');
      expect(player.video.currentTime).toBe(0);
      expect(player.root.querySelector('.rb-time')!.textContent).toBe('0:00 / 1:00');
      expect(player.root.querySelector<HTMLInputElement>('.rb-seek')!.max).toBe('60');
    });

    it('the part encoded so far is not taken for the length, and seeking stops at its end', async () => {
      nativeHls();
      const { player, media } = await makePlayer(hls, { duration: 12 });
      seekableTo(player.video, 12);
      media.fire('durationchange');
      expect(player.root.querySelector('.rb-time')!.textContent).toBe('0:00 / 1:00');
      const seek = player.root.querySelector<HTMLInputElement>('.rb-seek')!;
      seek.value = '45';
      seek.dispatchEvent(new Event('input'));
      expect(player.video.currentTime).toBe(12);
    });
  });
});
