import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '../src/mount.ts';
import { createPlayer } from '../src/player.ts';
import { fetchRenewal, renewalDelayMs, swapToken } from '../src/token.ts';
import type { PlaybackInfo } from '../src/types.ts';
import { config, hostPerTest, json } from './helpers.ts';

const TOKEN_A = '1900000000.0.aaaa';
const TOKEN_B = '1900000600.0.bbbb';
const info = (token: string, expiresAt: string): PlaybackInfo => ({
  id: 'vid-1',
  name: 'Lesson',
  hlsSource: `/media/videos/vid-1/~${token}/hls/master.m3u8`,
  mp4Source: `/media/videos/vid-1/~${token}/main.mp4`,
  poster: null,
  playerConfig: config(),
  nextVideo: null,
  durationSec: 90,
  width: 1280,
  height: 720,
  processing: false,
  visibility: 'password',
  token: { token, expiresAt },
});
const hostOf = hostPerTest();
let host: HTMLElement;
beforeEach(() => {
  host = hostOf();
});

describe('playback tokens in URLs', () => {
  it('swaps the token segment of a media URL and leaves tokenless URLs alone', () => {
    expect(swapToken(`https://cdn.test/media/videos/v/~${TOKEN_A}/hls/360p/seg.mp4`, TOKEN_B)).toBe(`https://cdn.test/media/videos/v/~${TOKEN_B}/hls/360p/seg.mp4`);
    expect(swapToken('https://cdn.test/media/videos/v/hls/master.m3u8', TOKEN_B)).toBe('https://cdn.test/media/videos/v/hls/master.m3u8');
  });
  it('renews at 70% of the life left, at least a second ahead; a clock far off renews each minute', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(renewalDelayMs('2026-01-01T00:10:00Z', now)).toBe(420_000);
    expect(renewalDelayMs('2026-01-01T00:00:00.500Z', now)).toBe(1000);
    expect(renewalDelayMs('2025-12-31T00:00:00Z', now)).toBe(60_000);
    expect(renewalDelayMs('2027-01-01T00:00:00Z', now)).toBe(60_000);
  });
});

describe('renewal call', () => {
  it('asks with the current token, and without one when that is refused (an unlisted video after a sleep)', async () => {
    const seen: string[] = [];
    const fetchMock = vi.fn(async (url: string) => {
      seen.push(url);
      return url.includes('?token=') ? json({ message: 'This playback link has expired. Reload the page.', code: 'VIDEO_PASSWORD' }, 403) : json(info(TOKEN_B, '2030-01-01T00:00:00Z'));
    });
    expect(await fetchRenewal('https://api.test', 'vid-1', TOKEN_A, fetchMock as typeof fetch)).toEqual({ token: TOKEN_B, expiresAt: '2030-01-01T00:00:00Z' });
    expect(seen).toEqual([`https://api.test/api/playback/vid-1?token=${encodeURIComponent(TOKEN_A)}`, 'https://api.test/api/playback/vid-1']);
    // A password video refuses both: no token, the player tries again later.
    expect(await fetchRenewal('', 'vid-1', TOKEN_A, vi.fn(async () => json({ code: 'VIDEO_PASSWORD' }, 403)) as typeof fetch)).toBeNull();
  });
});

describe('locked videos', () => {
  it('a private video says so without a player', async () => {
    const player = await mount(host, { videoId: 'vid-1', fetch: vi.fn(async () => json({ message: 'This video is private', code: 'VIDEO_PRIVATE' }, 403)) });
    expect(player).toBeNull();
    expect(host.querySelector('[role="alert"]')!.textContent).toBe('This video is private');
  });

  it('a password video asks for the password, says "Wrong password", then plays with the unlocked token', async () => {
    const calls: string[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/unlock')) {
        const { password } = JSON.parse(String(init?.body));
        return password === 'right' ? json({ token: TOKEN_A, expiresAt: '2030-01-01T00:00:00Z' }) : json({ message: 'Wrong password' }, 403);
      }
      return json(info(TOKEN_A, '2030-01-01T00:00:00Z'));
    });
    const mounted = mount(host, { videoId: 'vid-1', locked: 'password', fetch: fetchMock as typeof fetch });
    // The form is a chunk of its own, fetched first.
    const input = await vi.waitFor(() => {
      const found = host.querySelector<HTMLInputElement>('input[type="password"]');
      if (!found) throw new Error('no password form yet');
      return found;
    });
    expect(host.textContent).toContain('This video is protected by a password');
    input.value = 'wrong';
    host.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(host.querySelector('.rb-unlock-error')!.textContent).toBe('Wrong password'));
    input.value = 'right';
    host.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    const player = await mounted;
    await player!.ready;
    expect(calls).toEqual(['POST /api/videos/vid-1/unlock', 'POST /api/videos/vid-1/unlock', `GET /api/playback/vid-1?token=${encodeURIComponent(TOKEN_A)}`]);
    expect(player!.video.getAttribute('src')).toContain(`/~${TOKEN_A}/main.mp4`);
    player!.destroy();
  });

  it('renews the token before it ends and moves the mp4 to the new one', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
    const renew = vi.fn(async () => ({ token: TOKEN_B, expiresAt: '2026-01-01T00:20:00Z' }));
    const second = createPlayer(host, { source: { mp4: `/media/videos/vid-1/~${TOKEN_A}/main.mp4` }, videoId: 'vid-1', token: { token: TOKEN_A, expiresAt: '2026-01-01T00:10:00Z' }, renew });
    await second.ready;
    await vi.advanceTimersByTimeAsync(419_000);
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(renew).toHaveBeenCalledWith(TOKEN_A);
    expect(second.video.getAttribute('src')).toContain(`/~${TOKEN_B}/main.mp4`);
    second.destroy();
  });
});
