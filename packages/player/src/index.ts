// The player for code that bundles it (the web app) and the types the API serves against.
// Node code that only needs the built files imports '@reelbase/player/dist-path'.
export { createDropOffTracker, dropOffUrl, sendDropOff } from './beacons.ts';
export { resolveConfig } from './config.ts';
export { boot, fetchPlayback, mount, parseEmbedLocation, playbackUrl } from './mount.ts';
export type { EmbedLocation, MountOptions, PlaybackResult } from './mount.ts';
export { nextVideoPath, safeRedirectUrl } from './navigation.ts';
export { createPlayer } from './player.ts';
export { currentLanguage, pickLanguage, setLanguage, t as playerText } from './strings.ts';
export type { PlayerLanguage, StringKey } from './strings.ts';
export { chooseEngine } from './source.ts';
export type * from './types.ts';
export { volumeLevel } from './volume.ts';
export type { VolumeLevel } from './volume.ts';
