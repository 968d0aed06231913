import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { buildHlsToMp4Args } from '../commands/mp4.ts';
import { newRunId, tempPath } from '../files.ts';
import { sanitizeImportedPlaylist } from '../hls-playlist.ts';
import { type PipelineOptions, runCleaningUp } from './run.ts';

/* Pipelines that write one mp4: an imported HLS stream copied into a fast-start mp4. */

export interface ImportedMp4 {
  path: string;
  durationSec: number;
}

/**
 * Copies an imported HLS stream, downloaded beside its media playlist, into one fast-start mp4.
 * The playlist is rewritten first (hls-playlist.ts: local segment names only, no encryption, no
 * master) so ffmpeg reads nothing but those files. Segment names must keep their usual
 * extensions (.ts, .m4s, .mp4, .aac). The result is probed and published like an upload.
 */
export async function remuxHlsToMp4(playlistPath: string, outputPath: string, options: PipelineOptions): Promise<ImportedMp4> {
  const playlistFile = resolve(playlistPath);
  const output = resolve(outputPath);
  const runId = newRunId();
  const { text, playlist } = sanitizeImportedPlaylist(await readFile(playlistFile, 'utf8'));
  const safePlaylist = tempPath(playlistFile, runId);
  const tempOutput = basename(tempPath(output, runId));
  await mkdir(dirname(output), { recursive: true });
  await writeFile(safePlaylist, text);
  try {
    await runCleaningUp(buildHlsToMp4Args({ playlist: safePlaylist, output: tempOutput }), dirname(output), ['.'], runId, playlist.durationSec, options);
    await rename(join(dirname(output), tempOutput), output);
  } finally {
    await rm(safePlaylist, { force: true });
  }
  options.onProgress?.(1);
  return { path: output, durationSec: playlist.durationSec };
}
