import { beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, embedOptions, fetchPlayback, mount, parseEmbedLocation, resolveUrl } from '../src/mount.ts';
import type { PlaybackInfo } from '../src/types.ts';
import { config, fakeNavigation, hostPerTest, json } from './helpers.ts';

function playback(overrides: Partial<PlaybackInfo> = {}): PlaybackInfo {
  return {
    id: 'vid-1',
    name: 'Spring sale',
    hlsSource: '/media/vid-1/hls/master.m3u8',
    mp4Source: '/media/vid-1/main.mp4',
    poster: '/media/vid-1/poster.jpg',
    playerConfig: config({ endAction: 'playNext', nextVideo: 'cfg-next' }),
    nextVideo: 'vid-2',
    durationSec: 90,
    width: 1280,
    height: 720,
    processing: false,
    ...overrides,
  };
}

const hostOf = hostPerTest();
let host: HTMLElement;
beforeEach(() => {
  host = hostOf();
});

describe('mount', () => {
  it('fetches the playback answer and builds the player', async () => {
    const fetchMock = vi.fn(async () => json(playback()));
    const nav = fakeNavigation();
    const player = await mount(host, { videoId: 'vid-1', embedType: 'video', apiBase: 'https://api.test/', fetch: fetchMock, navigate: nav });
    expect(fetchMock).toHaveBeenCalledWith('https://api.test/api/playback/vid-1', { headers: { accept: 'application/json' } });
    expect(player).not.toBeNull();
    await player!.ready;
    // jsdom: no native HLS, no MediaSource -> the mp4, resolved against the API.
    expect(player!.video.getAttribute('src')).toBe('https://api.test/media/vid-1/main.mp4');
    expect(player!.video.poster).toBe('https://api.test/media/vid-1/poster.jpg');
    expect(player!.root.getAttribute('aria-label')).toBe('Video player: Spring sale');
    expect(player!.root.style.getPropertyValue('--rb-aspect')).toBe(String(1280 / 720));
    // The answer's nextVideo wins over the config's.
    player!.video.dispatchEvent(new Event('ended'));
    expect(nav.assign).toHaveBeenCalledWith('/embed/video/vid-2');
  });

  it('says so when the video does not exist (404)', async () => {
    const player = await mount(host, { videoId: 'nope', fetch: vi.fn(async () => json({ message: 'Not found' }, 404)) });
    expect(player).toBeNull();
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('This video is not available.');
  });

  it('says so when the video is still processing (409)', async () => {
    await mount(host, { videoId: 'v', fetch: vi.fn(async () => json({ message: 'Processing' }, 409)) });
    expect(host.textContent).toBe('This video is still processing. Try again in a moment.');
  });

  it('says so when the answer has processing: true', async () => {
    await mount(host, { videoId: 'v', fetch: vi.fn(async () => json(playback({ processing: true }))) });
    expect(host.textContent).toBe('This video is still processing. Try again in a moment.');
  });

  it('treats an answer without any source as processing', async () => {
    await mount(host, { videoId: 'v', fetch: vi.fn(async () => json(playback({ hlsSource: null, mp4Source: null }))) });
    expect(host.textContent).toBe('This video is still processing. Try again in a moment.');
  });

  it('shows a generic message on a server or network failure', async () => {
    await mount(host, { videoId: 'v', fetch: vi.fn(async () => json({}, 500)) });
    expect(host.textContent).toBe('The video could not be loaded. Try again later.');
    const failing = vi.fn(async () => {
      throw new TypeError('network');
    });
    expect(await fetchPlayback('', 'v', failing)).toEqual({ status: 'failed' });
  });

  it('uses a playback answer given inline without fetching', async () => {
    const fetchMock = vi.fn();
    const player = await mount(host, { videoId: 'vid-1', playback: playback(), fetch: fetchMock });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(player).not.toBeNull();
  });
});

describe('embed page', () => {
  it('reads the route and the embed code query, but never a redirect from the query', () => {
    expect(parseEmbedLocation('/embed/video/abc-123', '?redirect=https%3A%2F%2Fshop.test%2F&new-window=1&engine=hlsjs')).toEqual({
      embedType: 'video',
      videoId: 'abc-123',
      newWindow: true,
      forceEngine: 'hlsjs',
      lang: null,
    });
    expect(parseEmbedLocation('/embed/video/abc/', '?new-window=0')).toMatchObject({ videoId: 'abc', newWindow: false, forceEngine: null });
  });

  it('takes the redirect only from data-redirect, which the server writes after checking its signature', () => {
    const search = '?redirect=https%3A%2F%2Fphish.test%2F&sig=forged&new-window=1';
    expect(embedOptions(host, '/embed/hls/abc', search)).toMatchObject({ videoId: 'abc', redirect: null, newWindow: true });
    host.dataset.redirect = 'https://shop.test/thanks';
    expect(embedOptions(host, '/embed/hls/abc', search)).toMatchObject({ redirect: 'https://shop.test/thanks' });
  });

  it('boot() takes ids from data attributes and the playback answer from an inline script', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'reelbase-playback';
    script.textContent = JSON.stringify(playback());
    document.head.append(script);
    host.dataset.videoId = 'vid-1';
    host.dataset.embedType = 'video';
    const fetchMock = vi.fn();
    const player = await boot(host, { fetch: fetchMock });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(player).not.toBeNull();
  });

  it('boot() without a video id shows the not-available message', async () => {
    expect(await boot(host)).toBeNull();
    expect(host.textContent).toBe('This video is not available.');
  });

  it('resolves source URLs against the API base', () => {
    expect(resolveUrl('/m/a.mp4', '', 'https://page.test/embed/video/1')).toBe('https://page.test/m/a.mp4');
    expect(resolveUrl('m/a.mp4', 'https://api.test/base', 'https://page.test/x')).toBe('https://api.test/base/m/a.mp4');
    expect(resolveUrl('https://cdn.test/a.mp4', 'https://api.test', 'https://page.test/')).toBe('https://cdn.test/a.mp4');
    expect(resolveUrl(null, '', 'https://page.test/')).toBeNull();
  });
});
