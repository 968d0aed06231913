// The player's languages: every key in every catalog, the viewer's language chosen from ?lang= or
// the browser, and the player built in German when the embed asks for it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedOptions, mount } from '../src/mount.ts';
import { currentLanguage, pickLanguage, STRING_KEYS, setLanguage, t } from '../src/strings.ts';
import { config, hostPerTest, json } from './helpers.ts';

const locales = join(import.meta.dirname, '../src/locales/');
const poIds = (locale: string) => {
  const text = readFileSync(`${locales}${locale}.po`, 'utf8');
  return [...text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => ({ id: m[1], str: m[2] }));
};

afterEach(() => {
  setLanguage('en');
});

describe('player catalogs', () => {
  it('English has exactly the keys strings.ts names; German and Spanish have the same keys, all translated, compiled', async () => {
    const en = poIds('en');
    expect(en.map((e) => e.id).sort()).toEqual([...STRING_KEYS].sort());
    for (const locale of ['de', 'es']) {
      const entries = poIds(locale);
      expect(entries.map((e) => e.id).sort(), locale).toEqual([...STRING_KEYS].sort());
      expect(entries.filter((e) => !e.str).map((e) => e.id), `${locale} untranslated`).toEqual([]);
      const compiled = (await import(`../src/locales/${locale}.ts`)) as { messages: Record<string, unknown> };
      expect(Object.keys(compiled.messages).sort(), `${locale}.ts is stale: run pnpm i18n:compile`).toEqual([...STRING_KEYS].sort());
    }
  });
});

describe('the viewer language', () => {
  it('?lang= first, then the browser languages, else English', () => {
    expect(pickLanguage('de', ['es-ES'])).toBe('de');
    expect(pickLanguage(null, ['fr-FR', 'es-MX'])).toBe('es');
    expect(pickLanguage('xx', ['fr'])).toBe('en');
    expect(embedOptions(document.createElement('div'), '/embed/video/v1', '?lang=es').lang).toBe('es');
  });

  it('English is built in; German replaces the texts and fills variables', async () => {
    expect(t('videoPlayerTitled', { title: 'Spring sale' })).toBe('Video player: Spring sale');
    await setLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(t('play')).toBe('Abspielen');
    expect(t('videoPlayerTitled', { title: 'Frühlingsangebot' })).toBe('Videoplayer: Frühlingsangebot');
  });
});

const hostOf = hostPerTest();

describe('mount in a language', () => {
  const answer = { id: 'vid-1', name: 'Spring sale', hlsSource: null, mp4Source: '/m.mp4', poster: null, playerConfig: config(), nextVideo: null, durationSec: 90, width: 1280, height: 720, processing: false };

  it('?lang=de builds the controls and messages in German and names the language on the element', async () => {
    const host = hostOf();
    const player = await mount(host, { videoId: 'vid-1', lang: 'de', fetch: vi.fn(async () => json(answer)) });
    expect(host.lang).toBe('de');
    expect(player!.root.getAttribute('aria-label')).toBe('Videoplayer: Spring sale');
    expect(host.querySelector('.rb-play')!.getAttribute('aria-label')).toBe('Abspielen');
    expect(host.querySelector('.rb-fullscreen-button')!.getAttribute('aria-label')).toBe('Vollbild');
    player!.destroy();
    const missing = hostOf();
    await mount(missing, { videoId: 'nope', lang: 'es', fetch: vi.fn(async () => json({ message: 'Not found' }, 404)) });
    expect(missing.textContent).toBe('Este vídeo no está disponible.');
  });

  it('without ?lang= an English browser gets the spec texts', async () => {
    const host = hostOf();
    await mount(host, { videoId: 'nope', fetch: vi.fn(async () => json({ message: 'Not found' }, 404)) });
    expect(host.lang).toBe('en');
    expect(host.textContent).toBe('This video is not available.');
  });
});
