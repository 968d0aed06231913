import { beforeAll, describe, expect, it, vi } from 'vitest';
import { attachChapters, chapterIndexAt } from '../src/chapters.ts';
import { formatTime } from '../src/format.ts';
import { loadLaterStrings, t } from '../src/strings.ts';
import { hostPerTest, makePlayer } from './helpers.ts';

// The controls' and chapters' texts are the later catalog, loaded before their chunks attach.
beforeAll(() => loadLaterStrings());

const chapters = [
  { start: 0, title: 'Intro' },
  { start: 30, title: 'The harbour' },
  { start: 90, title: 'Questions' },
];
const hostOf = hostPerTest();

/** A control bar with a seek bar 400 px wide at x 100 (jsdom lays nothing out). */
function barWithSeek(duration = 120) {
  const root = hostOf();
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { value: 0, writable: true });
  const bar = document.createElement('div');
  const seek = document.createElement('input');
  seek.type = 'range';
  const last = document.createElement('button');
  bar.append(seek, last);
  root.append(video, bar);
  seek.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 20, right: 500, bottom: 20, x: 100, y: 0, toJSON: () => ({}) });
  const host = attachChapters({ video, root, bar, seek, before: last, chapters, duration: () => duration, formatTime, t });
  return { root, video, bar, seek, last, host };
}
const move = (seek: HTMLElement, clientX: number) => seek.dispatchEvent(new PointerEvent('pointermove', { clientX, bubbles: true }));

describe('chapterIndexAt', () => {
  it('is the last chapter started', () => {
    expect([0, 29.9, 30, 89, 90, 500].map((t) => chapterIndexAt(chapters, t))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(chapterIndexAt([{ start: 10 }], 5)).toBe(-1);
  });
});

describe('chapters on the seek bar', () => {
  it('marks each chapter start after the first, as a share of the length', () => {
    const { host } = barWithSeek();
    const marks = Array.from(host.marks.querySelectorAll<HTMLElement>('.rb-chapter-mark'));
    expect(marks.map((m) => m.style.left)).toEqual(['25%', '75%']);
    expect(host.marks.getAttribute('aria-hidden')).toBe('true');
  });

  it('names the chapter under the pointer while hovering, and hides the name on leaving', () => {
    const { seek, host } = barWithSeek();
    expect(host.tip.hidden).toBe(true);
    move(seek, 100 + 200); // 60 s of 120
    expect(host.tip.hidden).toBe(false);
    expect(host.tip.textContent).toBe('The harbour');
    move(seek, 100 + 390); // 117 s
    expect(host.tip.textContent).toBe('Questions');
    move(seek, 50); // left of the bar: clamped to 0
    expect(host.tip.textContent).toBe('Intro');
    seek.dispatchEvent(new PointerEvent('pointerleave'));
    expect(host.tip.hidden).toBe(true);
  });

  it('the chapters menu lists each chapter with its time, marks the current one, and seeks on a choice', () => {
    const { video, last, host } = barWithSeek();
    expect(host.button.nextElementSibling).toBe(last);
    expect(host.button.getAttribute('aria-label')).toBe('Chapters');
    const items = Array.from(host.menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'));
    expect(items.map((i) => i.textContent)).toEqual(['0:00Intro', '0:30The harbour', '1:30Questions']);
    expect(items[1].getAttribute('aria-label')).toBe('The harbour, at 0:30');
    video.currentTime = 45;
    host.button.click();
    expect(host.menu.hidden).toBe(false);
    expect(host.button.getAttribute('aria-expanded')).toBe('true');
    expect(items.map((i) => i.getAttribute('aria-current'))).toEqual(['false', 'true', 'false']);
    expect(document.activeElement).toBe(items[1]);
    host.menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(document.activeElement).toBe(items[2]);
    items[2].click();
    expect(video.currentTime).toBe(90);
    expect(host.menu.hidden).toBe(true);
    expect(document.activeElement).toBe(host.button);
    host.button.click();
    host.menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(host.menu.hidden).toBe(true);
  });

  it('destroy removes everything it added', () => {
    const { bar, root, host } = barWithSeek();
    host.destroy();
    expect(bar.querySelector('.rb-chapters, .rb-chapter-marks, .rb-chapter-tip')).toBeNull();
    expect(root.querySelector('.rb-chapters-menu')).toBeNull();
  });
});

describe('the player loads the chapters chunk only for a video with chapters', () => {
  it('adds the chapters button and marks when the answer has chapters', async () => {
    const { player } = await makePlayer({ chapters }, { duration: 120 });
    await vi.waitFor(() => expect(player.root.querySelector('.rb-chapters')).not.toBeNull());
    expect(player.root.querySelectorAll('.rb-chapter-mark')).toHaveLength(2);
    player.destroy();
  });
  it('adds nothing without chapters', async () => {
    const { player } = await makePlayer({ chapters: [] }, { duration: 120 });
    await new Promise((r) => setTimeout(r, 20));
    expect(player.root.querySelector('.rb-chapters, .rb-chapter-marks')).toBeNull();
    player.destroy();
  });
});
