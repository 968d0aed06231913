import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { resolveFfprobePath } from '../../src/media/binaries.ts';
import { runMediaProcess } from '../../src/media/runner.ts';

/** ffprobe's JSON for any file (no whitelist: tests inspect our own outputs, JPEGs and segments included). */
export async function ffprobeJson(path: string, extra: string[] = []): Promise<any> {
  const { stdout } = await runMediaProcess(resolveFfprobePath(process.env.FFPROBE_PATH), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...extra, path], {
    timeoutMs: 30_000,
    collectStdout: true,
  });
  return JSON.parse(stdout);
}

/** Presentation times of the video keyframes of a file. */
export async function keyframeTimes(path: string): Promise<number[]> {
  const json = await ffprobeJson(path, ['-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags']);
  return (json.packets as { pts_time: string; flags: string }[]).filter((p) => p.flags.startsWith('K')).map((p) => Number(p.pts_time));
}

/** Types of an mp4's top-level boxes in file order ('ftyp', 'moov', 'mdat'...). */
export async function topLevelBoxes(path: string): Promise<string[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const types: string[] = [];
    const header = Buffer.alloc(16);
    for (let pos = 0; pos + 8 <= size; ) {
      await file.read(header, 0, 16, pos);
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      else if (boxSize === 0) boxSize = size - pos;
      types.push(header.toString('latin1', 4, 8));
      if (boxSize < 8) break;
      pos += boxSize;
    }
    return types;
  } finally {
    await file.close();
  }
}

/** Every file under dir, relative to it, sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `reelbase-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
