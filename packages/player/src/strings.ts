// Every text the player shows or announces, in the viewer's language. The catalogs are Lingui's:
// locales/{en,de,es}.po with the keys below as message ids, compiled by `pnpm i18n:compile` to
// locales/{locale}.ts. English is built into the player; German or Spanish loads as a chunk of its
// own (only the one the viewer needs) before the player draws its controls. `t` reads Lingui's
// compiled form itself (text, {variables}, plural/select with #): @lingui/core's runtime would
// cost the first frame more than all the player's texts together.
// A module loaded as a chunk of its own (captions.ts) takes `t` from its host and imports only the
// `Translate` type: importing strings.ts would split it out of the entry into a chunk of its own.
import { messages as en } from './locales/en.ts';

export const STRING_KEYS = [
  'videoPlayer',
  'videoPlayerTitled',
  'play',
  'pause',
  'seek',
  'mute',
  'unmute',
  'volume',
  'popOut',
  'exitPopOut',
  'fullscreen',
  'exitFullscreen',
  'live',
  'captions',
  'captionsOff',
  'notAvailable',
  'processing',
  'loadFailed',
  'playFailed',
  'continueTo',
  'private',
  'passwordPrompt',
  'password',
  'unlock',
  'wrongPassword',
] as const;
export type StringKey = (typeof STRING_KEYS)[number];

export const PLAYER_LANGUAGES = ['en', 'de', 'es'] as const;
export type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number];

/** Lingui's compiled message: text, or parts that are text, `[name]` or `[name, 'plural'|'select'|'selectordinal', cases]`. */
type Compiled = string | Part[];
type Part = string | [string] | [string, string, Record<string, Compiled | number>?];
type Catalog = Record<string, Compiled>;

const loaders: Record<Exclude<PlayerLanguage, 'en'>, () => Promise<{ messages: unknown }>> = {
  de: () => import('./locales/de.ts'),
  es: () => import('./locales/es.ts'),
};

let language: PlayerLanguage = 'en';
let catalog = en as unknown as Catalog;

/** `?lang=` of the embed URL when the player has it, else the first of the browser's languages it has, else English. */
export function pickLanguage(requested: string | null | undefined, browser: readonly string[] = []): PlayerLanguage {
  for (const tag of [requested ?? '', ...browser]) {
    const code = tag.toLowerCase().split('-')[0];
    if ((PLAYER_LANGUAGES as readonly string[]).includes(code)) return code as PlayerLanguage;
  }
  return 'en';
}

/**
 * Makes `lang` the player's language, loading its catalog (English is built in). Answers null
 * when that took effect at once (English, or the language already active), so a caller on the
 * first frame's path waits for nothing.
 */
export function setLanguage(lang: PlayerLanguage): Promise<void> | null {
  if (lang === language) return null;
  if (lang === 'en') {
    catalog = en as unknown as Catalog;
    language = lang;
    return null;
  }
  return loaders[lang]().then((m) => {
    catalog = m.messages as Catalog;
    language = lang;
  });
}

export function currentLanguage(): PlayerLanguage {
  return language;
}

function render(message: Compiled, vars: Record<string, string | number>, count?: number): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const part of message) {
    if (typeof part === 'string') out += part === '#' && count !== undefined ? new Intl.NumberFormat(language).format(count) : part;
    else {
      const [name, kind, cases] = part;
      const value = vars[name];
      if (!kind || !cases) out += value ?? '';
      else {
        const n = Number(value) - Number(cases.offset ?? 0);
        const rule = kind === 'select' ? String(value) : new Intl.PluralRules(language, { type: kind === 'selectordinal' ? 'ordinal' : 'cardinal' }).select(n);
        const chosen = cases[String(value)] ?? cases[rule] ?? cases.other ?? '';
        out += render(chosen as Compiled, vars, kind === 'select' ? count : n);
      }
    }
  }
  return out;
}

export type Translate = (key: StringKey, vars?: Record<string, string | number>) => string;

/** The text for `key` in the player's language, `{name}` filled from `vars`. */
export function t(key: StringKey, vars: Record<string, string | number> = {}): string {
  return render(catalog[key] ?? (en as unknown as Catalog)[key] ?? key, vars);
}
