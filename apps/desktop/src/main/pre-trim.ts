import { extname } from 'node:path';
import { run } from './media-tools.ts';

export interface TrimRange {
  /** Seconds from the start of the file. */
  start: number;
  end: number;
}

export interface TrimPlan {
  /** 'copy' keeps the original streams (instant); 'encode' re-encodes to start exactly at `start`. */
  mode: 'copy' | 'encode';
  start: number;
  end: number;
}

export interface ClipFacts {
  duration: number;
  /** Times of the video's keyframes, ascending. */
  keyframes: number[];
}

/** Half a frame at 60 fps: a keyframe this close to the wanted start counts as on it. */
const ON_KEYFRAME = 1 / 120;

/**
 * A stream copy can only start on a keyframe. When the wanted start is on one (or `exact` is
 * off) the cut copies, from the keyframe at or before the start, which may add up to one GOP;
 * otherwise only a re-encode starts exactly there.
 */
export function planTrim(range: TrimRange, facts: ClipFacts, exact = false): TrimPlan {
  const end = Math.min(range.end, facts.duration);
  const start = Math.max(0, range.start);
  if (!(end > start)) throw new RangeError('The end of the cut must come after its start.');
  let keyframe = 0;
  for (const k of facts.keyframes) if (k <= start + ON_KEYFRAME) keyframe = k;
  if (start - keyframe <= ON_KEYFRAME || !exact) return { mode: 'copy', start: keyframe, end };
  return { mode: 'encode', start, end };
}

const secs = (n: number) => n.toFixed(3);

/** ffmpeg's arguments for a plan; the output keeps the input's container for a copy. */
export function trimArgs(plan: TrimPlan, input: string, output: string): string[] {
  const common = ['-hide_banner', '-v', 'error', '-ss', secs(plan.start), '-i', input, '-t', secs(plan.end - plan.start), '-map', '0:v:0', '-map', '0:a?'];
  const codecs = plan.mode === 'copy' ? ['-c', 'copy', '-avoid_negative_ts', 'make_zero'] : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
  return [...common, ...codecs, '-y', output];
}

/** The output file's extension: the source's for a copy, mp4 for a re-encode. */
export const trimmedExtension = (plan: TrimPlan, input: string) => (plan.mode === 'copy' ? extname(input) || '.mp4' : '.mp4');

export async function probeClip(ffprobe: string, path: string): Promise<ClipFacts> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time:format=duration', '-of', 'json', path], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const j = JSON.parse(stdout) as { frames?: { pts_time?: string }[]; format?: { duration?: string } };
  const keyframes = (j.frames ?? []).map((f) => Number(f.pts_time)).filter(Number.isFinite);
  return { duration: Number(j.format?.duration ?? 0), keyframes: keyframes.sort((a, b) => a - b) };
}

/**
 * Cuts `input` to the range into `outputBase` plus the right extension; resolves with the plan
 * that was run and the output's path.
 */
export async function preTrim(tools: { ffmpeg: string; ffprobe: string }, input: string, outputBase: string, range: TrimRange, exact = false): Promise<{ plan: TrimPlan; output: string }> {
  const plan = planTrim(range, await probeClip(tools.ffprobe, input), exact);
  const output = outputBase + trimmedExtension(plan, input);
  await run(tools.ffmpeg, trimArgs(plan, input, output), { timeout: 3 * 60 * 60 * 1000 });
  return { plan, output };
}
