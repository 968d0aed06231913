// Types only: the playback answer the embed page expects from the API.
export type { PlaybackInfo, PlayerConfig } from './types.ts';
