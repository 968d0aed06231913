import { spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { startGuardedProxy } from './guarded-proxy.ts';
import { parseImportUrl, type ResolveAll, resolveVetted } from './host-vetting.ts';
import { ImportRefusedError, MESSAGES, tooLargeMessage } from './import-error.ts';

/**
 * Pages of video-sharing sites, read by yt-dlp. yt-dlp reaches the network only through a guarded
 * proxy (startGuardedProxy), so its requests and redirects meet the same address rules as ours.
 * It is given no ffmpeg: ffmpeg reads only local files, so yt-dlp can neither stream through
 * ffmpeg nor merge separate picture and sound. It therefore picks the best format that has both
 * in one file.
 */

export class YtDlpMissingError extends ImportRefusedError {
  constructor() {
    super('yt-dlp-missing', MESSAGES.ytDlpMissing);
    this.name = 'YtDlpMissingError';
  }
}

export const YT_DLP_MESSAGES = {
  failed: 'yt-dlp could not download a video from this page.',
  unsupported: 'No video was found on this page.',
  noSingleFile: 'This page offers no video file with picture and sound together that can be imported.',
  live: 'Live streams cannot be imported; import the recording once the broadcast has ended.',
} as const;

/** The yt-dlp executable on PATH, or null. */
export function findYtDlp(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'yt-dlp');
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export function ytDlpAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  return findYtDlp(env) !== null;
}

export interface YtDlpOptions {
  /** Time limit for the whole download; the process is killed past it. */
  timeoutMs: number;
  /** Fraction done, 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Largest file accepted; also the limit on every byte yt-dlp reads. Default 4 GiB. */
  maxBytes?: number;
  /** Hosts reachable despite the address rules (IMPORT_ALLOWED_HOSTS). */
  allowedHosts?: readonly string[];
  signal?: AbortSignal;
  /** yt-dlp executable; found on PATH when omitted. */
  binary?: string;
  resolveAll?: ResolveAll;
}

const PROGRESS_PREFIX = '[reelbase-progress]';
const OUTPUT_STEM = 'video';
/** Protocols that would need an external program (rtmpdump, mpv...) that ignores our proxy. */
const FORMAT = 'b[protocol!*=rtmp][protocol!*=rtsp][protocol!*=mms]';

/** The arguments given to yt-dlp: no configuration, no ffmpeg, one video, files only in destDir. */
export function ytDlpArgs(url: string, destDir: string, options: { proxyUrl: string; maxBytes: number }): string[] {
  return [
    '--ignore-config',
    '--no-playlist',
    '--no-cache-dir',
    '--no-mtime',
    '--restrict-filenames',
    '--abort-on-unavailable-fragments',
    '--match-filter',
    '!is_live',
    '--proxy',
    options.proxyUrl,
    '--socket-timeout',
    '30',
    '--retries',
    '3',
    '--fragment-retries',
    '3',
    '--downloader',
    'native',
    // A path that does not exist: yt-dlp continues without ffmpeg.
    '--ffmpeg-location',
    join(destDir, '.no-ffmpeg'),
    '--max-filesize',
    String(options.maxBytes),
    '--format',
    FORMAT,
    '--paths',
    destDir,
    '--output',
    `${OUTPUT_STEM}.%(ext)s`,
    '--newline',
    '--progress-template',
    `download:${PROGRESS_PREFIX} %(progress.downloaded_bytes)s %(progress.total_bytes)s %(progress.total_bytes_estimate)s`,
    '--',
    url,
  ];
}

/**
 * Downloads the video of a page with yt-dlp into destDir and returns the file's path. Files it
 * wrote are removed on failure.
 */
export async function downloadWithYtDlp(url: string, destDir: string, options: YtDlpOptions): Promise<string> {
  const binary = options.binary ?? findYtDlp();
  if (!binary) throw new YtDlpMissingError();
  const maxBytes = options.maxBytes ?? 4 * 1024 ** 3;
  const allowedHosts = options.allowedHosts ?? [];
  const page = parseImportUrl(url);
  await resolveVetted(page.hostname, { allowedHosts, resolveAll: options.resolveAll }, options.signal);

  await mkdir(destDir, { recursive: true });
  const before = new Set(await readdir(destDir));
  const home = join(destDir, `.yt-dlp-home-${process.pid}-${Date.now()}`);
  await mkdir(home);
  // Pages, manifests and the file itself: the file's limit plus room for what comes before it.
  const proxy = await startGuardedProxy({ allowedHosts, maxBytes: maxBytes + 64 * 1024 * 1024, resolveAll: options.resolveAll });
  try {
    const output = await run(binary, ytDlpArgs(page.href, destDir, { proxyUrl: proxy.url, maxBytes }), home, options);
    const refusal = proxy.refusal();
    if (refusal) throw refusal;
    const file = (await readdir(destDir)).find((name) => !before.has(name) && isFinalFile(name));
    if (output.code === 0 && file) return join(destDir, file);
    throw explain(output.text.replaceAll(proxy.url, '[proxy]'), maxBytes);
  } catch (err) {
    const now = await readdir(destDir).catch(() => [] as string[]);
    await Promise.all(now.filter((name) => !before.has(name)).map((name) => rm(join(destDir, name), { recursive: true, force: true })));
    throw err;
  } finally {
    await proxy.close();
    await rm(home, { recursive: true, force: true });
  }
}

