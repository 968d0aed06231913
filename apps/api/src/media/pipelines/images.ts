import { mkdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { THUMBNAIL_FRAME_COUNT, thumbnailTimes } from '@reelbase/api-client/constants';
import { buildThumbnailArgs } from '../commands/images.ts';
import { newRunId, tempPath } from '../files.ts';
import { scaledEven } from '../ladder.ts';
import type { ProbeResult } from '../probe.ts';
import { nonEmpty, type PipelineOptions, runCleaningUp } from './run.ts';

/* Pipelines that write pictures of a video: its thumbnails and single frames. */

const THUMBNAIL_BOX = { long: 1280, short: 720 };

/**
 * Four JPEG frames at 1/5, 2/5, 3/5 and 4/5 of the video, at most 1280x720 (720x1280 for
 * portrait), written as thumb-1.jpg..thumb-4.jpg (thumb-1-<tag>.jpg.. with a tag, so frames of an
 * edited video get new URLs rather than stale cached ones). Returns those names.
 */
export async function extractThumbnails(input: string, outDir: string, probe: ProbeResult, options: PipelineOptions, tag = ''): Promise<string[]> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const runId = newRunId();
  const names = Array.from({ length: THUMBNAIL_FRAME_COUNT }, (_, i) => `thumb-${i + 1}${tag && `-${tag}`}.jpg`);
  const temps = names.map((n) => tempPath(n, runId));
  const size = thumbnailSize(probe);
  const run = (times: number[], outputs: string[]) =>
    runCleaningUp(
      buildThumbnailArgs({ input: resolve(input), videoStreamIndex: probe.videoStreamIndex, times, outputs, ...size }),
      out,
      ['.'],
      runId,
      undefined,
      options,
      outputs.length,
    );
  await run(thumbnailTimes(probe.durationSec), temps);
  // A time past the last frame (a container that overstates its duration) writes nothing:
  // those thumbnails fall back to the first frame.
  const missing = [];
  for (const t of temps) if (!(await nonEmpty(join(out, t)))) missing.push(t);
  if (missing.length > 0) await run(missing.map(() => 0), missing);
  for (const [i, t] of temps.entries()) await rename(join(out, t), join(out, names[i]));
  options.onProgress?.(1);
  return names;
}

/** One JPEG frame at `timeSec`, the size of the thumbnails, written as `name` in outDir. */
export async function extractFrame(input: string, outDir: string, probe: ProbeResult, timeSec: number, name: string, options: PipelineOptions): Promise<string> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const runId = newRunId();
  const temp = tempPath(name, runId);
  const args = buildThumbnailArgs({ input: resolve(input), videoStreamIndex: probe.videoStreamIndex, times: [timeSec], outputs: [temp], ...thumbnailSize(probe) });
  await runCleaningUp(args, out, ['.'], runId, undefined, options);
  if (!(await nonEmpty(join(out, temp)))) throw new Error(`No frame at ${timeSec} s`);
  await rename(join(out, temp), join(out, name));
  return name;
}

function thumbnailSize(probe: ProbeResult): { width: number; height: number } {
  const landscape = probe.width >= probe.height;
  const boxW = landscape ? THUMBNAIL_BOX.long : THUMBNAIL_BOX.short;
  const boxH = landscape ? THUMBNAIL_BOX.short : THUMBNAIL_BOX.long;
  return scaledEven(probe.width, probe.height, Math.min(1, boxW / probe.width, boxH / probe.height));
}
