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
