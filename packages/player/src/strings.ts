/**
 * Every text the player shows or announces, in one place (English). `t(key, vars)` fills `{name}`
 * placeholders; a key with `_one` / `_other` forms is chosen by `vars.count` (the plural rules of
 * the language), the convention of i18next, so a translation library can take this module over.
 */
export const STRINGS = {
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
  // The seek slider's spoken value: "1 minute 5 seconds of 3 minutes".
  timeOf: '{current} of {duration}',
  timeUnknown: 'unknown length',
  hours_one: '{count} hour',
  hours_other: '{count} hours',
  minutes_one: '{count} minute',
  minutes_other: '{count} minutes',
  seconds_one: '{count} second',
  seconds_other: '{count} seconds',
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
} as const;

export type StringKey = keyof typeof STRINGS;
type Base<K> = K extends `${infer B}_one` | `${infer B}_other` ? B : K;
export type MessageKey = Base<StringKey>;

const LANGUAGE = 'en';
const plurals = new Intl.PluralRules(LANGUAGE);
const table: Record<string, string> = STRINGS;

/** The text of `key` with `{name}` filled from `vars` (and its plural form by `vars.count`). */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const count = vars?.count;
  const text = (typeof count === 'number' && table[`${key}_${plurals.select(count)}`]) || table[`${key}_other`] || table[key] || key;
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
}
