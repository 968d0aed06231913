// The zod-free constants module of the contract: importing the contract index would put zod
// (and every schema) into the embed bundle.
export { CONTROLS_AUTO_HIDE_MS, DEFAULT_COLOR_SCHEME, DROP_OFF_INTERVAL_SECONDS } from '@reelbase/api-client/constants';


export const DEFAULT_START_ACTION = 'none';
export const DEFAULT_END_ACTION = 'pause';
