import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GuardedFetch } from './guarded-fetch.ts';
import {
  HLS_MESSAGES,
  type MediaPlaylist,
  parsePlaylist,
  pickAudioRendition,
  pickVariant,
  renderMasterPlaylist,
  renderMediaPlaylist,
} from './hls-playlist.ts';
import { parseImportUrl } from './host-vetting.ts';
import { httpStatusMessage, ImportRefusedError, tooLargeMessage } from './import-error.ts';

export type ImportKind = 'file' | 'hls' | 'page';

export type ProgressFn = (receivedBytes: number, totalBytes: number | null) => void;

export interface DownloadOptions {
  onProgress?: ProgressFn;
  signal?: AbortSignal;
}

export interface DownloadResult {
  path: string;
  bytes: number;
  contentType: string | null;
  /** The address finally read, after redirects. */
  url: string;
}

const HLS_TYPES = new Set(['application/vnd.apple.mpegurl', 'application/x-mpegurl', 'audio/mpegurl', 'audio/x-mpegurl']);
const MEDIA_TYPES = new Set(['application/mp4', 'application/x-matroska', 'application/mxf', 'application/ogg']);
const BINARY_TYPES = new Set(['application/octet-stream', 'binary/octet-stream', 'application/binary']);
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const VIDEO_EXTENSIONS = new Set([
  '3gp', 'avi', 'f4v', 'flv', 'm2ts', 'm4v', 'mkv', 'mov', 'mp4', 'mpeg', 'mpg', 'mts', 'mxf', 'ogv', 'ts', 'webm', 'wmv',
]);

function urlExtension(url: string): string {
  try {
    return extname(new URL(url).pathname).slice(1).toLowerCase();
  } catch {
    return '';
  }
}

/**
 * How an address is imported: a media file read as it is, an HLS playlist whose segments are
 * fetched, or a web page that yt-dlp has to read. A specific Content-Type decides; without one
 * (or with a generic binary type) the address's extension does.
 */
export function detectKind(url: string, contentType: string | null): ImportKind {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (HLS_TYPES.has(type)) return 'hls';
  if (type.startsWith('video/') || type.startsWith('audio/') || MEDIA_TYPES.has(type)) return 'file';
  if (PAGE_TYPES.has(type)) return 'page';
  const ext = urlExtension(url);
  if (ext === 'm3u8' || ext === 'm3u') return 'hls';
  if (VIDEO_EXTENSIONS.has(ext) || BINARY_TYPES.has(type)) return 'file';
  return 'page';
}

/**
 * detectKind for an address whose extension says nothing: asks the server (one guarded GET, only
 * the headers and first bytes read) and recognises a playlist served with a vague type by '#EXTM3U'.
 */
export async function probeKind(fetcher: GuardedFetch, url: string, options: { signal?: AbortSignal } = {}): Promise<ImportKind> {
  if (detectKind(url, null) === 'hls') return 'hls';
  const res = await fetcher(url, { signal: options.signal });
  const reader = res.body?.getReader();
  try {
    if (!res.ok) throw httpError(res.status);
    const first = reader ? await reader.read() : { value: undefined };
    const head = first.value ? Buffer.from(first.value.subarray(0, 16)).toString('latin1') : '';
    if (head.replace(/^\uFEFF/, '').startsWith('#EXTM3U')) return 'hls';
    return detectKind(res.url, res.headers.get('content-type'));
  } finally {
    await reader?.cancel().catch(() => {});
  }
}

/** Streams an address to a file (never the whole body in memory); no partial file is left on failure. */
export async function downloadToFile(fetcher: GuardedFetch, url: string, destPath: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  try {
    const res = await fetcher(url, { signal: options.signal });
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      throw httpError(res.status);
    }
    const length = Number(res.headers.get('content-length'));
    const total = res.headers.has('content-length') && Number.isFinite(length) ? length : null;
    const progress = throttled(options.onProgress);
    progress(0, total);
    const bytes = await streamToFile(res.body, destPath, (received) => progress(received, total));
    progress.flush();
    return { path: destPath, bytes, contentType: res.headers.get('content-type'), url: res.url };
  } catch (err) {
    await rm(destPath, { force: true });
    throw err;
  }
}

