import { stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface MediaSegment {
  uri: string;
  durationSec: number;
  /** EXT-X-BYTERANGE length: the segment is that part of `uri`. */
  byteLength: number | null;
}

export interface MediaPlaylist {
  segments: MediaSegment[];
  /** EXT-X-MAP init section of fMP4 playlists. */
  initUri: string | null;
  /** Its BYTERANGE length, when it is part of a file. */
  initByteLength: number | null;
  durationSec: number;
}

/** Segments of an HLS media playlist (the tags the pipelines need; others are ignored). */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const segments: MediaSegment[] = [];
  let initUri: string | null = null;
  let initByteLength: number | null = null;
  let pending: number | null = null;
  let range: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF:')) {
      pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line.startsWith('#EXT-X-MAP:')) {
      initUri = attribute(line, 'URI');
      initByteLength = byteLength(attribute(line, 'BYTERANGE'));
    } else if (line.startsWith('#EXT-X-BYTERANGE:')) {
      range = byteLength(line.slice('#EXT-X-BYTERANGE:'.length));
    } else if (!line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, durationSec: Number.isFinite(pending) ? pending : 0, byteLength: range });
      pending = null;
      range = null;
    }
  }
  const durationSec = segments.reduce((sum, s) => sum + s.durationSec, 0);
  return { segments, initUri, initByteLength, durationSec: Math.round(durationSec * 1000) / 1000 };
}

export interface Bandwidth {
  /** Highest bit rate of a segment (BANDWIDTH), bits per second. */
  peak: number;
  /** Total bits over total duration (AVERAGE-BANDWIDTH). */
  average: number;
}

/**
 * BANDWIDTH and AVERAGE-BANDWIDTH as Apple's validator measures them, from the segment files
 * ffmpeg wrote. Segments much shorter than the rest (the tail) are left out of the peak, where
 * one keyframe would otherwise read as a burst.
 */
export async function measureBandwidth(dir: string, playlist: MediaPlaylist): Promise<Bandwidth> {
  const sizes = await Promise.all(playlist.segments.map(async (s) => s.byteLength ?? (await stat(join(dir, s.uri))).size));
  const initBytes = playlist.initUri ? (playlist.initByteLength ?? (await stat(join(dir, playlist.initUri))).size) : 0;
  return bandwidthOf(playlist, sizes, initBytes);
}

/** measureBandwidth from known sizes: one per segment, in bytes. */
export function bandwidthOf(playlist: MediaPlaylist, sizes: readonly number[], initBytes = 0): Bandwidth {
  const totalBits = (sizes.reduce((a, b) => a + b, 0) + initBytes) * 8;
  const longest = Math.max(0, ...playlist.segments.map((s) => s.durationSec));
  let peak = 0;
  playlist.segments.forEach((s, i) => {
    if (s.durationSec <= 0 || s.durationSec < longest / 2) return;
    peak = Math.max(peak, (sizes[i] * 8) / s.durationSec);
  });
  const average = playlist.durationSec > 0 ? totalBits / playlist.durationSec : 0;
  return { peak: Math.ceil(Math.max(peak, average)), average: Math.ceil(average) };
}

/**
 * A media playlist published while its rendition is encoded: EVENT (segments are only ever
 * appended, media sequence 0), starting at the beginning (EXT-X-START; players otherwise join an
 * open playlist near its end), closed by ENDLIST when the encode is done, after which players
 * treat it as VOD. The target duration may not change while it grows (RFC 8216, 6.2.1), so it is
 * the segment length the encode cuts at; a longer segment (a source with a gap) raises it, which
 * players cope with, rather than outlasting it.
 */
export function renderGrowingPlaylist(segments: readonly MediaSegment[], segmentSeconds: number, ended: boolean): string {
  const target = Math.max(segmentSeconds, ...segments.map((s) => Math.round(s.durationSec)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-START:TIME-OFFSET=0,PRECISE=YES',
  ];
  for (const s of segments) lines.push(`#EXTINF:${s.durationSec.toFixed(6)},`, s.uri);
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

export class UnsupportedPlaylistError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedPlaylistError';
  }
}

const COPIED_TAGS = ['#EXT-X-VERSION', '#EXT-X-TARGETDURATION', '#EXT-X-MEDIA-SEQUENCE', '#EXT-X-DISCONTINUITY-SEQUENCE', '#EXT-X-DISCONTINUITY', '#EXT-X-BYTERANGE', '#EXTINF'];

/**
 * A downloaded playlist rewritten so ffmpeg can only read files beside it: segment and init
 * URIs must be plain relative names (no scheme, no absolute path, no `..`), encryption and
 * master playlists are refused, unknown tags dropped, and the list is closed with ENDLIST so
 * the demuxer never waits for a live playlist to grow.
 */
export function sanitizeImportedPlaylist(text: string): { text: string; playlist: MediaPlaylist } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') throw new UnsupportedPlaylistError('Not an HLS playlist');
  const out = ['#EXTM3U'];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    if (line.startsWith('#EXT-X-STREAM-INF') || line.startsWith('#EXT-X-MEDIA:')) {
      throw new UnsupportedPlaylistError('A master playlist: pick one media playlist first');
    }
    if (line.startsWith('#EXT-X-KEY') || line.startsWith('#EXT-X-SESSION-KEY')) {
      if (attribute(line, 'METHOD') === 'NONE') continue;
      throw new UnsupportedPlaylistError('Encrypted HLS is not supported');
    }
    if (line.startsWith('#EXT-X-MAP:')) {
      const uri = attribute(line, 'URI');
      if (!uri) throw new UnsupportedPlaylistError('EXT-X-MAP without a URI');
      out.push(`#EXT-X-MAP:URI="${localName(uri)}"`);
      continue;
    }
    if (line.startsWith('#')) {
      if (COPIED_TAGS.some((t) => line === t || line.startsWith(`${t}:`))) out.push(line);
      continue;
    }
    out.push(localName(line));
  }
  out.push('#EXT-X-ENDLIST', '');
  const sanitized = out.join('\n');
  const playlist = parseMediaPlaylist(sanitized);
  if (playlist.segments.length === 0) throw new UnsupportedPlaylistError('The playlist lists no segments');
  return { text: sanitized, playlist };
}

function localName(uri: string): string {
  const ok = /^[A-Za-z0-9._-][A-Za-z0-9._/-]*$/.test(uri) && !uri.split('/').includes('..');
  if (!ok) throw new UnsupportedPlaylistError(`Segment is not a local file beside the playlist: ${uri.slice(0, 200)}`);
  return uri;
}

/** "1234@5678" or "1234" -> 1234 */
function byteLength(range: string | null): number | null {
  const n = range ? Number.parseInt(range, 10) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

function attribute(line: string, name: string): string | null {
  const m = new RegExp(`(?:^|[:,])${name}=("([^"]*)"|[^,]*)`).exec(line);
  if (!m) return null;
  return m[2] ?? m[1];
}
