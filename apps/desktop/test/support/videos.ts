import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaTools, run } from '../../src/main/media-tools.ts';

/**
 * `count` videos with the same pictures but different bytes (a title tag each, by stream copy):
 * distinct files for the duplicate check, for the price of one encode.
 */
export async function distinctCopies(source: string, count: number, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const { ffmpeg } = mediaTools();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = join(dir, `copy-${i}.mp4`);
    if (!(await stat(file).then((f) => f.size > 0, () => false))) await run(ffmpeg, ['-v', 'error', '-i', source, '-c', 'copy', '-metadata', `title=clip ${i}`, '-y', file]);
    out.push(file);
  }
  return out;
}
