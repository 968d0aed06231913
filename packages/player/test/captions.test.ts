import { describe, expect, it } from 'vitest';
import { attachCaptions, CAPTIONS_CHOICE_KEY, initialTrack } from '../src/captions.ts';
import { hostPerTest } from './helpers.ts';
import { t } from '../src/strings.ts';

const tracks = [
  { id: 't1', label: 'English', language: 'en', isDefault: false, src: '/media/v/captions/t1.vtt' },
  { id: 't2', label: 'Deutsch', language: 'de', isDefault: true, src: '/media/v/captions/t2.vtt' },
  { id: 't3', label: 'English (SDH)', language: 'en', isDefault: false, src: '/media/v/captions/t3.vtt' },
];

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('initialTrack', () => {
  it("shows the owner's default track to a viewer who never chose", () => {
    expect(initialTrack(tracks, null)).toBe(1);
    expect(initialTrack(tracks.map((t) => ({ ...t, isDefault: false })), null)).toBe(-1);
  });
  it("keeps the viewer's choice: Off, the same track, else the same language", () => {
    expect(initialTrack(tracks, 'off')).toBe(-1);
    expect(initialTrack(tracks, 'en|English (SDH)')).toBe(2);
    expect(initialTrack(tracks, 'en|English (auto)')).toBe(0);
    expect(initialTrack(tracks, 'fr|Français')).toBe(1);
  });
});

const hostOf = hostPerTest();

describe('the CC menu', () => {
  it('lists Off and every track by label, adds a <track> per track and remembers the pick', () => {
    const root = hostOf();
    const video = document.createElement('video');
    const bar = document.createElement('div');
    const last = document.createElement('button');
    bar.append(last);
    root.append(video, bar);
    const storage = memoryStorage();
    const cc = attachCaptions({ video, root, bar, before: last, tracks, native: false, t, storage });
    expect(cc.button.nextElementSibling).toBe(last);
    expect(Array.from(video.querySelectorAll('track')).map((t) => [t.kind, t.label, t.srclang, t.getAttribute('src')])).toEqual(
      tracks.map((t) => ['subtitles', t.label, t.language, t.src]),
    );
    const items = Array.from(cc.menu.querySelectorAll('[role="menuitemradio"]'));
    expect(items.map((i) => [i.textContent, i.getAttribute('aria-checked')])).toEqual([
      ['Off', 'false'],
      ['English', 'false'],
      ['Deutsch', 'true'],
      ['English (SDH)', 'false'],
    ]);
    expect(cc.menu.hidden).toBe(true);
    cc.button.click();
    expect(cc.menu.hidden).toBe(false);
    expect(cc.button.getAttribute('aria-expanded')).toBe('true');
    (items[3] as HTMLButtonElement).click();
    expect(cc.selected).toBe(2);
    expect(cc.menu.hidden).toBe(true);
    expect(storage.data.get(CAPTIONS_CHOICE_KEY)).toBe('en|English (SDH)');
    (items[0] as HTMLButtonElement).click();
    expect(storage.data.get(CAPTIONS_CHOICE_KEY)).toBe('off');
    expect(cc.button.getAttribute('aria-pressed')).toBe('false');
    cc.destroy();
    expect(video.querySelectorAll('track')).toHaveLength(0);
    expect(root.querySelector('.rb-cc')).toBeNull();
  });

  it('the browser plays the HLS itself: no <track> elements (its text tracks come from the master)', () => {
    const root = hostOf();
    const video = document.createElement('video');
    const bar = document.createElement('div');
    root.append(video, bar);
    const cc = attachCaptions({ video, root, bar, before: null, tracks, native: true, t, storage: memoryStorage({ [CAPTIONS_CHOICE_KEY]: 'off' }) });
    expect(video.querySelectorAll('track')).toHaveLength(0);
    expect(cc.selected).toBe(-1);
  });
});
