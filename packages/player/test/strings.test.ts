// The player's languages: every key in every catalog, the viewer's language chosen from ?lang= or
// the browser, and the player built in German when the embed asks for it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEAD_MESSAGES } from '@reelbase/api-client/lead-constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedOptions, mount } from '../src/mount.ts';
import { currentLanguage, FIRST_STRINGS, LATER_STRINGS, loadLaterStrings, pickLanguage, STRINGS, setLanguage, t } from '../src/strings.ts';

const STRING_KEYS = Object.keys(STRINGS);

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
  it('locales/{locale}.po has exactly the keys of FIRST_STRINGS, locales/later/ those of LATER_STRINGS; German and Spanish all translated, compiled', async () => {
    for (const [dir, keys] of [['', Object.keys(FIRST_STRINGS)], ['later/', Object.keys(LATER_STRINGS)]] as const) {
      expect(poIds(`${dir}en`).map((e) => e.id).sort()).toEqual([...keys].sort());
      for (const locale of ['de', 'es']) {
        const entries = poIds(`${dir}${locale}`);
        expect(entries.map((e) => e.id).sort(), `${dir}${locale}`).toEqual([...keys].sort());
        expect(entries.filter((e) => !e.str).map((e) => e.id), `${dir}${locale} untranslated`).toEqual([]);
        const compiled = (await (dir ? import(`../src/locales/later/${locale}.ts`) : import(`../src/locales/${locale}.ts`))) as { messages: Record<string, unknown> };
        expect(Object.keys(compiled.messages).sort(), `${dir}${locale}.ts is stale: run pnpm i18n:compile`).toEqual([...keys].sort());
      }
    }
    expect([...Object.keys(FIRST_STRINGS), ...Object.keys(LATER_STRINGS)].sort()).toEqual([...STRING_KEYS].sort());
    // English: later/en.po says what LATER_STRINGS say (the player fetches it); the lead form's as the contract's.
    expect(Object.fromEntries(poIds('later/en').map((e) => [e.id, e.str]))).toEqual(LATER_STRINGS);
    expect([LATER_STRINGS.leadEmail, LATER_STRINGS.leadName, LATER_STRINGS.leadSkip, LATER_STRINGS.leadInvalidEmail, LATER_STRINGS.leadConsentNeeded, LATER_STRINGS.leadSendFailed]).toEqual([
      LEAD_MESSAGES.email,
      LEAD_MESSAGES.name,
      LEAD_MESSAGES.skip,
      LEAD_MESSAGES.invalidEmail,
      LEAD_MESSAGES.consentNeeded,
      LEAD_MESSAGES.sendFailed,
    ]);
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
    expect(t('playerNamed', { title: 'Spring sale' })).toBe('Video player: Spring sale');
    await setLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(t('play')).toBe('Abspielen');
    expect([t('minutes', { count: 1 }), t('minutes', { count: 3 })]).toEqual(['1 Minute', '3 Minuten']);
    expect(t('playerNamed', { title: 'Frühlingsangebot' })).toBe('Videoplayer: Frühlingsangebot');
    // The later chunks' texts come once they are fetched (until then the key, never English).
    expect(t('speed')).toBe('speed');
    await loadLaterStrings();
    expect(t('speed')).toBe('Geschwindigkeit');
    expect(t('play')).toBe('Abspielen');
    expect(loadLaterStrings()).toBeNull();
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
