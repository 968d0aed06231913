// Every text the player shows or announces, in one place. FIRST_STRINGS (English) are built into
// the player: what it needs before its first frame. German and Spanish are Lingui catalogs
// (locales/{de,es}.po, the keys as message ids, compiled by `pnpm i18n:compile` to
// locales/{de,es}.ts), each loaded as a chunk of its own and only for a viewer in that language,
// before the player draws its controls. The texts of the later chunks (LATER_STRINGS: controls,
// chapters, lead form, call to action) are in locales/later/{en,de,es}.po, one chunk per language
// fetched with those chunks (`loadLaterStrings`, English too), so they never weigh on the first frame.
// `t(key, vars)` fills `{name}` placeholders; a key with `_one` / `_other` forms is chosen by
// `vars.count` with the language's plural rules. A translated message is Lingui's compiled form
// (text and `[name]` parts), read here: @lingui/core's runtime would cost the first frame more
// than all the player's texts. A chunk of its own (captions, controls...) takes `t` from its host.
/** The texts the player needs before its first frame (its controls, messages, the seek slider's value, captions). */
export const FIRST_STRINGS = {
  // Messages in the player area.
  notAvailable: 'This video is not available.',
  processing: 'This video is still processing. Try again in a moment.',
  loadFailed: 'The video could not be loaded. Try again later.',
  playFailed: 'The video could not be played.',
  continueTo: 'Continue to',
  private: 'This video is private',
  passwordPrompt: 'This video is protected by a password',
  password: 'Password',
  unlock: 'Watch',
  wrongPassword: 'Wrong password',
  // Names of the player and its controls.
  player: 'Video player',
  playerNamed: 'Video player: {title}',
  play: 'Play',
  pause: 'Pause',
  seek: 'Seek',
  mute: 'Mute',
  unmute: 'Unmute',
  volume: 'Volume',
  popOut: 'Pop Out Video',
  exitPopOut: 'Exit Pop Out Video',
  fullscreen: 'Full screen',
  exitFullscreen: 'Exit full screen',
  live: 'Live',
  captions: 'Captions',
  captionsOff: 'Off',
  // The seek slider's spoken value: "1 minute 5 seconds of 3 minutes".
  timeOf: '{current} of {duration}',
  timeUnknown: 'unknown length',
  hours_one: '{count} hour',
  hours_other: '{count} hours',
  minutes_one: '{count} minute',
  minutes_other: '{count} minutes',
  seconds_one: '{count} second',
  seconds_other: '{count} seconds',
} as const;

/** The texts of the chunks after the first frame (menus, the "?" overlay, announcements, chapters, lead form, call to action): English in locales/later/en.po too (the catalog test checks they match). */
export const LATER_STRINGS = {
  // A menu button's name with its current value: "Speed: 1.5x" (the visible text is part of the name).
  withValue: '{label}: {value}',
  speed: 'Speed',
  speedRate: '{rate}x',
  speedNormal: 'Normal',
  quality: 'Quality',
  qualityAuto: 'Auto',
  qualityAutoNow: 'Auto ({rung})',
  pictureInPicture: 'Picture-in-picture',
  exitPictureInPicture: 'Exit picture-in-picture',
  // Issue 34: the download button (when the owner allows downloads).
  download: 'Download',
  // The button (and its menu) holding the secondary controls when the bar is short of room.
  more: 'More options',
  // Announced (polite live region).
  announcePlaying: 'Playing',
  announcePaused: 'Paused',
  announceSpeed: 'Speed {rate}x',
  announceVolume: 'Volume {percent}%',
  announceMuted: 'Muted',
  announceQuality: 'Quality {rung}',
  announceCaptions: 'Captions {label}',
  announceCaptionsOff: 'Captions off',
  announceResumed: 'Resumed at {time}',
  // The "?" overlay.
  shortcuts: 'Keyboard shortcuts',
  close: 'Close',
  keySpaceK: 'Space or K',
  keyJL: 'J / L',
  keyArrowsLeftRight: 'Left / Right arrow',
  keyArrowsUpDown: 'Up / Down arrow',
  keyDigits: '0 to 9',
  keyHomeEnd: 'Home / End',
  doPlayPause: 'Play or pause',
  doSeek10: 'Back or forward 10 seconds',
  doSeek5: 'Back or forward 5 seconds',
  doVolume: 'Volume up or down',
  doMute: 'Mute or unmute',
  doFullscreen: 'Full screen',
  doCaptions: 'Captions on or off',
  doJump: 'Jump to 0% to 90% of the video',
  doStartEnd: 'Jump to the start or the end',
  doHelp: 'Show these shortcuts',
  // Chapters (their chunk): the menu and an entry's name.
  chapters: 'Chapters',
  chapterAt: '{title}, at {time}',
  // The lead form's own labels and messages (the owner's heading, button and consent texts are not translated; English as the contract's LEAD_MESSAGES).
  leadEmail: 'Email',
  leadName: 'Name',
  leadSkip: 'Skip',
  leadInvalidEmail: 'Enter a valid email address.',
  leadConsentNeeded: 'Please tick the box to continue.',
  leadSendFailed: 'That did not work. Try again.',
  // Issue 37: the audio menu (its chunk), and the name of the video's own audio in it.
  audioTrack: 'Audio',
  audioOriginal: 'Original',
} as const;

