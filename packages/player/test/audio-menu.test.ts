import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_CHOICE_KEY, attachAudioMenu, masterAudio, savedAudio } from '../src/audio-menu.ts';
import { loadLaterStrings, t } from '../src/strings.ts';
import type { HlsInstance } from '../src/types.ts';

/* Issue 37: the audio menu (its own chunk): the master's audio renditions, the viewer's choice switched and remembered. */

const MASTER = [
  '#EXTM3U',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Original",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="ao-original/index.m3u8"',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Español",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="at-1/index.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=320x180,CODECS="avc1.42e00b,mp4a.40.2",AUDIO="aud"',
  'vo-first/index.m3u8',
].join('\n');

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

/** hls.js as the menu sees it: its audio renditions and the one playing. */
function fakeHls() {
  const listeners: Record<string, (() => void)[]> = {};
  const hls = {
    audioTracks: [
      { name: 'Original', lang: undefined, default: true },
      { name: 'Español', lang: 'es', default: false },
    ],
    audioTrack: 0,
    on: (e: string, fn: () => void) => {
      listeners[e] = [...(listeners[e] ?? []), fn];
    },
  };
  return hls as unknown as HlsInstance & { audioTrack: number };
}

function host() {
  const root = document.createElement('div');
  const bar = document.createElement('div');
  const video = document.createElement('video');
  root.append(video, bar);
  document.body.append(root);
  return { root, bar, video };
}

// The menu's texts are the later catalog, loaded before its chunk attaches.
beforeAll(() => loadLaterStrings());

describe('the audio menu', () => {
  it('reads the renditions of a master (name, language, default)', () => {
    expect(masterAudio(MASTER)).toEqual([
      { name: 'Original', language: '', isDefault: true },
      { name: 'Español', language: 'es', isDefault: false },
    ]);
  });

  it("starts with the viewer's earlier choice: the same name and language, else the same language, else the engine's default", () => {
    const list = [
      { name: 'Original', language: '' },
      { name: 'Español', language: 'es' },
    ];
    expect(savedAudio(list, 'es|Español')).toBe(1);
    expect(savedAudio(list, 'es|Castellano')).toBe(1);
    expect(savedAudio(list, 'fr|Français')).toBe(-1);
    expect(savedAudio(list, null)).toBe(-1);
  });

  it('lists the renditions (the original in the viewer’s language), switches hls.js and remembers the choice', () => {
    const { root, bar, video } = host();
    const hls = fakeHls();
    const storage = memoryStorage();
    const menu = attachAudioMenu({ video, root, bar, before: null, hls, t, master: () => null, storage });
    const button = bar.querySelector<HTMLButtonElement>('.rb-audio') as HTMLButtonElement;
    expect(button.hidden).toBe(false);
    expect(button.getAttribute('aria-label')).toBe('Audio');
    const items = () => Array.from(root.querySelectorAll<HTMLButtonElement>('.rb-audio-menu button'));
    expect(items().map((i) => [i.textContent, i.getAttribute('aria-checked')])).toEqual([
      ['Original', 'true'],
      ['Español', 'false'],
    ]);
    items()[1].click();
    expect(hls.audioTrack).toBe(1);
    expect(storage.data.get(AUDIO_CHOICE_KEY)).toBe('es|Español');
    expect(items()[1].getAttribute('aria-checked')).toBe('true');
    menu.destroy();
    expect(bar.querySelector('.rb-audio')).toBeNull();
  });

  it('a remembered choice is switched to when the next video starts', () => {
    const { root, bar, video } = host();
    const hls = fakeHls();
    attachAudioMenu({ video, root, bar, before: null, hls, t, master: () => null, storage: memoryStorage({ [AUDIO_CHOICE_KEY]: 'es|Español' }) });
    expect(hls.audioTrack).toBe(1);
  });
});
