import type { ImportDeps } from './import-video.ts';

/** What the jobs that change a stored video's media (edits, tracks, frames, GIFs) are given. */
export type EditDeps = Pick<ImportDeps, 'orm' | 'storage' | 'queue' | 'quota' | 'log' | 'workDir' | 'ffmpegPath' | 'ffprobePath' | 'timeoutMs' | 'deadlines'>;