/** Every key and its English text (types and tests; the player carries only FIRST_STRINGS). */
export const STRINGS = /* @__PURE__ */ Object.assign({}, FIRST_STRINGS, LATER_STRINGS);

export type StringKey = keyof typeof STRINGS;
type Base<K> = K extends `${infer B}_one` | `${infer B}_other` ? B : K;
export type MessageKey = Base<StringKey>;

export const PLAYER_LANGUAGES = ['en', 'de', 'es'] as const;
export type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number];

/** Lingui's compiled message: text, or parts that are text or `[name]`. */
type Compiled = string | (string | [string])[];

const loaders: Record<Exclude<PlayerLanguage, 'en'>, () => Promise<{ messages: unknown }>> = {
  de: () => import('./locales/de.ts'),
  es: () => import('./locales/es.ts'),
};
const laterLoaders: Record<PlayerLanguage, () => Promise<{ messages: unknown }>> = {
  en: () => import('./locales/later/en.ts'),
  de: () => import('./locales/later/de.ts'),
  es: () => import('./locales/later/es.ts'),
};

let language: PlayerLanguage = 'en';
let plurals = new Intl.PluralRules(language);
let catalog: Record<string, Compiled> = FIRST_STRINGS;
/** Whether `catalog` has the language's LATER_STRINGS. */
let hasLater = false;

/** `?lang=` of the embed URL when the player has it, else the first of the browser's languages it has, else English. */
export function pickLanguage(requested: string | null | undefined, browser: readonly string[] = []): PlayerLanguage {
  for (const tag of [requested ?? '', ...browser]) {
    const code = tag.toLowerCase().split('-')[0];
    if ((PLAYER_LANGUAGES as readonly string[]).includes(code)) return code as PlayerLanguage;
  }
  return 'en';
}

function use(lang: PlayerLanguage, messages: Record<string, Compiled>): void {
  language = lang;
  plurals = new Intl.PluralRules(lang);
  catalog = messages;
  hasLater = false;
}

/**
 * Makes `lang` the player's language, loading its catalog (English is built in). Answers null
 * when that took effect at once (English, or the language already active), so a caller on the
 * first frame's path waits for nothing.
 */
export function setLanguage(lang: PlayerLanguage): Promise<void> | null {
  if (lang === language) return null;
  if (lang === 'en') {
    use('en', FIRST_STRINGS);
    return null;
  }
  return loaders[lang]().then((m) => use(lang, m.messages as Record<string, Compiled>));
}

/**
 * Adds the active language's texts of the later chunks (LATER_STRINGS) to its catalog: null when
 * they are there already, else a promise the chunk's host waits for before it attaches the chunk.
 */
export function loadLaterStrings(): Promise<void> | null {
  const lang = language;
  if (hasLater) return null;
  return laterLoaders[lang]().then((m) => {
    if (language !== lang || hasLater) return;
    catalog = { ...catalog, ...(m.messages as Record<string, Compiled>) };
    hasLater = true;
  });
}

export function currentLanguage(): PlayerLanguage {
  return language;
}

/** The text of `key` with `{name}` filled from `vars` (and its plural form by `vars.count`). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const count = vars?.count;
  const found = (typeof count === 'number' && catalog[`${key}_${plurals.select(count)}`]) || catalog[`${key}_other`] || catalog[key] || key;
  if (typeof found !== 'string') return found.map((part) => (typeof part === 'string' ? part : String(vars?.[part[0]] ?? ''))).join('');
  return vars ? found.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : found;
}