function isFinalFile(name: string): boolean {
  return name.startsWith(`${OUTPUT_STEM}.`) && !/\.(part|ytdl|temp)$|\.part-Frag\d+/.test(name);
}

/** The user-facing reason a run produced no file, from yt-dlp's own words. */
function explain(text: string, maxBytes: number): ImportRefusedError {
  if (/larger than max-filesize/i.test(text)) return new ImportRefusedError('too-large', tooLargeMessage(maxBytes));
  if (/does not pass filter \(!is_live\)/i.test(text)) return new ImportRefusedError('unsupported', YT_DLP_MESSAGES.live);
  if (/Requested format is not available/i.test(text)) return new ImportRefusedError('yt-dlp-failed', YT_DLP_MESSAGES.noSingleFile);
  if (/Unsupported URL/i.test(text)) return new ImportRefusedError('yt-dlp-failed', YT_DLP_MESSAGES.unsupported);
  const error = text
    .split('\n')
    .reverse()
    .find((line) => line.startsWith('ERROR:'));
  const detail = error ? ` ${error.slice('ERROR:'.length).trim().slice(0, 300)}` : '';
  return new ImportRefusedError('yt-dlp-failed', `${YT_DLP_MESSAGES.failed}${detail}`);
}

interface RunResult {
  code: number | null;
  /** The last lines of stdout and stderr together (bounded). */
  text: string;
}

function run(binary: string, args: string[], home: string, options: YtDlpOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      // A clean environment: no proxy variables to bypass ours, no user configuration or plugins.
      env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home, LANG: 'C.UTF-8', PYTHONIOENCODING: 'utf-8' },
    });
    let text = '';
    let fraction = 0;
    let settled = false;
    const onLine = (line: string) => {
      if (line.startsWith(PROGRESS_PREFIX)) {
        const [done, total, estimate] = line.slice(PROGRESS_PREFIX.length).trim().split(/\s+/).map(Number);
        const whole = Number.isFinite(total) && total > 0 ? total : estimate;
        if (Number.isFinite(done) && Number.isFinite(whole) && whole > 0) {
          const next = Math.min(1, done / whole);
          if (next > fraction) {
            fraction = next;
            options.onProgress?.(fraction);
          }
        }
        return;
      }
      text = `${text}${line}\n`.slice(-64 * 1024);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (pending + chunk).split(/\r?\n|\r/);
        pending = lines.pop() ?? '';
        for (const line of lines) onLine(line);
        pending = pending.slice(-64 * 1024);
      });
      stream.on('end', () => {
        if (pending) onLine(pending);
      });
    }
    let failure: { reason: unknown } | null = null;
    const signalGroup = (sig: NodeJS.Signals) => {
      try {
        // The whole process group: yt-dlp may have started helpers of its own.
        process.kill(-child.pid!, sig);
      } catch {
        // already gone
      }
    };
    const stop = (reason: unknown) => {
      if (failure || settled) return;
      failure = { reason };
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), 5_000).unref();
    };
    const timer = setTimeout(() => stop(new ImportRefusedError('timeout', MESSAGES.timeout)), options.timeoutMs);
    const onAbort = () => stop(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      settled = true;
    };
    child.once('error', (err) => {
      if (child.pid !== undefined || settled) return; // a running child reports through 'close'
      finish();
      reject(new ImportRefusedError('yt-dlp-failed', YT_DLP_MESSAGES.failed, { cause: err }));
    });
    child.once('close', (code) => {
      if (settled) return;
      finish();
      // Rejected only once the process is gone, so nothing writes into destDir after cleanup.
      if (failure) reject(failure.reason);
      else resolve({ code, text });
    });
  });
}
