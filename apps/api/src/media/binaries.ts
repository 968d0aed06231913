import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface BinaryPaths {
  /** FFMPEG_PATH from the settings; unset means the binary shipped in @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string;
  /** FFPROBE_PATH from the settings; unset means the binary shipped in @ffprobe-installer/ffprobe. */
  ffprobePath?: string;
}

export class MissingBinaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingBinaryError';
  }
}

const resolved = new Map<string, string>();

/** The ffmpeg to run: the explicit path when given, else the one from npm. */
export function resolveFfmpegPath(explicit?: string): string {
  return resolveBinary('ffmpeg', explicit, '@ffmpeg-installer/ffmpeg', 'FFMPEG_PATH');
}

/** The ffprobe to run: the explicit path when given, else the one from npm. */
export function resolveFfprobePath(explicit?: string): string {
  return resolveBinary('ffprobe', explicit, '@ffprobe-installer/ffprobe', 'FFPROBE_PATH');
}

function resolveBinary(name: string, explicit: string | undefined, pkg: string, setting: string): string {
  const key = `${name}\0${explicit ?? ''}`;
  const cached = resolved.get(key);
  if (cached) return cached;
  let path: string;
  if (explicit) {
    path = explicit;
    if (!isExecutableFile(path)) throw new MissingBinaryError(`${setting} is set to ${path}, which is not an executable file`);
  } else {
    try {
      path = (require(pkg) as { path: string }).path;
    } catch (err) {
      throw new MissingBinaryError(`No ${name} binary: ${pkg} did not load (${err instanceof Error ? err.message : String(err)}); install it or set ${setting}`);
    }
    ensureExecutable(path, name, setting);
  }
  resolved.set(key, path);
  return path;
}

/**
 * The npm packages mark their binary executable in an install script; when the package manager
 * skipped that script (pnpm runs none unless allowed) the file arrives without the execute bit.
 * Doing what the skipped script would have done is safe: it is the package's own binary.
 */
function ensureExecutable(path: string, name: string, setting: string) {
  if (isExecutableFile(path)) return;
  try {
    const mode = statSync(path).mode;
    chmodSync(path, mode | 0o111);
  } catch {
    // fall through to the clear error below
  }
  if (!isExecutableFile(path)) {
    throw new MissingBinaryError(`The ${name} binary at ${path} is not executable; run \`chmod +x ${path}\` or set ${setting}`);
  }
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
