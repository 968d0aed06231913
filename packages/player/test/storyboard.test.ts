import { describe, expect, it, vi } from 'vitest';
import { formatTime } from '../src/format.ts';
import { attachStoryboard, parseStoryboard, tileAt } from '../src/storyboard.ts';
import { hostPerTest, makePlayer } from './helpers.ts';

const VTT_URL = 'https://cdn.test/media/videos/v1/~123.0.sig/v-0123456789ab/storyboard/storyboard.vtt';
const INDEX = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:05.000',
  'sheet-0.jpg#xywh=0,0,160,90',
  '',
  '00:00:05.000 --> 00:00:10.000',
  'sheet-0.jpg#xywh=160,0,160,90',
  '',
  '00:00:10.000 --> 00:00:12.500',
  'sheet-1.jpg#xywh=0,90,160,90',
  '',
].join('\n');
const hostOf = hostPerTest();

describe('the storyboard index', () => {
  it('reads each cue as a tile of a sheet named relative to the index (its token included)', () => {
    const tiles = parseStoryboard(INDEX, VTT_URL);
    expect(tiles).toEqual([
      { start: 0, end: 5, url: 'https://cdn.test/media/videos/v1/~123.0.sig/v-0123456789ab/storyboard/sheet-0.jpg', x: 0, y: 0, w: 160, h: 90 },
      { start: 5, end: 10, url: 'https://cdn.test/media/videos/v1/~123.0.sig/v-0123456789ab/storyboard/sheet-0.jpg', x: 160, y: 0, w: 160, h: 90 },
      { start: 10, end: 12.5, url: 'https://cdn.test/media/videos/v1/~123.0.sig/v-0123456789ab/storyboard/sheet-1.jpg', x: 0, y: 90, w: 160, h: 90 },
    ]);
    expect([0, 4.99, 5, 11, 99].map((t) => tileAt(tiles, t)?.x)).toEqual([0, 0, 160, 0, 0]);
    expect(tileAt(tiles, 11)?.url.endsWith('sheet-1.jpg')).toBe(true);
    expect(parseStoryboard('WEBVTT\n\nnonsense --> x\nsheet.jpg\n', VTT_URL)).toEqual([]);
  });
});

function seekBar() {
  const root = hostOf();
  const video = document.createElement('video');
  const bar = document.createElement('div');
  const seek = document.createElement('input');
  seek.type = 'range';
  bar.append(seek);
  root.append(video, bar);
  seek.getBoundingClientRect = () => ({ left: 0, width: 300, top: 0, height: 20, right: 300, bottom: 20, x: 0, y: 0, toJSON: () => ({}) });
  return { root, video, bar, seek };
}
const pointer = (seek: HTMLElement, type: string, clientX: number, pointerType = 'mouse') => seek.dispatchEvent(new PointerEvent(type, { clientX, pointerType, bubbles: true }));

describe('seek previews', () => {
  it('shows the tile under the mouse as the sprite background at its position, with the time; hides on leaving', async () => {
    const { video, bar, seek, root } = seekBar();
    const fetched: string[] = [];
    const board = attachStoryboard({
      video,
      root,
      bar,
      seek,
      board: { vtt: VTT_URL, width: 160, height: 90 },
      duration: () => 12.5,
      formatTime,
      fetch: (async (url: string) => {
        fetched.push(url);
        return new Response(INDEX);
      }) as typeof fetch,
      start: { clientX: 150 },
    });
    expect(await board.ready).toBe(true);
    expect(fetched).toEqual([VTT_URL]);
    // The hover that loaded the chunk shows its frame at once: 150 of 300 px is 6.25 s, the second tile.
    const frame = board.preview.querySelector<HTMLElement>('.rb-storyboard-frame') as HTMLElement;
    expect(board.preview.hidden).toBe(false);
    expect(frame.style.backgroundImage).toContain('sheet-0.jpg');
    expect(frame.style.backgroundPosition).toBe('-160px 0px');
    expect([frame.style.width, frame.style.height]).toEqual(['160px', '90px']);
    expect(board.preview.textContent).toBe('0:06');
    pointer(seek, 'pointermove', 290);
    expect(frame.style.backgroundImage).toContain('sheet-1.jpg');
    expect(frame.style.backgroundPosition).toBe('0px -90px');
    pointer(seek, 'pointerleave', 290);
    expect(board.preview.hidden).toBe(true);
  });

  it('follows a finger dragging along the bar and hides when it lifts', async () => {
    const { video, bar, seek, root } = seekBar();
    const board = attachStoryboard({ video, root, bar, seek, board: { vtt: VTT_URL, width: 160, height: 90 }, duration: () => 12.5, formatTime, fetch: (async () => new Response(INDEX)) as typeof fetch });
    await board.ready;
    expect(board.preview.hidden).toBe(true);
    pointer(seek, 'pointerdown', 10, 'touch');
    expect(board.preview.hidden).toBe(false);
    pointer(seek, 'pointermove', 130, 'touch');
    expect(board.preview.querySelector<HTMLElement>('.rb-storyboard-frame')?.style.backgroundPosition).toBe('-160px 0px');
    // A finger leaving the bar's box while it drags keeps the preview; lifting it ends it.
    pointer(seek, 'pointerleave', 130, 'touch');
    expect(board.preview.hidden).toBe(false);
    pointer(seek, 'pointerup', 130, 'touch');
    expect(board.preview.hidden).toBe(true);
  });

  it('a missing index leaves the bar without previews', async () => {
    const { video, bar, seek, root } = seekBar();
    const board = attachStoryboard({ video, root, bar, seek, board: { vtt: VTT_URL, width: 160, height: 90 }, duration: () => 12.5, formatTime, fetch: (async () => new Response('', { status: 403 })) as typeof fetch });
    expect(await board.ready).toBe(false);
    pointer(seek, 'pointermove', 100);
    expect(board.preview.hidden).toBe(true);
  });
});

describe('the player loads the storyboard chunk on the first hover or touch of the seek bar', () => {
  it('fetches nothing before, then the index once', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(INDEX));
    const { player } = await makePlayer(
      { storyboard: { vtt: VTT_URL, width: 160, height: 90 }, token: { token: '123.0.sig', expiresAt: new Date(Date.now() + 3_600_000).toISOString() } },
      { duration: 12.5 },
    );
    const seek = player.root.querySelector('.rb-seek') as HTMLInputElement;
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(player.root.querySelector('.rb-storyboard')).toBeNull();
    seek.dispatchEvent(new PointerEvent('pointerenter', { clientX: 5 }));
    seek.dispatchEvent(new PointerEvent('pointerdown', { clientX: 5 }));
    await vi.waitFor(() => expect(player.root.querySelector('.rb-storyboard')).not.toBeNull());
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(String(fetchSpy.mock.calls[0][0])).toBe(VTT_URL);
    player.destroy();
  });
});
