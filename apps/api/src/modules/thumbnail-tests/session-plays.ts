import type { ViewerSessionsService } from '../viewer-sessions/viewer-sessions.service.ts';
import type { ThumbnailTestsService } from './thumbnail-tests.service.ts';

/**
 * The sessions as the player's routes see them, with one addition (issue 33 item 6): a session
 * opened naming a cover of the video's running thumbnail test (`SessionOpen.coverId`) is a play of
 * that cover, counted in memory once the session row is written; another id counts nothing.
 */
export function countingPlays(sessions: ViewerSessionsService, tests: Pick<ThumbnailTestsService, 'recordPlay'>): ViewerSessionsService {
  return {
    ...sessions,
    async open(videoId, input, viewer) {
      const opened = await sessions.open(videoId, input, viewer);
      await tests.recordPlay(videoId, input.coverId);
      return opened;
    },
  };
}
