import { z } from 'zod';

/** Issue 33, item 6: two or three covers shown to viewers in a stable split, the one played most kept. */
export const THUMBNAIL_TEST_MIN_COVERS = 2;
export const THUMBNAIL_TEST_MAX_COVERS = 3;
/** The statistic's confidence: a cover wins when it beats every other at this level (thumbnail-test-statistic.ts). */
export const THUMBNAIL_TEST_CONFIDENCE = 0.95;
/** No decision before every cover has been shown this often (docs/decisions.md, issue 33). */
export const THUMBNAIL_TEST_MIN_IMPRESSIONS = 100;

export const THUMBNAIL_TEST_MESSAGES = {
  seconds: `Choose ${THUMBNAIL_TEST_MIN_COVERS} or ${THUMBNAIL_TEST_MAX_COVERS} seconds of the video.`,
  second: 'Must be a number of seconds, 0 or more.',
  secondPastEnd: 'Must be within the video.',
  distinct: 'Choose different seconds.',
  running: 'A thumbnail test is already running on this video. End it first.',
  notRunning: 'This thumbnail test has ended.',
  notFound: 'Thumbnail test not found',
  winner: 'Must be one of the covers of this test.',
} as const;

/** POST /api/videos/{id}/thumbnail-tests: each second of the video becomes a cover, cut like the poster from a frame. */
export const ThumbnailTestCreate = z.object({
  seconds: z
    .array(z.number({ error: THUMBNAIL_TEST_MESSAGES.second }).min(0, { error: THUMBNAIL_TEST_MESSAGES.second }), { error: THUMBNAIL_TEST_MESSAGES.seconds })
    .min(THUMBNAIL_TEST_MIN_COVERS, { error: THUMBNAIL_TEST_MESSAGES.seconds })
    .max(THUMBNAIL_TEST_MAX_COVERS, { error: THUMBNAIL_TEST_MESSAGES.seconds })
    .refine((s) => new Set(s.map((x) => Math.round(x * 10))).size === s.length, { error: THUMBNAIL_TEST_MESSAGES.distinct }),
});
export type ThumbnailTestCreate = z.infer<typeof ThumbnailTestCreate>;

/** POST /api/videos/{id}/thumbnail-tests/{testId}/end: the chosen cover, else the leading one, becomes the poster. */
export const ThumbnailTestEnd = z.object({ winnerCoverId: z.uuid({ error: THUMBNAIL_TEST_MESSAGES.winner }).optional() });
export type ThumbnailTestEnd = z.infer<typeof ThumbnailTestEnd>;

export const ThumbnailTestCover = z.object({
  id: z.string(),
  /** The second of the video it was cut from. */
  timeSec: z.number(),
  imageUrl: z.string(),
  /** Playback answers that showed it to a viewer (with a viewer id). */
  impressions: z.number(),
  /** Sessions opened by viewers who were shown it. */
  plays: z.number(),
  /** plays / impressions (0 before any impression). */
  playsPerImpression: z.number(),
});
export type ThumbnailTestCover = z.infer<typeof ThumbnailTestCover>;

export const ThumbnailTest = z.object({
  id: z.string(),
  videoId: z.string(),
  status: z.enum(['running', 'ended']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Who ended it: the owner (or a team member), or the test itself once a cover won. */
  endedBy: z.enum(['owner', 'auto']).nullable(),
  winnerCoverId: z.string().nullable(),
  /** The cover with the most plays per impression so far (null before any impression). */
  leaderCoverId: z.string().nullable(),
  /** Whether the leader already wins at THUMBNAIL_TEST_CONFIDENCE (the periodic check then ends the test). */
  significant: z.boolean(),
  covers: z.array(ThumbnailTestCover),
});
export type ThumbnailTest = z.infer<typeof ThumbnailTest>;

/** GET /api/videos/{id}/thumbnail-tests: the running test, else the last one, else null. */
export const ThumbnailTestState = z.object({ test: ThumbnailTest.nullable() });
export type ThumbnailTestState = z.infer<typeof ThumbnailTestState>;
