import type { Sql } from '../../db/sql.ts';

// The SQL of entitlements: what an account's own row adds to its plan (the admin's feature flags,
// the video generator credits).

/** The admin's flags of the account and its video generator credits. */
export const userFeaturesAndCredits = (sql: Sql, userId: string) =>
  sql<{ features: Record<string, boolean>; video_generator_credits: number }[]>('select features, video_generator_credits from users where id = ?', [userId]);

/** The admin's flags of the account. */
export const userFeatures = (sql: Sql, userId: string) => sql<{ features: Record<string, boolean> }[]>('select features from users where id = ?', [userId]);
