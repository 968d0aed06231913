import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { constants as osConstants, setPriority, tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { boxedCommand, mediaRefused } from './box.ts';
import { MediaUnavailableError } from './readiness.ts';

/** Media work yields the CPU to the API and the database on the same machine. */
export const DEFAULT_NICENESS = 10;
const STDERR_TAIL_CHARS = 4000;
const STDERR_TAIL_LINES = 12;
const MAX_STDOUT_BYTES = 64 * 1024 * 1024;

export interface RunOptions {
  /** Wall-clock limit; past it the process is killed with SIGKILL and the run rejects. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** The run's own working directory (writable in the box); a fresh temporary one when unset. */
  cwd?: string;
  /** Length in seconds of what ffmpeg writes; with onProgress, `-progress pipe:1` lines become fractions. */
  durationSec?: number;
  /** Called with a fraction 0..1 that never goes down, and with 1 when ffmpeg reports the end. */
  onProgress?: (fraction: number) => void;
  /** Keep stdout and return it (ffprobe's JSON). Otherwise stdout is only read for progress. */
  collectStdout?: boolean;
  niceness?: number;
  /** Files and folders the process reads and must not write (bound read-only in the box). */
  readOnlyPaths?: readonly string[];
}

export interface RunResult {
  stdout: string;
  stderrTail: string;
  elapsedMs: number;
}

/** A media process that failed: the message holds the last lines ffmpeg printed. */
export class MediaProcessError extends Error {
  readonly command: string;
  readonly args: readonly string[];
  readonly exitCode: number | null;
  readonly exitSignal: string | null;
  readonly stderrTail: string;
  constructor(message: string, d: { command: string; args: readonly string[]; exitCode: number | null; exitSignal: string | null; stderrTail: string }) {
    super(message);
    this.name = 'MediaProcessError';
    this.command = d.command;
    this.args = d.args;
    this.exitCode = d.exitCode;
    this.exitSignal = d.exitSignal;
    this.stderrTail = d.stderrTail;
  }
}

export class MediaTimeoutError extends MediaProcessError {
  readonly timeoutMs: number;
  constructor(message: string, d: ConstructorParameters<typeof MediaProcessError>[1] & { timeoutMs: number }) {
    super(message, d);
    this.name = 'MediaTimeoutError';
    this.timeoutMs = d.timeoutMs;
  }
}

/**
 * Runs ffmpeg or ffprobe: lowered priority, a time limit, progress, abort, and an error that
 * says what went wrong. Every media process of the service goes through here.
 */
export async function runMediaProcess(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  if (options.signal?.aborted) throw options.signal.reason;
  if (mediaRefused()) throw new MediaUnavailableError();
  // A run without a folder of its own gets one, so it never works in the service's directory.
  const ownCwd = options.cwd ? null : await mkdtemp(join(tmpdir(), 'reelbase-media-'));
  try {
    return await runInBox(command, args, { ...options, cwd: options.cwd ?? (ownCwd as string) });
  } finally {
    if (ownCwd) await rm(ownCwd, { recursive: true, force: true });
  }
}

function runInBox(command: string, args: readonly string[], options: RunOptions & { cwd: string }): Promise<RunResult> {
  const name = basename(command);
  const started = Date.now();
  return new Promise<RunResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    try {
      accessSync(command, constants.X_OK);
    } catch {
      reject(new MediaProcessError(`Could not start ${name} (${command}): not an executable file`, { command, args, exitCode: null, exitSignal: null, stderrTail: '' }));
      return;
    }
    const niceness = options.niceness ?? DEFAULT_NICENESS;
    const nice = niceness > 0 ? findNice() : null;
    // prlimit and bubblewrap (when the machine has them) wrap the tool; see box.ts.
    const boxed = boxedCommand(command, args, options.cwd, options.readOnlyPaths);
    const spawnOptions = { cwd: options.cwd, env: mediaEnv(), stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
    const child = nice ? spawn(nice, ['-n', String(niceness), ...boxed.argv], spawnOptions) : spawn(boxed.argv[0], boxed.argv.slice(1), spawnOptions);
    if (!nice && niceness > 0 && child.pid) {
      try {
        setPriority(child.pid, niceness);
      } catch {
        // not permitted here: run at normal priority rather than not at all
      }
    }

    let stderr = '';
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stoppedBy: 'timeout' | 'abort' | 'stdout' | null = null;
    const stop = (why: 'timeout' | 'abort' | 'stdout') => {
      if (stoppedBy) return;
      stoppedBy = why;
      child.kill('SIGKILL');
    };
    const progress = options.onProgress && options.durationSec ? createProgressParser(options.durationSec, options.onProgress) : null;

    child.stdout.on('data', (chunk: Buffer) => {
      if (progress) progress(chunk.toString('utf8'));
      if (!options.collectStdout) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES) return stop('stdout');
      stdoutChunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });

    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };

    child.on('error', (err) => {
      cleanup();
      reject(new MediaProcessError(`Could not start ${name} (${command}): ${err.message}`, { command, args, exitCode: null, exitSignal: null, stderrTail: '' }));
    });
    child.on('close', (exitCode, exitSignal) => {
      cleanup();
      const tail = tailLines(stderr);
      // bubblewrap reports a child killed by a signal as 128 + its number, like a shell.
      const { code, signal } = boxed.sandboxed && exitCode !== null ? fromShellStatus(exitCode) : { code: exitCode, signal: exitSignal };
      const details = { command, args, exitCode: code, exitSignal: signal, stderrTail: tail };
      if (stoppedBy === 'abort') return reject(options.signal?.reason ?? new Error(`${name} was aborted`));
      if (stoppedBy === 'timeout') {
        return reject(new MediaTimeoutError(`${name} ran longer than its ${options.timeoutMs} ms limit and was killed`, { ...details, timeoutMs: options.timeoutMs }));
      }
      if (stoppedBy === 'stdout') return reject(new MediaProcessError(`${name} printed more than ${MAX_STDOUT_BYTES} bytes and was killed`, details));
      if (code !== 0) {
        // nice reports a binary it could not run with 126 (not executable) or 127 (missing).
        const why = nice && (code === 126 || code === 127) ? `could not be started (${command})` : `failed (exit ${code ?? signal})`;
        return reject(new MediaProcessError(`${name} ${why}${tail ? `: ${tail}` : ''}`, details));
      }
      resolve({ stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderrTail: tail, elapsedMs: Date.now() - started });
    });
  });
}

