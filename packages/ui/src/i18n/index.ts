// The app's i18n runtime (how to use it: README.md beside this file). Lingui's `i18n` holds the
// active language; English messages are compiled into the code at their call sites (vite-i18n.ts),
// German and Spanish catalogs (locales/{de,es}.ts, compiled from the .po files) and antd's own
// texts for them load as chunks of their own when that language is activated.
import type { Messages } from '@lingui/core';
import { i18n } from './core.ts';

import type { ConfigProviderProps } from 'antd';
import { initialLocale, type Locale, SOURCE_LOCALE, storeLocale } from './locale.ts';

export { i18n };
export * from './locale.ts';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

// antd's locale files are ES modules with a default export; its typings describe them as CommonJS.
const antdDefault = (m: unknown) => (m as { default: AntdLocale }).default;

const catalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages; antd: AntdLocale }>> = {
  de: async () => {
    const [catalog, antd] = await Promise.all([import('./catalogs-de.ts'), import('antd/es/locale/de_DE.js')]);
    return { messages: catalog.messages, antd: antdDefault(antd) };
  },
  es: async () => {
    const [catalog, antd] = await Promise.all([import('./catalogs-es.ts'), import('antd/es/locale/es_ES.js')]);
    return { messages: catalog.messages, antd: antdDefault(antd) };
  },
};

let antdLocale: AntdLocale | undefined;

/** antd's texts (pagination, date pickers, empty states) for the active language; undefined is antd's English. */
export function activeAntdLocale(): AntdLocale | undefined {
  return antdLocale;
}

/** Loads `locale`'s catalog (none for English), activates it and sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale === 'en') {
    antdLocale = undefined;
    i18n.loadAndActivate({ locale, messages: {} });
  } else {
    const loaded = await catalogs[locale]();
    antdLocale = loaded.antd;
    i18n.loadAndActivate({ locale, messages: loaded.messages });
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** Activates the language this browser starts in (settings choice, else navigator.languages). */
export function activateInitialLocale(): Promise<void> {
  return activateLocale(initialLocale());
}

/** The switch in settings: remembers the choice on this browser and activates it. */
export async function chooseLocale(locale: Locale): Promise<void> {
  storeLocale(locale);
  await activateLocale(locale);
}

const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

/** The BCP 47 tag `Intl` formats with for the active language (English as the spec writes it: en-US). */
export function intlLocale(): string {
  return INTL_LOCALES[currentLocale()];
}

/** The active language (English before anything was activated). */
export function currentLocale(): Locale {
  return (i18n.locale || SOURCE_LOCALE) as Locale;
}
