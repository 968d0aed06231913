import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Oldest system ffmpeg we take from PATH: Debian 12's security-maintained 5.1 and newer. */
export const MIN_SYSTEM_MAJOR = 5;

export interface BinaryPaths {
  /** FFMPEG_PATH from the settings; unset means a system ffmpeg >= 5 on PATH (else media is refused). */
  ffmpegPath?: string;
  /** FFPROBE_PATH from the settings; unset means a system ffprobe >= 5 on PATH (else media is refused). */
  ffprobePath?: string;
}

/** Where a media binary came from: the setting, the system's PATH, or the npm package (old: found, but media is refused with it, see readiness.ts). */
export type BinarySource = 'setting' | 'system' | 'bundled';

export interface MediaBinary {
  path: string;
  source: BinarySource;
  /** The version line's version ("5.1.9-0+deb12u1"), or 'unknown'. */
  version: string;
}

export class MissingBinaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingBinaryError';
  }
}

const TOOLS = {
  ffmpeg: { pkg: '@ffmpeg-installer/ffmpeg', setting: 'FFMPEG_PATH' },
  ffprobe: { pkg: '@ffprobe-installer/ffprobe', setting: 'FFPROBE_PATH' },
} as const;
type Tool = keyof typeof TOOLS;

const resolved = new Map<string, MediaBinary>();

/** The ffmpeg to run (see mediaBinary for the order). */
export function resolveFfmpegPath(explicit?: string): string {
  return mediaBinary('ffmpeg', explicit).path;
}

/** The ffprobe to run (see mediaBinary for the order). */
export function resolveFfprobePath(explicit?: string): string {
  return mediaBinary('ffprobe', explicit).path;
}

/**
 * The binary to run, in this order: the setting; a system binary on PATH at version 5 or newer
 * (a distribution's package gets security fixes); only then the npm package's static build, whose
 * demuxers and decoders are years old: found so the start log can name it, but a process whose
 * tools come from there refuses media (readiness.ts). `searchPath` replaces PATH (tests).
 */
export function mediaBinary(tool: Tool, explicit?: string, searchPath = process.env.PATH ?? ''): MediaBinary {
  const key = `${tool}\0${explicit ?? ''}\0${searchPath}`;
  const cached = resolved.get(key);
  if (cached) return cached;
  const { pkg, setting } = TOOLS[tool];
  let found: MediaBinary;
  if (explicit) {
    if (!isExecutableFile(explicit)) throw new MissingBinaryError(`${setting} is set to ${explicit}, which is not an executable file`);
    found = { path: explicit, source: 'setting', version: readVersion(explicit) };
  } else {
    found = systemBinary(tool, searchPath) ?? bundledBinary(tool, pkg, setting);
  }
  resolved.set(key, found);
  return found;
}

function systemBinary(tool: Tool, searchPath: string): MediaBinary | null {
  for (const dir of searchPath.split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, tool);
    if (!isExecutableFile(path)) continue;
    const version = readVersion(path);
    if (majorVersion(version) >= MIN_SYSTEM_MAJOR) return { path, source: 'system', version };
  }
  return null;
}

function bundledBinary(tool: Tool, pkg: string, setting: string): MediaBinary {
  let path: string;
  try {
    path = (require(pkg) as { path: string }).path;
  } catch (err) {
    throw new MissingBinaryError(
      `No ${tool} binary: none at version ${MIN_SYSTEM_MAJOR} or newer on PATH, and ${pkg} did not load (${err instanceof Error ? err.message : String(err)}); install ffmpeg (Debian: apt-get install ffmpeg) or set ${setting}`,
    );
  }
  ensureExecutable(path, tool, setting);
  return { path, source: 'bundled', version: readVersion(path) };
}

/** "ffmpeg version 5.1.9-0+deb12u1 Copyright ..." -> "5.1.9-0+deb12u1". */
function readVersion(path: string): string {
  try {
    const out = execFileSync(path, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: '/usr/bin:/bin' } });
    return /version\s+(\S+)/.exec(out)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** 5 for "5.1.9-0+deb12u1" and "n5.1"; 0 for a git snapshot ("N-47683-g0e8eb07980-static") or unknown. */
export function majorVersion(version: string): number {
  const m = /^n?(\d+)\.\d+/.exec(version);
  return m ? Number(m[1]) : 0;
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
