/** Queue names and payloads: the one contract between the API (which sends) and workers. */
export const JOBS = {
  processVideo: 'process-video',
  importVideo: 'import-video',
} as const;

export interface ProcessVideoJob {
  videoId: string;
}
export interface ImportVideoJob {
  videoId: string;
}

/** Tries after the first; the last failure marks the video failed for its owner. */
export const RETRY_LIMIT = 3;
