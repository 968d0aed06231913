// The zod-free constants module of the contract: importing the contract index would put zod
// (and every schema) into the embed bundle.
export {
  CONTROLS_AUTO_HIDE_MS,
  DEFAULT_COLOR_SCHEME,
  DROP_OFF_INTERVAL_SECONDS,
  PLAYER_CONTROL_DEFAULTS,
} from '@reelbase/api-client/constants';

/** Texts the player shows in its own area (all the player's texts live in strings.ts). */
export { STRINGS as PLAYER_MESSAGES } from './strings.ts';

export const DEFAULT_START_ACTION = 'none';
export const DEFAULT_END_ACTION = 'pause';
