import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDropOffTracker, sendDropOff } from '../src/beacons.ts';
import { makePlayer, stubMediaMethods } from './helpers.ts';

let beacon: ReturnType<typeof vi.fn<(url: string, data?: BodyInit | null) => boolean>>;

beforeEach(() => {
  stubMediaMethods();
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

async function sent(): Promise<Array<{ url: string; body: unknown; type: string }>> {
  return Promise.all(
    beacon.mock.calls.map(async ([url, data]) => ({ url, body: JSON.parse(await (data as Blob).text()), type: (data as Blob).type })),
  );
}

describe('drop-off beacons', () => {
  it('sends one beacon per multiple of 15 s while playing', async () => {
    const { media } = await makePlayer({ videoId: 'vid-1', apiBase: 'https://api.test' }, { duration: 120 });
    media.startPlaying();
    for (const t of [14.9, 15.0, 15.4, 29.9, 30.1]) media.timeUpdate(t);
    // Starting at 14.9 (a resumed viewer) is a play all the same: the 0 mark first.
    expect(await sent()).toEqual([
      { url: 'https://api.test/api/statistics/drop-off/vid-1', body: { curTime: 0 }, type: 'application/json' },
      { url: 'https://api.test/api/statistics/drop-off/vid-1', body: { curTime: 15 }, type: 'application/json' },
      { url: 'https://api.test/api/statistics/drop-off/vid-1', body: { curTime: 30 }, type: 'application/json' },
    ]);
  });

  it("a private or password video's beacons carry its playback token (the API counts them only with it)", async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const { media } = await makePlayer({ videoId: 'vid-1', apiBase: 'https://api.test', token: { token: 'tok/1+x', expiresAt } }, { duration: 120 });
    media.startPlaying();
    media.timeUpdate(15.2);
    expect((await sent()).map((b) => b.url)).toEqual([
      'https://api.test/api/statistics/drop-off/vid-1?token=tok%2F1%2Bx',
      'https://api.test/api/statistics/drop-off/vid-1?token=tok%2F1%2Bx',
    ]);
  });

  it('sends one beacon after seeking to a multiple of 15', async () => {
    const { media } = await makePlayer({ videoId: 'vid-1', apiBase: '' }, { duration: 120 });
    media.startPlaying();
    media.timeUpdate(3.2);
    media.seek(45);
    media.timeUpdate(45.25);
    media.timeUpdate(45.5);
    expect((await sent()).map((b) => [b.url, b.body])).toEqual([
      ['/api/statistics/drop-off/vid-1', { curTime: 0 }],
      ['/api/statistics/drop-off/vid-1', { curTime: 45 }],
    ]);
  });

  it('sends nothing while paused, and nothing twice for a pause inside a marked second', async () => {
    const { media } = await makePlayer({ videoId: 'vid-1' }, { duration: 120 });
    media.timeUpdate(15.1); // paused: e.g. a seek before playing
    expect(beacon).not.toHaveBeenCalled();
    media.startPlaying();
    media.timeUpdate(15.3);
    media.state.paused = true;
    media.fire('pause');
    media.startPlaying();
    media.timeUpdate(15.6);
    expect((await sent()).map((b) => b.body)).toEqual([{ curTime: 0 }, { curTime: 15 }]);
  });

  it('sends nothing without a video id or with statistics off', async () => {
    const a = await makePlayer({}, { duration: 120 });
    a.media.startPlaying();
    a.media.timeUpdate(15);
    const b = await makePlayer({ videoId: 'v', statistics: false }, { duration: 120 });
    b.media.startPlaying();
    b.media.timeUpdate(15);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('falls back to fetch keepalive without sendBeacon', async () => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    sendDropOff('https://api.test/', 'vid 1', 30);
    expect(fetchMock).toHaveBeenCalledWith('https://api.test/api/statistics/drop-off/vid%201', {
      method: 'POST',
      body: '{"curTime":30}',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    });
  });

  it('falls back to fetch when sendBeacon refuses the data', async () => {
    beacon.mockReturnValue(false);
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    sendDropOff('', 'v', 15);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('the tracker counts a new pass through a mark (seeking back); the start is one play, again only after a loop', () => {
    const marks: number[] = [];
    const tracker = createDropOffTracker((t) => marks.push(t));
    for (const t of [0.1, 0.4, 14.8, 15.1, 19.9, 0.2, 10, 15.2]) tracker.update(t);
    expect(marks).toEqual([0, 15, 15]);
    tracker.reset(); // a loop
    for (const t of [0.1, 15.3]) tracker.update(t);
    expect(marks).toEqual([0, 15, 15, 0, 15]);
  });

  it('a viewer who resumes mid-video still starts a play (the 0 mark), once', () => {
    const marks: number[] = [];
    const tracker = createDropOffTracker((t) => marks.push(t));
    for (const t of [47.3, 47.8, 48.2, 60.1]) tracker.update(t);
    expect(marks).toEqual([0, 60]);
  });
});
