import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailParam } from '../src/sessions.ts';
import { shownCovers } from '../src/viewer-id.ts';
import { LEAD_FORM_DEFAULT } from '@reelbase/api-client/lead-constants';
import { config, json, makePlayer as make, stubMediaMethods } from './helpers.ts';

const SESSION = '7d1f3c1e-9a4b-4c2d-8e6f-0a1b2c3d4e5f';
let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

beforeEach(() => {
  stubMediaMethods();
  fetchMock = vi.fn(async (url: string) => (url.includes('/sessions') ? json({ sessionId: SESSION, reportEverySec: 10, anonymous: false }, 201) : json({ id: 'lead-1' }, 201)));
  vi.stubGlobal('fetch', fetchMock);
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
  localStorage.clear();
});
afterEach(() => {
  for (const p of players.splice(0)) p.destroy();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  Reflect.deleteProperty(navigator, 'doNotTrack');
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** Players of a test, destroyed after it (their sessions listen on the window). */
const players: { destroy(): void }[] = [];
const makePlayer = async (...args: Parameters<typeof make>) => {
  const made = await make(...args);
  players.push(made.player);
  return made;
};
const opens = () => fetchMock.mock.calls.filter(([url]) => url.includes('/sessions'));
/** The progress reports sent, as the API reads them (text/plain JSON). */
const reports = () => beacon.mock.calls.filter(([url]) => url.includes('/progress')).map(([url, body]) => ({ url, body: JSON.parse(body as string) }));
/** The session's answer has arrived (its reports start then). */
const opened = () => new Promise((r) => setTimeout(r, 20));
const play = (media: Awaited<ReturnType<typeof makePlayer>>['media'], from: number, to: number) => {
  for (let t = from; t <= to + 1e-9; t += 0.25) media.timeUpdate(t);
};

describe('viewer sessions', () => {
  it('names the thumbnail-test cover this viewer was shown, so the play counts for it', async () => {
    shownCovers.set('vid-2', 'cover-b');
    const { media } = await makePlayer({ videoId: 'vid-2', apiBase: 'https://api.test' }, { duration: 60 });
    media.startPlaying();
    await vi.waitFor(() => expect(opens()).toHaveLength(1));
    expect(JSON.parse(opens()[0][1]?.body as string).coverId).toBe('cover-b');
    shownCovers.clear();
  });

  it('opens a session on the first play (not on load) with the viewer id and the page email, and reports what was watched', async () => {
    window.history.replaceState(null, '', '/embed/hls/vid-1?email=ana%40example.com');
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const { media } = await makePlayer({ videoId: 'vid-1', apiBase: 'https://api.test', token: { token: 'tok-1', expiresAt } }, { duration: 60 });
    media.fire('loadeddata');
    await new Promise((r) => setTimeout(r, 20));
    expect(opens()).toEqual([]);

    media.startPlaying();
    await vi.waitFor(() => expect(opens()).toHaveLength(1));
    const [url, init] = opens()[0];
    expect(url).toBe('https://api.test/api/videos/vid-1/sessions?token=tok-1');
    const body = JSON.parse(init?.body as string);
    expect(body.email).toBe('ana@example.com');
    expect(body.viewerId).toMatch(/^[0-9a-f-]{36}$/);
    // The same id for this browser's next session (local storage).
    expect(localStorage.getItem('rb-viewer')).toBe(JSON.stringify(body.viewerId));

    await opened();
    beacon.mockClear();
    play(media, 0.25, 12);
    media.seek(40);
    play(media, 40.25, 45);
    media.state.paused = true;
    media.fire('pause');
    expect(reports()).toEqual([{ url: `https://api.test/api/sessions/${SESSION}/progress`, body: { ranges: [[0, 12], [40, 45]] } }]);

    // The page goes away: what is left, and the session ends.
    beacon.mockClear();
    window.dispatchEvent(new Event('pagehide'));
    expect(reports()).toEqual([{ url: `https://api.test/api/sessions/${SESSION}/progress`, body: { ranges: [], ended: true } }]);
  });

  it('reports every reportEverySec only the ranges not sent yet, and when the tab is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { media } = await makePlayer({ videoId: 'vid-2', apiBase: 'https://api.test' }, { duration: 60 });
    media.startPlaying();
    await vi.waitFor(() => expect(opens()).toHaveLength(1));
    await opened();
    beacon.mockClear();
    play(media, 0.25, 10.5);
    vi.advanceTimersByTime(10_000);
    play(media, 10.75, 20.5);
    vi.advanceTimersByTime(10_000);
    // Paused: nothing new, nothing sent.
    media.state.paused = true;
    vi.advanceTimersByTime(10_000);
    expect(reports().map((r) => r.body)).toEqual([{ ranges: [[0, 10]] }, { ranges: [[10, 20]] }]);
    media.state.paused = false;
    play(media, 20.75, 25.5);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Reflect.deleteProperty(document, 'visibilityState');
    expect(reports().at(-1)?.body).toEqual({ ranges: [[20, 25]] });
    vi.useRealTimers();
  });

  it('a play the browser refused (autoplay without sound) opens no session', async () => {
    const { media } = await makePlayer({ videoId: 'vid-8', apiBase: 'https://api.test' }, { duration: 60 });
    media.fire('play');
    media.fire('pause');
    await opened();
    expect(opens()).toEqual([]);
  });

  it('a stretch starts where a seek lands while playing, not at the next timeupdate', async () => {
    const { media } = await makePlayer({ videoId: 'vid-7', apiBase: 'https://api.test' }, { duration: 60 });
    media.startPlaying();
    await vi.waitFor(() => expect(opens()).toHaveLength(1));
    await opened();
    play(media, 0.25, 3);
    media.fire('seeking');
    media.state.currentTime = 40;
    media.fire('seeked');
    media.timeUpdate(41);
    media.timeUpdate(42.5);
    media.state.paused = true;
    media.fire('pause');
    expect(reports().map((r) => r.body)).toEqual([{ ranges: [[0, 3], [40, 42]] }]);
  });

  it('keeps no viewer id when the viewer asks not to be tracked (Do Not Track): each session a new one', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '1' });
    const ids: string[] = [];
    for (const videoId of ['vid-3', 'vid-3b']) {
      const { media } = await makePlayer({ videoId, apiBase: 'https://api.test' }, { duration: 60 });
      media.startPlaying();
      await vi.waitFor(() => expect(opens()).toHaveLength(ids.length + 1));
      ids.push(JSON.parse(opens()[ids.length][1]?.body as string).viewerId);
    }
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(localStorage.getItem('rb-viewer')).toBeNull();
  });

  it("cuts ranges at the video's length as the API knows it (the media's may run a frame longer)", async () => {
    const { media } = await makePlayer({ videoId: 'vid-6', apiBase: 'https://api.test', durationSec: 5.4 }, { duration: 5.43 });
    media.startPlaying();
    await vi.waitFor(() => expect(opens()).toHaveLength(1));
    await opened();
    play(media, 0.25, 5.25);
    media.timeUpdate(5.43);
    window.dispatchEvent(new Event('pagehide'));
    expect(reports().map((r) => r.body)).toEqual([{ ranges: [[0, 5.4]], ended: true }]);
  });

  it("the owner's preview and a player without beacons open no session", async () => {
    for (const options of [{ preview: true }, { statistics: false }]) {
      const { media, player } = await makePlayer({ videoId: 'vid-4', apiBase: 'https://api.test', ...options }, { duration: 60 });
      media.startPlaying();
      play(media, 0.25, 3);
      media.state.paused = true;
      media.fire('pause');
      player.destroy();
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(opens()).toEqual([]);
    expect(reports()).toEqual([]);
  });

  it('a lead given before the first play names its session (opened when the form is sent), and the play reports into the same session', async () => {
    const { player, media } = await makePlayer({ videoId: 'vid-5', apiBase: 'https://api.test', config: config({ leadForm: { ...LEAD_FORM_DEFAULT, enabled: true, required: true } }) }, { duration: 60 });
    media.fire('loadeddata');
    const f = await vi.waitFor(() => player.root.querySelector<HTMLFormElement>('.rb-lead') ?? Promise.reject(new Error('no form yet')));
    await player.play();
    expect(f.hidden).toBe(false);
    expect(opens()).toEqual([]);
    f.querySelector<HTMLInputElement>('input[name=email]')!.value = 'ana@example.com';
    f.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(f.hidden).toBe(true));
    const lead = fetchMock.mock.calls.find(([url]) => url.endsWith('/leads'));
    expect(JSON.parse(lead?.[1]?.body as string)).toEqual({ email: 'ana@example.com', sessionId: SESSION });
    await opened();
    play(media, 0.25, 4);
    media.state.paused = true;
    media.fire('pause');
    expect(opens()).toHaveLength(1);
    expect(reports()).toEqual([{ url: `https://api.test/api/sessions/${SESSION}/progress`, body: { ranges: [[0, 4]] } }]);
  });

  it('takes only a well-formed ?email= of the page', () => {
    expect(emailParam('?email=a%40b.co')).toBe('a@b.co');
    expect(emailParam('?email=%7B%7Bcontact.email%7D%7D')).toBeNull();
    expect(emailParam('?lang=de')).toBeNull();
  });
});