export interface HlsDownloadOptions {
  /** Segments fetched, segments to fetch (the byte total of a stream is unknown until the end), bytes so far. */
  onProgress?: (segmentsDone: number, segmentsTotal: number, receivedBytes: number) => void;
  signal?: AbortSignal;
  /** Limit on the sum of every segment; the fetcher's maxBytes by default. */
  maxTotalBytes?: number;
  maxSegments?: number;
  /** Segments fetched at the same time. */
  concurrency?: number;
}

const PLAYLIST_MAX_BYTES = 4 * 1024 * 1024;
/** Extensions ffmpeg's HLS reader accepts for segments (its allowed_extensions default). */
const SEGMENT_EXTENSIONS = new Set(['aac', 'ac3', 'eac3', 'm4a', 'm4s', 'm4v', 'mp3', 'mp4', 'mpeg', 'mpegts', 'mpg', 'ts']);

/**
 * Downloads an HLS stream through the guard and writes a local playlist naming only local files.
 * A master playlist plays its highest-bandwidth variant (with its separate audio rendition, if it
 * has one, joined in a local master playlist). Returns the local playlist to give to ffmpeg.
 * Every file written is removed on failure.
 */
export async function downloadHls(fetcher: GuardedFetch, playlistUrl: string, destDir: string, options: HlsDownloadOptions = {}): Promise<string> {
  const maxSegments = options.maxSegments ?? 20_000;
  const budget = options.maxTotalBytes ?? fetcher.options.maxBytes;
  const signal = options.signal;
  const createdDir = await mkdir(destDir, { recursive: true });
  const written: string[] = [];
  const write = async (name: string, text: string) => {
    const path = join(destDir, name);
    written.push(path);
    await writeFile(path, text);
    return path;
  };
  try {
    const top = await fetchPlaylist(fetcher, playlistUrl, maxSegments, signal);
    const renditions: { name: string; playlist: MediaPlaylist; baseUrl: string }[] = [];
    let bandwidth = 0;
    if (top.playlist.kind === 'master') {
      const variant = pickVariant(top.playlist);
      bandwidth = variant.bandwidth;
      const audio = pickAudioRendition(top.playlist, variant);
      const video = await fetchMediaPlaylist(fetcher, resolveUri(variant.uri, top.url), maxSegments, signal);
      renditions.push({ name: 'video', ...video });
      if (audio?.uri) renditions.push({ name: 'audio', ...(await fetchMediaPlaylist(fetcher, resolveUri(audio.uri, top.url), maxSegments, signal)) });
    } else {
      renditions.push({ name: 'video', playlist: top.playlist, baseUrl: top.url });
    }

    // Every address is checked before the first byte of media is fetched.
    const files = new Map<string, { url: string; file: string }>();
    for (const r of renditions) {
      const hasInit = r.playlist.entries.some((e) => e.type === 'map');
      let index = 0;
      for (const entry of r.playlist.entries) {
        if (entry.type === 'tag') continue;
        const url = resolveUri(entry.uri, r.baseUrl);
        if (files.has(url)) continue;
        const fallback = entry.type === 'map' ? 'mp4' : hasInit ? 'm4s' : 'ts';
        const ext = SEGMENT_EXTENSIONS.has(urlExtension(url)) ? urlExtension(url) : fallback;
        const file = entry.type === 'map' ? `${r.name}-init-${index++}.${ext}` : `${r.name}-${String(index++).padStart(5, '0')}.${ext}`;
        files.set(url, { url, file });
      }
    }
    for (const host of new Set([...files.keys()].map((u) => new URL(u).host))) await fetcher.check(`http://${host}/`, signal);

    await fetchSegments(fetcher, [...files.values()], destDir, written, budget, options);

    const localName = (base: string) => (uri: string) => files.get(resolveUri(uri, base))!.file;
    const entry = renditions.map((r) => ({ file: `${r.name}.m3u8`, text: renderMediaPlaylist(r.playlist, localName(r.baseUrl)) }));
    for (const p of entry) await write(p.file, p.text);
    if (entry.length === 1) return join(destDir, entry[0].file);
    return await write('index.m3u8', renderMasterPlaylist(entry[0].file, entry[1].file, bandwidth));
  } catch (err) {
    if (createdDir) await rm(createdDir, { recursive: true, force: true });
    else await Promise.all(written.map((p) => rm(p, { force: true })));
    throw err;
  }
}

