import { RESUME_END_SHARE, RESUME_MAX_AGE_DAYS } from '@reelbase/api-client/viewer-constants';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.ts';
import { attachControls, type ControlsHost } from '../src/controls.ts';
import { formatTime } from '../src/format.ts';
import { pruneResume, RESUME_KEY_PREFIX, readResume, resumePosition, saveResume } from '../src/resume.ts';
import { loadLaterStrings, t } from '../src/strings.ts';
import { config, driveMedia } from './helpers.ts';

// The controls' and chapters' texts are the later catalog, loaded before their chunks attach.
beforeAll(() => loadLaterStrings());

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-26T00:00:00Z');

describe('resume rules', () => {
  it('uses the 30 days and the last 5% of the contract', () => {
    expect([RESUME_MAX_AGE_DAYS, RESUME_END_SHARE]).toEqual([30, 0.05]);
  });

  it('resumes a position kept within 30 days', () => {
    expect(resumePosition({ t: 65, at: NOW - 29 * DAY }, 180, NOW)).toBe(65);
    expect(resumePosition({ t: 65, at: NOW - 30 * DAY }, 180, NOW)).toBe(65);
  });

  it('starts over after 30 days', () => {
    expect(resumePosition({ t: 65, at: NOW - 30 * DAY - 1000 }, 180, NOW)).toBeNull();
  });

  it('starts over from the last 5% of the video (the viewer had finished)', () => {
    expect(resumePosition({ t: 170, at: NOW }, 180, NOW)).toBe(170); // 94.4%
    expect(resumePosition({ t: 171, at: NOW }, 180, NOW)).toBeNull(); // 95%
    expect(resumePosition({ t: 179, at: NOW }, 180, NOW)).toBeNull();
  });

  it('has nothing to resume without a kept position, or at 0', () => {
    expect(resumePosition(null, 180, NOW)).toBeNull();
    expect(resumePosition({ t: 0, at: NOW }, 180, NOW)).toBeNull();
  });

  it('keeps the position per video, and forgets it at the end', () => {
    saveResume(localStorage, 'a', 65.04, 180, NOW);
    saveResume(localStorage, 'b', 12, 180, NOW);
    expect(readResume(localStorage, 'a')).toEqual({ t: 65, at: NOW });
    expect(readResume(localStorage, 'b')).toEqual({ t: 12, at: NOW });
    saveResume(localStorage, 'a', 175, 180, NOW);
    expect(readResume(localStorage, 'a')).toBeNull();
    expect(readResume(localStorage, 'b')).toEqual({ t: 12, at: NOW });
  });

  it('drops positions older than 30 days from storage', () => {
    saveResume(localStorage, 'old', 10, 100, NOW - 31 * DAY);
    saveResume(localStorage, 'new', 10, 100, NOW - DAY);
    localStorage.setItem('rb-captions', 'off');
    pruneResume(localStorage, NOW);
    expect(localStorage.getItem(`${RESUME_KEY_PREFIX}old`)).toBeNull();
    expect(readResume(localStorage, 'new')).not.toBeNull();
    expect(localStorage.getItem('rb-captions')).toBe('off');
  });
});

describe('resume in the player', () => {
  afterEach(() => {
    localStorage.clear();
    document.body.replaceChildren();
  });

  function setup(resumePlayback: boolean, clock = { now: NOW }) {
    const root = document.createElement('div');
    const bar = document.createElement('div');
    const video = document.createElement('video');
    root.append(video, bar);
    document.body.append(root);
    const media = driveMedia(video, { duration: 180 });
    const host: ControlsHost = {
      video, root, bar, before: null, config: resolveConfig(config({ resumePlayback })), engine: 'mp4', hls: null, videoId: 'vid-1', t, formatTime,
      storage: localStorage, master: () => null, duration: () => 180, captions: () => null, resumeAt: () => {}, togglePlay: () => {},
      toggleFullscreen: async () => {}, exitMini: () => false, now: () => clock.now,
    };
    return { video, media, root, host };
  }
  const ready = (video: HTMLVideoElement) => {
    Object.defineProperty(video, 'readyState', { configurable: true, value: 1 });
    video.dispatchEvent(new Event('loadedmetadata'));
  };

  it('a returning viewer starts where they left off, and it is announced', () => {
    saveResume(localStorage, 'vid-1', 65, 180, NOW - 2 * DAY);
    const { video, root, host } = setup(true);
    attachControls(host);
    ready(video);
    expect(video.currentTime).toBe(65);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Resumed at 1:05');
  });

  it('keeps the position every few seconds while playing, on pause and when the page goes away', () => {
    const clock = { now: NOW };
    const { video, media, host } = setup(true, clock);
    attachControls(host);
    ready(video);
    media.startPlaying();
    clock.now += 2000;
    media.timeUpdate(2);
    expect(readResume(localStorage, 'vid-1')).toBeNull(); // not yet: every 5 s
    clock.now += 4000;
    media.timeUpdate(6);
    expect(readResume(localStorage, 'vid-1')).toEqual({ t: 6, at: clock.now });
    clock.now += 1000;
    media.timeUpdate(7);
    window.dispatchEvent(new Event('pagehide'));
    expect(readResume(localStorage, 'vid-1')?.t).toBe(7);
    media.state.currentTime = 9;
    media.state.paused = true;
    media.fire('pause');
    expect(readResume(localStorage, 'vid-1')?.t).toBe(9);
    media.end();
    expect(readResume(localStorage, 'vid-1')).toBeNull();
  });

  it('the owner’s switch off: no resume and nothing kept', () => {
    saveResume(localStorage, 'vid-1', 65, 180, NOW);
    const { video, media, host } = setup(false);
    attachControls(host);
    ready(video);
    expect(video.currentTime).toBe(0);
    media.startPlaying();
    media.timeUpdate(30);
    media.state.paused = true;
    media.fire('pause');
    expect(readResume(localStorage, 'vid-1')).toEqual({ t: 65, at: NOW });
  });

  it('does not resume into the last 5%', () => {
    saveResume(localStorage, 'vid-1', 150, 180, NOW);
    localStorage.setItem(`${RESUME_KEY_PREFIX}vid-1`, JSON.stringify({ t: 175, at: NOW }));
    const { video, host } = setup(true);
    attachControls(host);
    ready(video);
    expect(video.currentTime).toBe(0);
  });
});
