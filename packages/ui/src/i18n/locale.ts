// Which language the app speaks: the one chosen in settings (kept per browser), else the first of
// the browser's languages that the app has, else English. No React and no Lingui here, so the
// player's embed page logic and tests can share the rule.

/** The app's languages; English is the source language (its messages live in the code). */
export const LOCALES = ['en', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language named in itself, for the switch in settings. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

/** localStorage key of the language chosen in settings on this browser. */
export const LOCALE_STORAGE_KEY = 'reelbase.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of `preferred` (BCP 47 tags such as de-DE, es-419) whose language the app has; English otherwise. */
export function matchLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split('-')[0];
    if (isLocale(language)) return language;
  }
  return SOURCE_LOCALE;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored choice, if any and valid. */
export function storedLocale(): Locale | null {
  const value = storage()?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : null;
}

export function storeLocale(locale: Locale): void {
  storage()?.setItem(LOCALE_STORAGE_KEY, locale);
}

/** The language to start in: the stored choice, else the browser's languages. */
export function initialLocale(): Locale {
  const stored = storedLocale();
  if (stored) return stored;
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return matchLocale(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}
