// The zod-free constants module of the contract: importing the contract index would put zod
// (and every schema) into the embed bundle.
export {
  CONTROLS_AUTO_HIDE_MS,
  DEFAULT_COLOR_SCHEME,
  DROP_OFF_INTERVAL_SECONDS,
  PLAYBACK_SPEEDS,
  PLAYER_CONTROL_DEFAULTS,
  RESUME_END_SHARE,
  RESUME_MAX_AGE_DAYS,
} from '@reelbase/api-client/constants';

/** Texts the player shows in its own area. */
export const PLAYER_MESSAGES = {
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
} as const;

export const DEFAULT_START_ACTION = 'none';
export const DEFAULT_END_ACTION = 'pause';
