import type { Logger } from 'pino';
import { checkThumbnailTests, type EndingDeps } from '../modules/thumbnail-tests/thumbnail-test-ending.ts';

/** The thumbnail-tests-check schedule (every minute): tests whose leading cover won end, the winner the poster. */
export function thumbnailTestsCheckHandler(d: EndingDeps & { log: Logger }) {
  return async function thumbnailTestsCheck() {
    const ended = await checkThumbnailTests(d);
    if (ended) d.log.info({ ended }, 'thumbnail tests ended with a winner');
  };
}
