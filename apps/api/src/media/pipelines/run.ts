import { rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveFfmpegPath } from '../binaries.ts';
import { type MediaDeadlines, type MediaWork, mediaDeadlineMs } from '../deadlines.ts';
import { removeFilesExcept } from '../files.ts';
import { runFfmpeg } from '../runner.ts';

/*
 * What the job handlers call. Each function reads local files and writes into an output folder,
 * returning the paths it wrote relative to that folder. Output is written under temporary names
 * and renamed when ffmpeg has succeeded, so a retried job (one run per folder at a time) replaces
 * earlier output cleanly and a playlist the master lists is always complete.
 */

export interface PipelineOptions {
  /** FFMPEG_PATH; the npm binary when unset. */
  ffmpegPath?: string;
  /** The job's own deadline: no run lasts longer, whatever its size. */
  timeoutMs: number;
  /** Each run's deadline, sized to its work (deadlines.ts); the settings' defaults when unset. */
  deadlines?: MediaDeadlines;
  /** Fraction 0..1 of this step. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** libx264 preset; veryfast unless set. */
  preset?: string;
}

/** The deadline of one run of `work` under these options: sized to the work, never past the job's. */
export const runDeadlineMs = (options: Pick<PipelineOptions, 'timeoutMs' | 'deadlines'>, work: MediaWork) => mediaDeadlineMs(work, options.deadlines, options.timeoutMs);

/**
 * Runs ffmpeg in `out` under the deadline of its work (`durationSec`: an encode of that length;
 * without: a grab of `frames` frames); on failure removes every file of this run from `dirs`
 * (relative to `out`).
 */
export async function runCleaningUp(args: string[], out: string, dirs: string[], runId: string, durationSec: number | undefined, options: PipelineOptions, frames = 1) {
  try {
    await runFfmpeg(resolveFfmpegPath(options.ffmpegPath), args, {
      cwd: out,
      timeoutMs: runDeadlineMs(options, durationSec === undefined ? { kind: 'frames', count: frames } : { kind: 'encode', durationSec }),
      signal: options.signal,
      durationSec,
      onProgress: options.onProgress,
    });
  } catch (err) {
    for (const d of dirs) {
      await removeFilesExcept(join(out, d), (n) => !n.includes(runId));
      if (d !== '.') await rmdir(join(out, d)).catch(() => {}); // only when empty
    }
    throw err;
  }
}

export async function nonEmpty(path: string): Promise<boolean> {
  return ((await fileSize(path)) ?? 0) > 0;
}

/** The size of a file, null when there is none. */
export async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

