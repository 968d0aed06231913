import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { GifTextInfo } from '@reelbase/api-client';
import { resolveFfmpegPath } from './binaries.ts';
import { buildGifPaletteArgs, buildGifRenderArgs, type GifClipOptions } from './commands/images.ts';
import { newRunId, tempPath } from './files.ts';
import { fontFile } from './fonts.ts';
import { type PipelineOptions, runDeadlineMs } from './pipelines/run.ts';
import { probe as probeFile } from './probe.ts';
import { runFfmpeg } from './runner.ts';

export interface GifClip {
  startSec: number;
  durationSec: number;
  fps: number;
  size: string;
  text: GifTextInfo;
}

export interface MadeGif {
  gif: string;
  mp4: string;
  width: number;
  height: number;
}

/**
 * A GIF of a clip in two passes (palettegen, then paletteuse) and the same frames as a muted MP4,
 * written as clip.gif and clip.mp4 in outDir. Blank text draws nothing.
 */
export async function makeGif(input: string, outDir: string, clip: GifClip, options: PipelineOptions & { ffprobePath?: string }): Promise<MadeGif> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const runId = newRunId();
  const files = { palette: `palette-${runId}.png`, text: `text-${runId}.txt`, font: `font-${runId}.woff`, gif: tempPath('clip.gif', runId), mp4: tempPath('clip.mp4', runId) };
  const text = clip.text.text.trim() ? clip.text : null;
  if (text) {
    await writeFile(join(out, files.text), text.text);
    // Into the run's folder: the media box shows ffmpeg only its own folders, not node_modules.
    await copyFile(fontFile(text.fontFamily, text.fontWeight), join(out, files.font));
  }
  const o: GifClipOptions = {
    input: resolve(input),
    startSec: clip.startSec,
    durationSec: clip.durationSec,
    fps: clip.fps,
    size: clip.size,
    text: text && { textFile: join(out, files.text), fontFile: join(out, files.font), color: text.color, fontSize: text.fontSize, x: text.x, y: text.y },
  };
  const run = (args: string[], from: number, to: number) =>
    runFfmpeg(resolveFfmpegPath(options.ffmpegPath), args, {
      cwd: out,
      timeoutMs: runDeadlineMs(options, { kind: 'encode', durationSec: clip.durationSec }),
      signal: options.signal,
      durationSec: clip.durationSec,
      onProgress: (f) => options.onProgress?.(from + (to - from) * f),
    });
  try {
    await run(buildGifPaletteArgs({ ...o, palette: files.palette }), 0, 0.4);
    await run(buildGifRenderArgs({ ...o, palette: files.palette, gif: files.gif, mp4: files.mp4 }), 0.4, 1);
    if (!(await stat(join(out, files.gif))).size) throw new Error('The clip has no frames.');
    const gif = join(out, 'clip.gif');
    const mp4 = join(out, 'clip.mp4');
    await rename(join(out, files.gif), gif);
    await rename(join(out, files.mp4), mp4);
    const info = await probeFile(mp4, { ffprobePath: options.ffprobePath, signal: options.signal, deadlines: options.deadlines });
    return { gif, mp4, width: info.width, height: info.height };
  } finally {
    for (const f of Object.values(files)) await rm(join(out, f), { force: true });
  }
}