/**
 * The child's whole environment: nothing of ours (no secrets, no DATABASE_URL), only what a
 * command-line tool needs. The npm binaries are statically linked: when a demuxer converts a text
 * charset (the service names of every MPEG-TS file) their iconv loads the host's gconv modules and
 * crashes; pointing GCONV_PATH away keeps iconv to its built-in charsets, which is all media needs.
 * Few malloc arenas keep the address space (limited in the box) close to what is really used.
 */
export function mediaEnv(): NodeJS.ProcessEnv {
  return { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', GCONV_PATH: '/dev/null', MALLOC_ARENA_MAX: '2' };
}

function fromShellStatus(status: number): { code: number | null; signal: NodeJS.Signals | null } {
  if (status <= 128) return { code: status, signal: null };
  const signal = (Object.entries(osConstants.signals) as [NodeJS.Signals, number][]).find(([, n]) => n === status - 128)?.[0];
  return signal ? { code: null, signal } : { code: status, signal: null };
}

/** Runs ffmpeg with arguments from commands.ts. */
export function runFfmpeg(ffmpegPath: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return runMediaProcess(ffmpegPath, args, options);
}

/**
 * Turns `-progress pipe:1` output (key=value lines, possibly split across chunks) into a
 * fraction of `durationSec`.
 */
export function createProgressParser(durationSec: number, onProgress: (fraction: number) => void): (chunk: string) => void {
  let pending = '';
  let last = -1;
  const report = (f: number) => {
    const clamped = Math.min(1, Math.max(0, f));
    if (clamped <= last) return;
    last = clamped;
    onProgress(clamped);
  };
  return (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === 'out_time_us' || key === 'out_time_ms') {
        // Both carry microseconds (out_time_ms has been misnamed since it was added).
        const us = Number(value);
        if (Number.isFinite(us) && us >= 0 && durationSec > 0) report(us / 1e6 / durationSec);
      } else if (key === 'progress' && value === 'end') {
        report(1);
      }
    }
  };
}

function tailLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(-STDERR_TAIL_LINES)
    .join('\n');
}

let niceBinary: string | null | undefined;

/** The `nice` binary when the system has one; without it the runner lowers the child's priority itself. */
export function findNice(): string | null {
  if (niceBinary !== undefined) return niceBinary;
  niceBinary = null;
  if (process.platform === 'win32') return niceBinary;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, 'nice');
    try {
      accessSync(candidate, constants.X_OK);
      niceBinary = candidate;
      break;
    } catch {
      // not here
    }
  }
  return niceBinary;
}
