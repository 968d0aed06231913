import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';

export interface GrowingWatch {
  finalCount: number;
  finalText: string;
}

const TS_PACKET = 188;

/**
 * Holds a video's job once its growing rendition is playable (the 'playable' step hook) until
 * `release` is called, so a test reads the playlist open however fast the machine encodes.
 */
export function holdWhenPlayable() {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  return { onStep: async (step: string) => (step === 'playable' ? released : undefined), release };
}

/**
 * Waits until the video is playable, then reads its growing playlist over HTTP until it ends,
 * checking every read as a player would see it: valid EVENT playlist, target duration and media
 * sequence unchanged, segments only ever appended, no segment longer than the target, every
 * listed segment there (new ones fetched whole: MPEG-TS packets), ENDLIST only at the end.
 * The video must have been playable (before its ladder and mp4) while the playlist was open and
 * shorter than at the end. `afterFirstRead` runs once the first playlist has been read (to release
 * holdWhenPlayable).
 */
export async function watchGrowingPlaylist(s: TestServer, token: string, id: string, afterFirstRead: () => void, timeoutMs = 480_000): Promise<GrowingWatch> {
  const deadline = Date.now() + timeoutMs;
  let video: any;
  for (;;) {
    video = (await s.api('GET', `/api/videos/${id}`, { token })).body;
    if (video.isHlsReady) break;
    if (Date.now() > deadline) throw new Error(`never playable: ${JSON.stringify(video)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
  const playableBeforeLadder = !video.processing.isLadderReady && !video.isMainReady;
  const master = await (await fetch(video.hlsSource)).text();
  const variantRel = master.split('\n').find((l) => l && !l.startsWith('#')) as string;
  expect(variantRel).toBe('first/index.m3u8');
  const url = new URL(variantRel, video.hlsSource);

  let target: string | null = null;
  let previous: string[] = [];
  const fetched = new Set<string>();
  let openSnapshots = 0;
  let firstCount = -1;
  for (;;) {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const text = await res.text();
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(lines).toContain('#EXT-X-MEDIA-SEQUENCE:0');
    expect(lines).toContain('#EXT-X-START:TIME-OFFSET=0,PRECISE=YES');
    const targetLine = lines.find((l) => l.startsWith('#EXT-X-TARGETDURATION:')) as string;
    target ??= targetLine;
    expect(targetLine).toBe(target);
    const ended = lines.includes('#EXT-X-ENDLIST');
    if (ended) expect(lines.at(-1)).toBe('#EXT-X-ENDLIST');
    const durations = lines.filter((l) => l.startsWith('#EXTINF:')).map((l) => Number.parseFloat(l.slice(8)));
    const segments = lines.filter((l) => !l.startsWith('#'));
    expect(segments.length).toBe(durations.length);
    expect(segments.length).toBeGreaterThan(0);
    for (const d of durations) expect(Math.round(d)).toBeLessThanOrEqual(Number(target.split(':')[1]));
    expect(segments.slice(0, previous.length)).toEqual(previous);
    for (const seg of segments) {
      const segUrl = new URL(seg, url);
      if (fetched.has(seg)) {
        expect((await fetch(segUrl, { method: 'HEAD' })).status).toBe(200);
        continue;
      }
      const body = Buffer.from(await (await fetch(segUrl)).arrayBuffer());
      expect(body.length % TS_PACKET).toBe(0);
      expect(body[0]).toBe(0x47);
      fetched.add(seg);
    }
    if (firstCount < 0) {
      firstCount = segments.length;
      afterFirstRead();
    }
    previous = segments;
    if (ended) {
      // Playable before the encode ended: read open, with fewer segments than at the end.
      expect(playableBeforeLadder).toBe(true);
      expect(openSnapshots).toBeGreaterThan(0);
      expect(firstCount).toBeLessThan(segments.length);
      return { finalCount: segments.length, finalText: text };
    }
    openSnapshots++;
    if (Date.now() > deadline) throw new Error('the growing playlist never ended');
    await new Promise((r) => setTimeout(r, 50));
  }
}