async function fetchSegments(
  fetcher: GuardedFetch,
  files: { url: string; file: string }[],
  destDir: string,
  written: string[],
  budget: number,
  options: HlsDownloadOptions,
): Promise<void> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let received = 0;
  let done = 0;
  let next = 0;
  const progress = throttled((bytes: number) => options.onProgress?.(done, files.length, bytes));
  progress(0);
  const worker = async () => {
    while (next < files.length && !signal.aborted) {
      const { url, file } = files[next++];
      const path = join(destDir, file);
      written.push(path);
      const res = await fetcher(url, { signal });
      if (!res.ok || !res.body) {
        await res.body?.cancel().catch(() => {});
        throw httpError(res.status);
      }
      await streamToFile(res.body, path, (_total, chunk) => {
        received += chunk;
        if (received > budget) throw new ImportRefusedError('too-large', tooLargeMessage(budget));
        progress(received);
      });
      done++;
      progress(received);
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, files.length)) }, async () => {
    try {
      await worker();
    } catch (err) {
      stop.abort(err);
      throw err;
    }
  });
  const results = await Promise.allSettled(workers);
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    // The first failure is the cause; the others are the cancellations it triggered.
    throw stop.signal.reason ?? (failure as PromiseRejectedResult).reason;
  }
  progress.flush();
}

async function fetchPlaylist(fetcher: GuardedFetch, url: string, maxSegments: number, signal?: AbortSignal) {
  const res = await fetcher(url, { signal });
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw httpError(res.status);
  }
  const text = await readText(res.body, PLAYLIST_MAX_BYTES);
  return { playlist: parsePlaylist(text, { maxSegments }), url: res.url };
}

async function fetchMediaPlaylist(fetcher: GuardedFetch, url: string, maxSegments: number, signal?: AbortSignal) {
  const { playlist, url: baseUrl } = await fetchPlaylist(fetcher, url, maxSegments, signal);
  if (playlist.kind === 'master') throw new ImportRefusedError('unsupported', HLS_MESSAGES.nested);
  return { playlist, baseUrl };
}

/** An absolute http(s) address for a URI found in a playlist; any other scheme is refused. */
function resolveUri(uri: string, base: string): string {
  let url: URL;
  try {
    url = new URL(uri, base);
  } catch {
    throw new ImportRefusedError('unsupported', HLS_MESSAGES.notPlaylist);
  }
  url.hash = '';
  return parseImportUrl(url).href;
}

async function readText(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await body.cancel().catch(() => {});
      throw new ImportRefusedError('unsupported', HLS_MESSAGES.notPlaylist);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes a body to a file as it arrives; onChunk may throw to stop. Returns the byte count. */
async function streamToFile(body: ReadableStream<Uint8Array>, path: string, onChunk: (receivedBytes: number, chunkBytes: number) => void): Promise<number> {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.byteLength;
      try {
        onChunk(received, chunk.byteLength);
        callback(null, chunk);
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  await pipeline(Readable.fromWeb(body), counter, createWriteStream(path));
  return received;
}

function httpError(status: number) {
  return new ImportRefusedError('http-status', httpStatusMessage(status), { transient: status === 429 || status >= 500 });
}

/**
 * Calls fn at most every 250 ms; a call held back is delivered when the interval is over (a
 * stalled download still reports what it has), or at once by flush().
 */
function throttled<A extends unknown[]>(fn: ((...args: A) => void) | undefined, intervalMs = 250) {
  let last = 0;
  let pending: A | null = null;
  let timer: NodeJS.Timeout | null = null;
  const deliver = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const args = pending;
    pending = null;
    last = Date.now();
    fn?.(...args);
  };
  const call = (...args: A) => {
    pending = args;
    const wait = intervalMs - (Date.now() - last);
    if (wait <= 0) deliver();
    else timer ??= setTimeout(deliver, wait);
  };
  return Object.assign(call, { flush: deliver });
}
