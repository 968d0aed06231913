// @vitest-environment jsdom
// The app's languages, rendered: English byte-identical to the spec's texts, German from the
// browser's languages, the stored choice winning over them, and <html lang> following.
import { memoryTokenStorage } from '@reelbase/api-client';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReelbaseApp } from '../src/app.tsx';
import { activateLocale, LOCALE_STORAGE_KEY, matchLocale } from '../src/i18n/index.ts';
import { formatDate, formatMegabytes, formatNumber, videoCount } from '../src/lib/format.ts';
import type { Platform } from '../src/platform.ts';

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as unknown as typeof window.matchMedia;
});
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await activateLocale('en');
});

const offline = (initialPath: string): Platform => ({ apiBaseUrl: 'http://127.0.0.1:9', tokens: memoryTokenStorage(), pickFiles: async () => [], copyText: async () => {}, openWindow: () => {}, router: 'memory', initialPath });

function browserLanguages(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
}

describe('choosing the language', () => {
  it('takes the first of the browser languages the app has, else English', () => {
    expect(matchLocale(['fr-FR', 'de-AT', 'es'])).toBe('de');
    expect(matchLocale(['es-419'])).toBe('es');
    expect(matchLocale(['fr', 'it'])).toBe('en');
    expect(matchLocale([])).toBe('en');
  });
});

describe('dates, numbers and sizes', () => {
  it('English exactly as the spec writes them; German and Spanish the Intl way', async () => {
    const day = new Date(2026, 2, 7);
    expect([formatDate(day), formatMegabytes(1234.5 * 1024 * 1024), formatNumber(12345.5), videoCount(1), videoCount(1200)]).toEqual(['03/07/2026', '1234.50 MB', '12,345.5', '1 video', '1,200 videos']);
    await activateLocale('de');
    expect([formatDate(day), formatMegabytes(1234.5 * 1024 * 1024), formatNumber(12345.5), videoCount(1), videoCount(1200)]).toEqual(['07.03.2026', '1234,50 MB', '12.345,5', '1 Video', '1.200 Videos']);
    await activateLocale('es');
    expect([formatDate(day), formatMegabytes(1234.5 * 1024 * 1024), videoCount(2)]).toEqual(['07/03/2026', '1234,50 MB', '2 vídeos']);
  });
});

describe('the sign-in page', () => {
  it('in an English browser shows the spec texts exactly', async () => {
    browserLanguages(['en-US']);
    render(<ReelbaseApp platform={offline('/login')} />);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByText(/New to Reelbase\?/).textContent).toBe('New to Reelbase? Sign up');
    expect(document.documentElement.lang).toBe('en');
  });

  it('in a German browser is German, with the link inside the sentence kept', async () => {
    browserLanguages(['de-DE', 'en']);
    render(<ReelbaseApp platform={offline('/login')} />);
    expect(await screen.findByLabelText('E-Mail')).toBeTruthy();
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registrieren' }).getAttribute('href')).toBe('/registration');
    expect(document.documentElement.lang).toBe('de');
  });

  it('follows the language stored by the settings switch over the browser languages', async () => {
    browserLanguages(['de-DE']);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    render(<ReelbaseApp platform={offline('/login')} />);
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('es');
  });
});
