import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { buildLadderArgs, buildRemuxPublishArgs, buildTranscodePublishArgs, type HlsOutputOptions, type HlsTarget } from '../commands/hls.ts';
import { FIRST_RENDITION_NAME, KEYFRAME_INTERVAL_SECONDS, LADDER_CONTAINER, MAIN_MP4, MASTER_PLAYLIST } from '../constants.ts';
import { isTempName, newRunId, removeFilesExcept, tempPath, writeFileAtomic } from '../files.ts';
import { bandwidthOf, type MediaSegment, parseMediaPlaylist, renderGrowingPlaylist } from '../hls-playlist.ts';
import { aacCodec, avc1Codec, firstRung, type LadderRung, ladderCopiesAudio, planLadder } from '../ladder.ts';
import { writeMasterPlaylist } from '../master-playlist.ts';
import type { ProbeResult } from '../probe.ts';
import { MediaProcessError, MediaTimeoutError } from '../runner.ts';
import { commitRendition, masterEntry, pointAtMainMp4, type Rendition, type RenditionMeta, rungMeta, sourceVideo, startFirst, tsTarget } from './renditions.ts';
import { fileSize, type PipelineOptions, runCleaningUp } from './run.ts';

/* Pipelines that publish HLS: the first rendition (remux or encode), the growing rendition, the ladder. */

export interface FirstRendition {
  mp4: typeof MAIN_MP4;
  master: typeof MASTER_PLAYLIST;
  rendition: Rendition;
  /** True when the streams were copied, false when they were re-encoded. */
  remuxed: boolean;
}

/**
 * Whether the source can be published by copying its streams: H.264 in 8-bit 4:2:0 (what every
 * browser decodes), AAC or no audio, progressive, and not rotated (MPEG-TS segments cannot
 * carry the rotation, so players would show the picture sideways).
 */
export function isFastPublishable(probe: ProbeResult): boolean {
  return (
    probe.videoCodec === 'h264' &&
    (probe.pixFmt === 'yuv420p' || probe.pixFmt === 'yuvj420p') &&
    (probe.audioCodec === null || probe.audioCodec === 'aac') &&
    probe.rotation === 0 &&
    !probe.interlaced &&
    Math.max(probe.width, probe.height) <= 4096
  );
}

/**
 * Publishes one playable rendition as fast as the source allows: a remux when isFastPublishable
 * (re-encoding if the copy fails), else an encode of the ladder's top rung. Writes main.mp4, a
 * fragmented mp4, hls/first/index.m3u8 listing byte ranges of it, and hls/master.m3u8 listing
 * that one rendition. With `early` (startEarlyRemux on the same folders), its remux is the one
 * kept when it copied the streams the probe chose; otherwise it is stopped.
 */
export async function publishFirstRendition(input: string, outDir: string, probe: ProbeResult, options: PipelineOptions, early?: EarlyRemux): Promise<FirstRendition> {
  const out = resolve(outDir);
  const source = resolve(input);
  const dir = `hls/${FIRST_RENDITION_NAME}`;
  const audio = probe.audioStreamIndex !== null;

  const attempt = async (remux: boolean): Promise<{ runId: string; meta: RenditionMeta }> => {
    let runId: string;
    let playlist: string;
    let meta: RenditionMeta;
    if (remux) {
      const codecs = [avc1Codec(probe.videoProfile, probe.videoLevel), ...(audio ? [aacCodec(probe.audioProfile)] : [])];
      meta = { name: FIRST_RENDITION_NAME, width: probe.width, height: probe.height, codecs: codecs.join(','), frameRate: probe.fps || null };
    } else {
      meta = rungMeta(FIRST_RENDITION_NAME, firstRung(probe), audio);
    }
    if (remux && early && probe.firstStreams) {
      ({ runId, playlist } = early);
      await early.done;
    } else {
      await mkdir(join(out, dir), { recursive: true }); // a failed attempt removes it when empty
      runId = newRunId();
      playlist = tempPath(`${dir}/index.m3u8`, runId);
      const mp4 = tempPath(MAIN_MP4, runId);
      const args = remux
        ? buildRemuxPublishArgs({ input: source, videoStreamIndex: probe.videoStreamIndex, audioStreamIndex: probe.audioStreamIndex, playlist, mp4 })
        : buildTranscodePublishArgs({ ...sourceVideo(source, probe, options), rung: firstRung(probe), playlist, mp4 });
      await runCleaningUp(args, out, [dir, '.'], runId, probe.durationSec, options);
    }
    // The segments are byte ranges of the mp4, which is about to get its final name.
    await pointAtMainMp4(out, dir, playlist, tempPath(MAIN_MP4, runId));
    return { runId, meta };
  };

  let remuxed = isFastPublishable(probe);
  // An early remux of other streams than the probe chose, or of a source that is not remuxed, is not kept.
  if (early && !(remuxed && probe.firstStreams)) await early.stop();
  let done: { runId: string; meta: RenditionMeta } | null = null;
  if (remuxed) {
    try {
      done = await attempt(true);
    } catch (err) {
      // A copy can fail on odd timestamps or bitstreams that an encode repairs.
      if (!(err instanceof MediaProcessError) || err instanceof MediaTimeoutError) throw err;
      remuxed = false;
    }
  }
  done ??= await attempt(false);

  const { runId: id, meta: m } = done;
  await rename(join(out, tempPath(MAIN_MP4, id)), join(out, MAIN_MP4));
  const rendition = await commitRendition(out, dir, id, m);
  await writeMasterPlaylist(join(out, MASTER_PLAYLIST), [masterEntry(rendition)]);
  await removeFilesExcept(out, (n) => !isTempName(n));
  await removeFilesExcept(join(out, 'hls'), (n) => !isTempName(n));
  options.onProgress?.(1);
  return { mp4: MAIN_MP4, master: MASTER_PLAYLIST, rendition, remuxed };
}

