import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { resolveFfmpegPath } from './binaries.ts';
import { buildTrimCopyArgs, buildTrimEncodeArgs, buildTrimHeadArgs, buildTrimJoinArgs, buildTrimPartArgs } from './commands/mp4.ts';
import { newRunId, tempPath } from './files.ts';
import { type PipelineOptions, runDeadlineMs } from './pipelines/run.ts';
import { isFastPublishable } from './pipelines/hls.ts';
import { type Keyframe, keyframesFrom, type ProbeResult } from './probe.ts';
import { MediaProcessError, MediaTimeoutError, runFfmpeg } from './runner.ts';

/** How far past the cut's start to look for a keyframe (sources put one every 10 s at most, usually 2 to 5). */
const KEYFRAME_SEARCH_SECONDS = 20;

export type TrimPlan =
  /** Copied from a keyframe: `readFromSec` is its decode time (see commands.ts copyCut). */
  | { method: 'copy'; startSec: number; readFromSec: number; durationSec: number }
  | { method: 'smart'; startSec: number; keyframe: Keyframe; durationSec: number }
  | { method: 'encode'; startSec: number; durationSec: number };

/**
 * How to cut [startSec, endSec): a plain copy when the start is a keyframe (within half a
 * frame); for a browser-ready H.264 source, the frames up to the next keyframe re-encoded and
 * the rest copied; otherwise (other codecs, no keyframe inside the cut) the cut encoded whole.
 */
export function planTrim(probe: ProbeResult, keyframes: readonly Keyframe[], startSec: number, endSec: number): TrimPlan {
  const durationSec = endSec - startSec;
  const tolerance = probe.fps > 0 ? 0.5 / probe.fps : 0.02;
  if (startSec <= tolerance) return { method: 'copy', startSec: 0, readFromSec: 0, durationSec: endSec };
  const next = keyframes.find((k) => k.pts >= startSec - tolerance);
  if (next && next.pts - startSec <= tolerance) return { method: 'copy', startSec: next.pts, readFromSec: next.dts, durationSec: endSec - next.dts };
  if (next && next.pts < endSec && isFastPublishable(probe)) return { method: 'smart', startSec, keyframe: next, durationSec };
  return { method: 'encode', startSec, durationSec };
}

export interface TrimResult {
  /** The cut, an mp4 file in `outDir`. */
  path: string;
  plan: TrimPlan;
}

/**
 * Cuts `input` to [startSec, endSec) into outDir/trimmed.mp4, copying every frame it can (see
 * planTrim). A copy that ffmpeg refuses (odd timestamps, a codec mp4 cannot hold) is
 * retried as an encode. Work files are removed whatever happens.
 */
export async function trimVideo(input: string, outDir: string, probe: ProbeResult, range: { startSec: number; endSec: number }, options: PipelineOptions & { ffprobePath?: string }): Promise<TrimResult> {
  const out = resolve(outDir);
  const source = resolve(input);
  await mkdir(out, { recursive: true });
  const keyframes =
    range.startSec > 0 ? await keyframesFrom(source, probe.videoStreamIndex, range.startSec, KEYFRAME_SEARCH_SECONDS, { ffprobePath: options.ffprobePath, signal: options.signal, deadlines: options.deadlines }) : [];
  let plan = planTrim(probe, keyframes, range.startSec, range.endSec);
  const runId = newRunId();
  const output = tempPath('trimmed.mp4', runId);
  const parts = { head: `head-${runId}.ts`, tail: `tail-${runId}.ts`, audio: `audio-${runId}.ts`, list: `parts-${runId}.txt` };
  // Every part is at most the cut's length.
  const timeoutMs = runDeadlineMs(options, { kind: 'encode', durationSec: range.endSec - range.startSec });
  const run = (args: string[], durationSec?: number, onProgress?: (f: number) => void) =>
    runFfmpeg(resolveFfmpegPath(options.ffmpegPath), args, { cwd: out, timeoutMs, signal: options.signal, durationSec, onProgress });
  const encode = async () => {
    plan = { method: 'encode', startSec: range.startSec, durationSec: range.endSec - range.startSec };
    await run(buildTrimEncodeArgs({ input: source, startSec: plan.startSec, durationSec: plan.durationSec, output }), plan.durationSec, options.onProgress);
  };
  try {
    try {
      if (plan.method === 'copy') {
        await run(buildTrimCopyArgs({ input: source, startSec: plan.readFromSec, durationSec: plan.durationSec, output }), plan.durationSec, options.onProgress);
      } else if (plan.method === 'smart') {
        const { keyframe } = plan;
        await run(buildTrimHeadArgs({ input: source, startSec: plan.startSec, durationSec: keyframe.pts - plan.startSec, output: parts.head }));
        await run(buildTrimPartArgs({ input: source, stream: 'v', startSec: keyframe.dts, durationSec: range.endSec - keyframe.dts, output: parts.tail }));
        const audio = probe.audioStreamIndex !== null;
        if (audio) await run(buildTrimPartArgs({ input: source, stream: 'a', startSec: plan.startSec, durationSec: plan.durationSec, output: parts.audio }));
        await writeFile(join(out, parts.list), `ffconcat version 1.0\nfile ${parts.head}\nfile ${parts.tail}\n`);
        await run(buildTrimJoinArgs({ partsList: join(out, parts.list), audio: audio ? join(out, parts.audio) : null, output }), plan.durationSec, options.onProgress);
      } else {
        await encode();
      }
    } catch (err) {
      if (plan.method === 'encode' || !(err instanceof MediaProcessError) || err instanceof MediaTimeoutError) throw err;
      await rm(join(out, output), { force: true });
      await encode();
    }
    const path = join(out, 'trimmed.mp4');
    await rename(join(out, output), path);
    return { path, plan };
  } catch (err) {
    await rm(join(out, output), { force: true });
    throw err;
  } finally {
    for (const f of Object.values(parts)) await rm(join(out, f), { force: true });
  }
}
