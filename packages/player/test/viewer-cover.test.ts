import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { shownCovers } from '../src/viewer-id.ts';
import { mount } from '../src/mount.ts';
import type { PlaybackInfo } from '../src/types.ts';
import { config, hostPerTest, json } from './helpers.ts';

/* Issue 33, thumbnail tests: a video under test asks again with the viewer id and shows that viewer's cover. */
const answer = (overrides: Partial<PlaybackInfo> = {}): PlaybackInfo => ({
  id: 'vid-1',
  name: 'Harbour tour',
  hlsSource: null,
  mp4Source: '/media/vid-1/main.mp4',
  poster: '/media/vid-1/poster.jpg',
  playerConfig: config(),
  nextVideo: null,
  durationSec: 30,
  width: 640,
  height: 360,
  processing: false,
  ...overrides,
});
const VIEWER = '0f8e2f1c-6a43-4a3b-9d4e-3f1a2b3c4d5e';

const hostOf = hostPerTest();
let host: HTMLElement;
beforeEach(() => {
  host = hostOf();
  localStorage.setItem('rb-viewer', JSON.stringify(VIEWER));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('a video under test: the viewer id goes to the playback call and the poster is the cover it answers', async () => {
  const fetchMock = vi.fn(async () => json(answer({ thumbnailTest: true, poster: '/media/vid-1/thumbs/test-b.jpg', coverId: 'cover-b' })));
  const player = await mount(host, { videoId: 'vid-1', apiBase: 'https://api.test', fetch: fetchMock, playback: answer({ thumbnailTest: true }) });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock).toHaveBeenCalledWith(`https://api.test/api/playback/vid-1?viewer=${VIEWER}`, { headers: { accept: 'application/json' } });
  expect(player!.video.poster).toBe('https://api.test/media/vid-1/thumbs/test-b.jpg');
  // The session, once it opens, names the cover shown (sessions.test).
  expect(shownCovers.get('vid-1')).toBe('cover-b');
});

it('no test, or a viewer who asked not to be tracked: no second call, the video\'s own poster', async () => {
  const fetchMock = vi.fn(async () => json(answer({ poster: '/other.jpg' })));
  expect((await mount(host, { videoId: 'vid-1', apiBase: 'https://api.test', fetch: fetchMock, playback: answer() }))!.video.poster).toBe('https://api.test/media/vid-1/poster.jpg');
  vi.stubGlobal('navigator', { ...navigator, doNotTrack: '1' });
  expect((await mount(hostOf(), { videoId: 'vid-1', apiBase: 'https://api.test', fetch: fetchMock, playback: answer({ thumbnailTest: true }) }))!.video.poster).toBe('https://api.test/media/vid-1/poster.jpg');
  expect(fetchMock).not.toHaveBeenCalled();
});

it('a failed second call keeps the first answer', async () => {
  const player = await mount(host, { videoId: 'vid-1', apiBase: 'https://api.test', fetch: vi.fn(async () => json({ message: 'Busy' }, 503)), playback: answer({ thumbnailTest: true }) });
  expect(player!.video.poster).toBe('https://api.test/media/vid-1/poster.jpg');
});
