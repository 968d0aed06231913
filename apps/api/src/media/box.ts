import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';

/*
 * The box every ffmpeg and ffprobe run goes into (media files are hostile input):
 * - prlimit (util-linux) caps its address space and CPU time;
 * - bubblewrap (Debian's `bubblewrap`), where it works, gives it no network, no other processes,
 *   and a view of the file system holding only the system's programs and libraries (read-only)
 *   and the folders of this run (its working directory, its input and output);
 * - the runner gives it an environment with nothing of ours (runner.ts, mediaEnv).
 * Where prlimit is missing the run goes on without limits. Where bubblewrap is missing or cannot
 * create namespaces (some containers), media is refused unless the operator turned the box off on
 * purpose (readiness.ts decides at start; refuseMedia makes every run here fail).
 */

export interface MediaBoxSettings {
  /** Address space of one run (RLIMIT_AS), in bytes. */
  memoryBytes: number;
  /** CPU time of one run (RLIMIT_CPU), in seconds: a safety net under the job's deadline. */
  cpuSeconds: number;
  /** 'off' runs without bubblewrap even where it works. */
  sandbox: 'auto' | 'off';
}

export const DEFAULT_MEDIA_BOX: MediaBoxSettings = { memoryBytes: 6 * 1024 ** 3, cpuSeconds: 24 * 3600, sandbox: 'auto' };

/** Read-only system folders a dynamically linked ffmpeg needs (libraries, fonts for text filters). */
const SYSTEM_PATHS = ['/usr', '/bin', '/lib', '/lib64', '/sbin', '/etc/ld.so.cache', '/etc/alternatives', '/etc/fonts', '/etc/localtime', '/sys/devices/system/cpu'];

let settings: MediaBoxSettings = DEFAULT_MEDIA_BOX;
let tools: { bwrap: string | null; prlimit: string | null } | undefined;
let refused = false;

/** Called once at start with the settings (MEDIA_MEMORY_LIMIT_MB...); the defaults hold until then. */
export function configureMediaBox(s: MediaBoxSettings) {
  settings = s;
  tools = undefined;
}

/** Called at start when this process may not run media (readiness.ts): every run fails with MediaUnavailableError. */
export function refuseMedia(refuse: boolean) {
  refused = refuse;
}

export function mediaRefused(): boolean {
  return refused;
}

/** What is in force, for the start log and the admin health. */
export function mediaBoxReport() {
  const t = findTools();
  return {
    isolation: t.bwrap ? 'bubblewrap (no network, read-only system, only its own folders)' : settings.sandbox === 'off' ? 'off (MEDIA_SANDBOX=off)' : 'none (bubblewrap missing or not permitted here)',
    limits: t.prlimit ? { memoryBytes: settings.memoryBytes, cpuSeconds: settings.cpuSeconds } : 'none (prlimit missing)',
  };
}

/**
 * The argv that runs `command` in the box from `cwd`. Writable folders: `cwd` and the folders of
 * absolute paths among the arguments (inputs and outputs, `file:` prefix or not); a file the
 * tool should read is given as an argument (`-i`), never only inside a filter string.
 */
export function boxedCommand(command: string, args: readonly string[], cwd: string, readOnlyPaths: readonly string[] = []): { argv: string[]; sandboxed: boolean } {
  const t = findTools();
  const limit = t.prlimit ? [t.prlimit, `--as=${settings.memoryBytes}`, `--cpu=${settings.cpuSeconds}`, '--'] : [];
  if (!t.bwrap) return { argv: [...limit, command, ...args], sandboxed: false };
  // Paths the caller names read-only (a model, a script and its modules) are bound as such, never writable.
  const extraReadOnly = readOnlyPaths.filter((p) => existsSync(p)).map((p) => realpathSync(p));
  const own = ownFolders(cwd, args.filter((a) => !readOnlyPaths.includes(a)));
  const binaryDir = dirname(realpathSync(command));
  const readOnly = [
    ...SYSTEM_PATHS.filter((p) => existsSync(p)),
    ...(SYSTEM_PATHS.some((p) => binaryDir.startsWith(`${p}/`)) ? [] : [binaryDir]),
    ...extraReadOnly,
  ];
  const argv = [
    t.bwrap,
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    ...readOnly.flatMap((p) => ['--ro-bind', p, p]),
    ...own.flatMap((p) => ['--bind', p, p]),
    '--chdir',
    cwd,
    '--',
    command,
    ...args,
  ];
  return { argv: [...limit, ...argv], sandboxed: true };
}

/** Existing folders the run reads and writes, parents before children (binds nest in order). */
function ownFolders(cwd: string, args: readonly string[]): string[] {
  const found = new Set<string>([cwd]);
  for (const arg of args) {
    const path = arg.startsWith('file:') ? arg.slice(5) : arg;
    if (isAbsolute(path)) found.add(dirname(path));
  }
  const real = [...found].map((p) => resolve(cwd, p)).filter((p) => existsSync(p)).map((p) => realpathSync(p));
  // Never the root or a system folder (`-i /dev/null` must not open the host's /dev).
  const allowed = real.filter((p) => p !== '/' && !['/dev', '/proc', '/sys', ...SYSTEM_PATHS].some((s) => p === s || p.startsWith(`${s}/`)));
  return [...new Set(allowed)].sort((a, b) => a.length - b.length);
}

function findTools() {
  if (tools) return tools;
  const prlimit = findExecutable('prlimit');
  let bwrap = settings.sandbox === 'off' ? null : findExecutable('bwrap');
  if (bwrap) {
    try {
      // Namespaces may be refused (unprivileged user namespaces off, a container's seccomp).
      execFileSync(bwrap, ['--unshare-all', '--die-with-parent', '--ro-bind', '/', '/', '--', '/bin/true'], { stdio: 'ignore', timeout: 10_000 });
    } catch {
      bwrap = null;
    }
  }
  tools = { bwrap, prlimit };
  return tools;
}

/** On PATH (where the operator installed it), else in the system's folders. */
function findExecutable(name: string): string | null {
  if (process.platform !== 'linux') return null;
  const onPath = (process.env.PATH ?? '').split(':').filter((d) => d.startsWith('/'));
  for (const dir of [...onPath, '/usr/bin', '/bin', '/usr/local/bin']) {
    try {
      accessSync(`${dir}/${name}`, constants.X_OK);
      return `${dir}/${name}`;
    } catch {
      // not here
    }
  }
  return null;
}
