import type { Sql } from '../../db/sql.ts';

/**
 * A replace publishes a new picture: its review starts afresh as the next version (issue 34).
 * Called in the replace's switch transaction; trims and watermarks are the same cut's changes, not new versions.
 */
export const startReviewVersion = (sql: Sql, videoId: string) => sql('update videos set review_version = review_version + 1 where id = ?', [videoId]);
