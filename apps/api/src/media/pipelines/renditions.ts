import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { HLS_SEGMENT_SECONDS, MAIN_MP4 } from '../constants.ts';
import type { HlsTarget, SourceVideo } from '../commands/hls.ts';
import { removeFilesExcept, tempPath } from '../files.ts';
import { type MediaPlaylist, measureBandwidth, parseMediaPlaylist } from '../hls-playlist.ts';
import type { LadderRung } from '../ladder.ts';
import type { MasterEntry, SegmentContainer } from '../master-playlist.ts';
import type { ProbeResult } from '../probe.ts';
import type { PipelineOptions } from './run.ts';

/* One HLS rendition on disk: its description, how a run's output is put in place and measured, and its master entry. */

/** Players start with the first variant of the master: a middle rung, not the heaviest. */
const START_RUNG_MAX_SHORT_SIDE = 720;

export interface Rendition {
  name: string;
  width: number;
  height: number;
  /** Peak segment bit rate (bits/s), measured on the written segments. */
  bandwidth: number;
  averageBandwidth: number;
  /** RFC 6381, e.g. avc1.64001f,mp4a.40.2. */
  codecs: string;
  frameRate: number | null;
  /** Relative to the output folder: hls/<name>/index.m3u8. */
  playlist: string;
  /**
   * Every segment but the last lasts HLS_SEGMENT_SECONDS, so segments (each opening on a
   * keyframe) start where the ladder's do and players can switch between them cleanly.
   */
  alignedSegments: boolean;
  /** Segment container; one master lists renditions of one container only (MasterEntry). */
  container: SegmentContainer;
}

/** A single-file rendition in `dir` lists byte ranges of main.mp4, by the name the temporary `mp4` is about to get. */
export async function pointAtMainMp4(out: string, dir: string, playlist: string, mp4: string) {
  await pointPlaylistAt(join(out, playlist), basename(mp4), `${'../'.repeat(dir.split('/').length)}${MAIN_MP4}`);
}

/** Rewrites the URIs of a single-file playlist from the name ffmpeg wrote to `uri`. */
async function pointPlaylistAt(playlist: string, written: string, uri: string) {
  const lines = (await readFile(playlist, 'utf8')).split('\n');
  await writeFile(playlist, lines.map((l) => (l === written ? uri : l.replace(`URI="${written}"`, `URI="${uri}"`))).join('\n'));
}

export type RenditionMeta = Omit<Rendition, 'bandwidth' | 'averageBandwidth' | 'playlist' | 'alignedSegments' | 'container'>;

export function rungMeta(name: string, rung: LadderRung, audio: boolean): RenditionMeta {
  return { name, width: rung.width, height: rung.height, codecs: audio ? `${rung.videoCodec},mp4a.40.2` : rung.videoCodec, frameRate: rung.fps };
}

export function sourceVideo(input: string, probe: ProbeResult, options: PipelineOptions): SourceVideo {
  return {
    input,
    videoStreamIndex: probe.videoStreamIndex,
    audioStreamIndex: probe.audioStreamIndex,
    deinterlace: probe.interlaced,
    sourceFps: probe.fps,
    preset: options.preset,
  };
}

/** MPEG-TS segments, for the growing rendition: an fMP4 file cannot be read while it is written. */
export function tsTarget(dir: string, runId: string): Extract<HlsTarget, { segmentPattern: string }> {
  return { playlist: tempPath(`${dir}/index.m3u8`, runId), segmentPattern: `${dir}/seg-${runId}-%04d.ts` };
}

/**
 * Puts a rendition written by run `runId` in place: its playlist replaces index.m3u8 in one
 * rename, then files of earlier runs in that folder are removed.
 */
export async function commitRendition(out: string, dir: string, runId: string, meta: RenditionMeta): Promise<Rendition> {
  const folder = join(out, dir);
  const temp = join(out, tempPath(`${dir}/index.m3u8`, runId));
  const playlist = parseMediaPlaylist(await readFile(temp, 'utf8'));
  if (playlist.segments.length === 0) throw new Error(`ffmpeg wrote no segments for ${dir}`);
  const bandwidth = await measureBandwidth(folder, playlist);
  await rename(temp, join(folder, 'index.m3u8'));
  const keep = new Set(['index.m3u8', ...playlist.segments.map((s) => s.uri)]);
  await removeFilesExcept(folder, (n) => keep.has(n));
  return {
    ...meta,
    bandwidth: bandwidth.peak,
    averageBandwidth: bandwidth.average,
    playlist: `${dir}/index.m3u8`,
    alignedSegments: startsOnGrid(playlist, meta.frameRate),
    container: playlist.initUri ? 'fmp4' : 'mpegts',
  };
}

/** Whether segment i starts at i x HLS_SEGMENT_SECONDS (within half a frame), as the ladder's rungs do. */
function startsOnGrid(playlist: MediaPlaylist, fps: number | null): boolean {
  const tolerance = fps ? 0.5 / fps : 0.02;
  let start = 0;
  return playlist.segments.every((seg, i) => {
    const onGrid = Math.abs(start - i * HLS_SEGMENT_SECONDS) < tolerance;
    start += seg.durationSec;
    return onGrid;
  });
}

export function masterEntry(r: Rendition): MasterEntry {
  return {
    uri: r.playlist.replace(/^hls\//, ''),
    bandwidth: r.bandwidth,
    averageBandwidth: r.averageBandwidth,
    width: r.width,
    height: r.height,
    codecs: r.codecs,
    frameRate: r.frameRate,
    container: r.container,
  };
}

/** Largest first, except that the largest rung of at most 720p leads, as the starting variant. */
export function startFirst<T extends { width: number; height: number }>(renditions: readonly T[]): T[] {
  const i = renditions.findIndex((r) => Math.min(r.width, r.height) <= START_RUNG_MAX_SHORT_SIDE);
  if (i <= 0) return [...renditions];
  return [renditions[i], ...renditions.slice(0, i), ...renditions.slice(i + 1)];
}