/** A remux of publishFirstRendition running before the probe has answered (startEarlyRemux). */
export interface EarlyRemux {
  runId: string;
  /** Its playlist (a temporary name), relative to the output folder. */
  playlist: string;
  /** Settles when ffmpeg has ended; rejects as publishFirstRendition's own remux would. */
  done: Promise<void>;
  /** Stops it (when still running) and waits until what it wrote is removed. */
  stop(): Promise<void>;
}

/**
 * Starts the remux of publishFirstRendition before the probe answers, beside it: uploads are
 * mostly H.264/AAC in MP4, which is remuxed, so a remux of the first video and audio streams
 * (what the probe picks in a usual file) is usually what publishFirstRendition would run, and the
 * upload is playable a probe's time sooner (each Debian ffmpeg or ffprobe start costs about
 * 0.1 s of loading its libraries, far more than its box). Hand it to publishFirstRendition, which
 * keeps it or stops it; stop it on every other way out. It writes only in `outDir`.
 */
export function startEarlyRemux(input: string, outDir: string, options: PipelineOptions): EarlyRemux {
  const out = resolve(outDir);
  const dir = `hls/${FIRST_RENDITION_NAME}`;
  const runId = newRunId();
  const playlist = tempPath(`${dir}/index.m3u8`, runId);
  const stopper = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopper.signal]) : stopper.signal;
  const done = (async () => {
    await mkdir(join(out, dir), { recursive: true });
    const args = buildRemuxPublishArgs({ input: resolve(input), videoStreamIndex: 'first', audioStreamIndex: 'first', playlist, mp4: tempPath(MAIN_MP4, runId) });
    await runCleaningUp(args, out, [dir, '.'], runId, undefined, { ...options, signal, onProgress: undefined });
  })();
  done.catch(() => {}); // read by publishFirstRendition, or dropped by stop()
  return {
    runId,
    playlist,
    done,
    async stop() {
      stopper.abort(new Error('early remux not needed'));
      await done.catch(() => {});
      for (const d of [dir, '.']) await removeFilesExcept(join(out, d), (n) => !n.includes(runId)).catch(() => {});
    },
  };
}

/** Segments of the growing rendition: one keyframe interval, so the first is out within seconds. */
export const GROWING_SEGMENT_SECONDS = KEYFRAME_INTERVAL_SECONDS;
/**
 * x264 preset of the growing rendition. Measured on two cores from a 1080p HEVC source, 720p
 * ultrafast runs about four times faster than real time (superfast 3.5x, veryfast under 3x, the
 * HEVC decode being a third of the work): room to stay ahead of viewers on a busy machine. Its
 * lower quality per bit lasts only until the ladder replaces it.
 */
export const GROWING_PRESET = 'ultrafast';
/** How often the growing playlist is checked for new segments while ffmpeg runs. */
const GROWING_POLL_MS = 200;

