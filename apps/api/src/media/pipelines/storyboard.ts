import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildStoryboardArgs, planStoryboard, STORYBOARD_VTT, type StoryboardPlan, storyboardSheet, storyboardVtt } from '../commands/storyboard.ts';
import { newRunId } from '../files.ts';
import type { ProbeResult } from '../probe.ts';
import { nonEmpty, type PipelineOptions, runCleaningUp } from './run.ts';

/**
 * Makes the storyboard of `input` (the ladder's lowest rung: a small picture decodes fast) into
 * `outDir`: sheet-0.jpg, sheet-1.jpg... and storyboard.vtt last, so an index only ever names sheets
 * that exist. Returns the plan and the files written (relative to outDir).
 */
export async function makeStoryboard(input: string, outDir: string, probe: Pick<ProbeResult, 'durationSec' | 'width' | 'height'>, options: PipelineOptions): Promise<{ plan: StoryboardPlan; files: string[] }> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const runId = newRunId();
  const plan = planStoryboard(probe.durationSec, probe.width, probe.height);
  const pattern = `.sheet-${runId}-%d.jpg`;
  await runCleaningUp(buildStoryboardArgs({ input: resolve(input), plan, outputPattern: pattern }), out, ['.'], runId, probe.durationSec, options);
  const written = (await readdir(out)).filter((n) => n.startsWith(`.sheet-${runId}-`)).length;
  if (written === 0 || !(await nonEmpty(join(out, `.sheet-${runId}-0.jpg`)))) throw new Error('ffmpeg wrote no storyboard sheet');
  // A source shorter than its stated length gives fewer frames: the index names only the tiles of sheets written.
  const tiles = Math.min(plan.tiles, written * plan.columns * plan.rows);
  const made = { ...plan, tiles, sheets: Math.min(plan.sheets, written) };
  const files: string[] = [];
  for (let n = 0; n < made.sheets; n++) {
    await rename(join(out, `.sheet-${runId}-${n}.jpg`), join(out, storyboardSheet(n)));
    files.push(storyboardSheet(n));
  }
  await writeFile(join(out, STORYBOARD_VTT), storyboardVtt(made, probe.durationSec));
  files.push(STORYBOARD_VTT);
  options.onProgress?.(1);
  return { plan: made, files };
}
