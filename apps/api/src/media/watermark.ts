import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { WatermarkPlacement } from '@reelbase/api-client';
import { resolveFfmpegPath } from './binaries.ts';
import { buildWatermarkArgs } from './commands/mp4.ts';
import { newRunId, tempPath } from './files.ts';
import { type PipelineOptions, runDeadlineMs } from './pipelines/run.ts';
import type { ProbeResult } from './probe.ts';
import { runFfmpeg } from './runner.ts';

/** `input` with the PNG `image` burnt in at `placement`, written as outDir/marked.mp4. */
export async function burnWatermark(input: string, image: string, outDir: string, probe: ProbeResult, placement: WatermarkPlacement, options: PipelineOptions): Promise<string> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const temp = tempPath('marked.mp4', newRunId());
  const args = buildWatermarkArgs({
    input: resolve(input),
    image: resolve(image),
    videoWidth: probe.width,
    videoHeight: probe.height,
    ...placement,
    copyAudio: probe.audioCodec === 'aac',
    output: temp,
  });
  try {
    await runFfmpeg(resolveFfmpegPath(options.ffmpegPath), args, { cwd: out, timeoutMs: runDeadlineMs(options, { kind: 'encode', durationSec: probe.durationSec }), signal: options.signal, durationSec: probe.durationSec, onProgress: options.onProgress });
    const path = join(out, 'marked.mp4');
    await rename(join(out, temp), path);
    return path;
  } catch (err) {
    await rm(join(out, temp), { force: true });
    throw err;
  }
}
