import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveConfig } from '../src/config.ts';
import { attachControls, type ControlsHost } from '../src/controls.ts';
import { formatTime } from '../src/format.ts';
import { loadLaterStrings, t } from '../src/strings.ts';
import { config } from './helpers.ts';

// Issue 34: the download button comes with the controls chunk, only when the playback answer has `download`.
beforeAll(() => loadLaterStrings());
afterEach(() => document.body.replaceChildren());

function setup(options: ControlsHost['options'], fresh?: (u: string) => string) {
  const root = document.createElement('div');
  const bar = document.createElement('div');
  const last = document.createElement('button');
  bar.append(last);
  const video = document.createElement('video');
  root.append(video, bar);
  document.body.append(root);
  const host: ControlsHost = {
    video, root, bar, before: last, config: resolveConfig(config({})), engine: 'mp4', hls: null, t, formatTime, storage: null,
    duration: () => 60, captions: () => null, resumeAt: vi.fn(), togglePlay: vi.fn(), toggleFullscreen: vi.fn(async () => {}), exitMini: () => false,
    options, fresh,
  };
  const controls = attachControls(host);
  return { bar, last, controls };
}

describe('the download button', () => {
  it('is an anchor with `download`, named after the video, before the last button; the newest token on use', () => {
    const url = 'https://v.test/media/videos/v1/~old/main.mp4';
    const { bar, last, controls } = setup({ source: { hls: null, mp4: null, poster: null }, download: url, title: 'Spring: "sale"/2026' }, (u) => u.replace('~old', '~new'));
    const a = bar.querySelector('a.rb-download') as HTMLAnchorElement;
    expect(a.getAttribute('href')).toBe(url);
    expect(a.getAttribute('download')).toBe('Spring sale 2026.mp4');
    expect(a.getAttribute('aria-label')).toBe('Download');
    expect(a.nextElementSibling).toBe(last);
    a.dispatchEvent(new Event('pointerdown'));
    expect(a.getAttribute('href')).toBe('https://v.test/media/videos/v1/~new/main.mp4');
    controls.destroy();
    expect(bar.querySelector('a.rb-download')).toBeNull();
  });

  it('is not there without `download`', () => {
    const { bar } = setup({ source: { hls: null, mp4: null, poster: null }, download: null });
    expect(bar.querySelector('a.rb-download')).toBeNull();
  });
});