export interface GrowingUpdate {
  /**
   * Files to publish in this order, relative to the output folder: the new segments, then the
   * media playlist listing them, then on the first update the master. They may be moved away.
   */
  files: string[];
  /** The first update: once its files are published the video is playable. */
  first: boolean;
  /** The last update: the playlist is closed with ENDLIST. */
  ended: boolean;
}

/**
 * The rendition of a source that cannot be remuxed, published while it is encoded: the ladder's
 * starting rung (at most 720p, GROWING_PRESET) in GROWING_SEGMENT_SECONDS segments. After each
 * segment ffmpeg closes, `onUpdate` receives it with a growing EVENT playlist
 * (renderGrowingPlaylist) and, the first time, a master listing it; the last update closes the
 * playlist. Updates never overlap; one that throws stops the encode. Writes no mp4 (the ladder
 * does). Returns the rendition, measured on its segments.
 */
export async function publishGrowingRendition(
  input: string,
  outDir: string,
  probe: ProbeResult,
  options: PipelineOptions,
  onUpdate: (update: GrowingUpdate) => Promise<void>,
): Promise<Rendition> {
  const out = resolve(outDir);
  const dir = `hls/${FIRST_RENDITION_NAME}`;
  const playlist = `${dir}/index.m3u8`;
  const rung = growingRung(probe);
  const meta = rungMeta(FIRST_RENDITION_NAME, rung, probe.audioStreamIndex !== null);
  const runId = newRunId();
  const hls = tsTarget(dir, runId);
  const hlsOptions: HlsOutputOptions = { segmentSeconds: GROWING_SEGMENT_SECONDS, growing: true };
  await mkdir(join(out, dir), { recursive: true });
  const args = buildLadderArgs({ ...sourceVideo(resolve(input), probe, { ...options, preset: GROWING_PRESET }), outputs: [{ rung, hls, hlsOptions }] });

  const published: MediaSegment[] = [];
  const sizes: number[] = [];
  const update = async (ended: boolean) => {
    const fresh: MediaSegment[] = [];
    const listed = parseMediaPlaylist(await readFile(join(out, hls.playlist), 'utf8').catch(() => '')).segments;
    for (const seg of listed.slice(published.length)) {
      // ffmpeg lists a segment once it is closed; a name cut off mid-write is no file.
      const size = seg.uri.endsWith('.ts') ? await fileSize(join(out, dir, seg.uri)) : null;
      if (size === null) break;
      fresh.push(seg);
      sizes.push(size);
    }
    if (fresh.length === 0 && !ended) return;
    const first = published.length === 0;
    published.push(...fresh);
    if (published.length === 0) throw new Error(`ffmpeg wrote no segments for ${dir}`);
    await writeFileAtomic(join(out, playlist), renderGrowingPlaylist(published, GROWING_SEGMENT_SECONDS, ended));
    if (first) {
      const nominal = (rung.maxrateKbps + (probe.audioStreamIndex === null ? 0 : rung.audioKbps)) * 1000;
      await writeMasterPlaylist(join(out, MASTER_PLAYLIST), [masterEntry({ ...meta, bandwidth: nominal, averageBandwidth: nominal, playlist, alignedSegments: false, container: 'mpegts' })]);
    }
    await onUpdate({ files: [...fresh.map((s) => `${dir}/${s.uri}`), playlist, ...(first ? [MASTER_PLAYLIST] : [])], first, ended });
  };

  // Polls while ffmpeg runs; a failed update stops ffmpeg, a failed ffmpeg stops the polling.
  const stopEncode = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopEncode.signal]) : stopEncode.signal;
  let encoding = true;
  let updateError: unknown = null;
  const polling = (async () => {
    try {
      while (encoding) {
        await update(false);
        await new Promise((r) => setTimeout(r, GROWING_POLL_MS));
      }
    } catch (err) {
      updateError = err;
      stopEncode.abort(err);
    }
  })();
  try {
    await runCleaningUp(args, out, [dir], runId, probe.durationSec, { ...options, signal });
  } catch (err) {
    throw updateError ?? err;
  } finally {
    encoding = false;
    await polling;
  }
  if (updateError) throw updateError;
  await update(true);
  await rm(join(out, hls.playlist), { force: true });
  const durationSec = published.reduce((sum, seg) => sum + seg.durationSec, 0);
  const bandwidth = bandwidthOf({ segments: published, initUri: null, initByteLength: null, durationSec }, sizes);
  options.onProgress?.(1);
  return { ...meta, bandwidth: bandwidth.peak, averageBandwidth: bandwidth.average, playlist, alignedSegments: false, container: 'mpegts' };
}

