import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
export const run = promisify(execFile);

/**
 * The ffmpeg and ffprobe the app runs: FFMPEG_PATH / FFPROBE_PATH when set, else the binaries
 * shipped inside @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe. In a packaged app they
 * sit in app.asar.unpacked (electron-builder's asarUnpack), since a binary cannot run from an asar.
 */
export function mediaTools(env: NodeJS.ProcessEnv = process.env): { ffmpeg: string; ffprobe: string } {
  const shipped = (pkg: string) => (require(pkg) as { path: string }).path.replace(`app.asar${'/'}`, 'app.asar.unpacked/');
  return {
    ffmpeg: env.FFMPEG_PATH || shipped('@ffmpeg-installer/ffmpeg'),
    ffprobe: env.FFPROBE_PATH || shipped('@ffprobe-installer/ffprobe'),
  };
}
