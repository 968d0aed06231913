// Issue 26 (controls): the player's lazily loaded controls read these. A module of its own (no zod,
// nothing the embed's first frame imports), so the controls chunk does not share a module with the
// player's main file.

/** The speed menu's rates. */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** A viewer who comes back within this many days resumes where they left off. */
export const RESUME_MAX_AGE_DAYS = 30;
/** A position within this share of the end is not resumed (the viewer had finished). */
export const RESUME_END_SHARE = 0.05;