/** The growing rendition's rung: the ladder's starting one (the largest of at most 720p). */
export function growingRung(probe: ProbeResult): LadderRung {
  return startFirst(planLadder(probe))[0];
}

/** A source above this multiple of its rung's bit rate is re-encoded rather than served as the top rung. */
const TOP_RUNG_MAX_BITRATE_FACTOR = 1.5;

/**
 * Whether the remuxed first rendition can be the ladder's top rung as it is: the size and frame
 * rate the top rung would have, segments aligned with the rungs', and no more than 1.5 times the
 * rung's bit rate (viewers on the top rung would otherwise download far more than planned).
 */
export function canBeTopRung(probe: ProbeResult, first: Rendition): boolean {
  const top = planLadder(probe)[0];
  return (
    first.alignedSegments === true &&
    first.container === LADDER_CONTAINER &&
    first.width === top.width &&
    first.height === top.height &&
    Math.abs(probe.fps - top.fps) < 0.01 &&
    first.averageBandwidth <= TOP_RUNG_MAX_BITRATE_FACTOR * (top.videoKbps + top.audioKbps) * 1000
  );
}

/**
 * Encodes the adaptive ladder (planLadder: every rung up to the source size, 1080p at most) in
 * one ffmpeg run (decoded once) into hls/<rung>/, each rung one fragmented mp4 that its playlist
 * lists as byte ranges, then replaces hls/master.m3u8 with a master listing the ladder. With `top` (a remux that canBeTopRung), that rendition is the top rung and
 * only the smaller rungs are encoded: the source's own bytes at its own quality, no second copy.
 * Otherwise the first rendition is left out, as its keyframes follow the source while the rungs
 * share keyframes every 2 s, which is what lets players switch cleanly; its folder stays on disk
 * for viewers still playing it and the caller removes it. With `mp4` (no main.mp4 yet, as the
 * growing rendition writes none), the top rung is written as main.mp4, a fragmented mp4 its
 * playlist lists as byte ranges, as a remux is: one copy serves both. Returns the rungs largest first.
 */
export async function buildLadder(
  input: string,
  outDir: string,
  probe: ProbeResult,
  options: PipelineOptions,
  top?: Rendition,
  mp4 = false,
): Promise<Rendition[]> {
  const out = resolve(outDir);
  const source = resolve(input);
  const rungs = planLadder(probe).slice(top ? 1 : 0);
  const runId = newRunId();
  const audio = probe.audioStreamIndex !== null;
  const dirs = rungs.map((r) => `hls/${r.name}`);
  const mp4Temp = mp4 && !top && rungs.length > 0 ? tempPath(MAIN_MP4, runId) : null;
  const targets: HlsTarget[] = rungs.map((r, i) => ({
    playlist: tempPath(`${dirs[i]}/index.m3u8`, runId),
    singleFile: i === 0 && mp4Temp ? mp4Temp : `${dirs[i]}/${r.name}-${runId}.mp4`,
  }));
  for (const d of dirs) await mkdir(join(out, d), { recursive: true });
  if (rungs.length > 0) {
    const args = buildLadderArgs({
      ...sourceVideo(source, probe, options),
      outputs: rungs.map((rung, i) => ({ rung, hls: targets[i] })),
      encoderThreads: rungs.length > 1 ? availableParallelism() : undefined,
      copyAudio: ladderCopiesAudio(probe),
    });
    await runCleaningUp(args, out, mp4Temp ? [...dirs, '.'] : dirs, runId, probe.durationSec, options);
  }
  if (mp4Temp) {
    await pointAtMainMp4(out, dirs[0], targets[0].playlist, mp4Temp);
    await rename(join(out, mp4Temp), join(out, MAIN_MP4));
  }

  const renditions: Rendition[] = top ? [top] : [];
  for (const [i, rung] of rungs.entries()) renditions.push(await commitRendition(out, dirs[i], runId, rungMeta(rung.name, rung, audio)));
  await mkdir(join(out, 'hls'), { recursive: true });
  await writeMasterPlaylist(join(out, MASTER_PLAYLIST), startFirst(renditions).map(masterEntry));
  await removeFilesExcept(join(out, 'hls'), (n) => !isTempName(n));
  options.onProgress?.(1);
  return renditions;
}
