// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnerVideo } from '../src/screens/video/owner-video.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom's video does not play: paused and currentTime as a browser keeps them (a new src resets paused). */
function drive(video: HTMLVideoElement) {
  const state = { paused: true, currentTime: 0 };
  Object.defineProperty(video, 'paused', { configurable: true, get: () => state.paused });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => state.currentTime, set: (v: number) => { state.currentTime = v; } });
  const play = vi.fn(async () => { state.paused = false; });
  video.play = play;
  new MutationObserver(() => { state.paused = true; }).observe(video, { attributeFilter: ['src'] });
  return { state, play };
}

describe('the owner’s video', () => {
  it('a privacy change under a play goes on from the same moment, playing', async () => {
    const renew = vi.fn(async () => null);
    const { container, rerender } = render(<OwnerVideo src="/media/videos/v/main.mp4" label="Video" renew={renew} />);
    const video = container.querySelector('video')!;
    const media = drive(video);
    await act(() => video.play());
    media.state.currentTime = 4.2;
    media.play.mockClear();
    rerender(<OwnerVideo src="/media/videos/v/~tok/main.mp4" label="Video" renew={renew} />);
    expect(video.getAttribute('src')).toBe('/media/videos/v/~tok/main.mp4');
    media.state.currentTime = 0;
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(4.2);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('a new file starts from its beginning without playing on its own', async () => {
    const renew = vi.fn(async () => null);
    const { container, rerender } = render(<OwnerVideo src="/media/videos/v/main.mp4" label="Video" renew={renew} />);
    const video = container.querySelector('video')!;
    const media = drive(video);
    await act(() => video.play());
    media.state.currentTime = 4.2;
    media.play.mockClear();
    rerender(<OwnerVideo src="/media/videos/v/v-2/main.mp4" label="Video" renew={renew} />);
    media.state.currentTime = 0;
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(0);
    expect(media.play).not.toHaveBeenCalled();
  });
});

/*
 * A click on a slow link, before 'loadedmetadata' is dispatched: Chromium's native controls drop
 * it (no 'play', still paused), as jsdom's video does with every click.
 */
describe('a click before the file’s metadata', () => {
  it('plays once the metadata is in', () => {
    const { container } = render(<OwnerVideo src="/media/videos/v/~tok/main.mp4" label="Video" renew={vi.fn(async () => null)} />);
    const video = container.querySelector('video')!;
    const media = drive(video);
    fireEvent(video, new Event('loadstart'));
    fireEvent.click(video);
    expect(video.paused).toBe(true);
    fireEvent(video, new Event('loadedmetadata'));
    expect(media.play).toHaveBeenCalledTimes(1);
    expect(video.paused).toBe(false);
  });

  it('a pause after it (a browser that did play on it) is honoured: no play on the metadata', async () => {
    const { container } = render(<OwnerVideo src="/media/videos/v/~tok/main.mp4" label="Video" renew={vi.fn(async () => null)} />);
    const video = container.querySelector('video')!;
    const media = drive(video);
    fireEvent(video, new Event('loadstart'));
    fireEvent.click(video);
    await act(() => video.play());
    fireEvent(video, new Event('play'));
    media.state.paused = true;
    fireEvent(video, new Event('pause'));
    media.play.mockClear();
    fireEvent(video, new Event('loadedmetadata'));
    expect(media.play).not.toHaveBeenCalled();
    expect(video.paused).toBe(true);
  });

  it('a click once the metadata is in is left to the native controls (no second toggle)', () => {
    const { container } = render(<OwnerVideo src="/media/videos/v/~tok/main.mp4" label="Video" renew={vi.fn(async () => null)} />);
    const video = container.querySelector('video')!;
    const media = drive(video);
    fireEvent(video, new Event('loadstart'));
    fireEvent(video, new Event('loadedmetadata'));
    fireEvent.click(video);
    expect(media.play).not.toHaveBeenCalled();
  });

  it('a play reset by a new token of the same file (no pause event) plays again on its metadata', () => {
    const renew = vi.fn(async () => null);
    const { container, rerender } = render(<OwnerVideo src="/media/videos/v/main.mp4" label="Video" renew={renew} />);
    const video = container.querySelector('video')!;
    const media = drive(video);
    fireEvent(video, new Event('loadstart'));
    fireEvent.click(video);
    // A privacy change before the metadata: same file, a tokened URL; the click still wants its play.
    rerender(<OwnerVideo src="/media/videos/v/~tok/main.mp4" label="Video" renew={renew} />);
    fireEvent(video, new Event('loadstart'));
    fireEvent(video, new Event('loadedmetadata'));
    expect(media.play).toHaveBeenCalledTimes(1);
  });
});
