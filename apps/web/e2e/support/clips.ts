/** Clips made once per run by the global setup (paths in the environment), beside the sample and tiny ones. */
export const clips = {
  /** 24 s at 640x360 with a tone and a keyframe every 2 s: two rungs (360p and 240p). */
  twoRungs: () => process.env.E2E_TWO_RUNG_CLIP as string,
  /** The same picture for 12 s: the phone player's tests need a quality choice, not the length. */
  phoneTwoRungs: () => process.env.E2E_PHONE_TWO_RUNG_CLIP as string,
  /** MINUTES_CLIP_SECONDS at 160x120 with a tone and a keyframe every 2 s: outlives several short-lived playback tokens. */
  minutes: () => process.env.E2E_MINUTES_CLIP as string,
};
/** The length of clips.minutes(), in seconds. */
export const MINUTES_CLIP_SECONDS = 120;
