import { writeFileAtomic } from './files.ts';

export type SegmentContainer = 'fmp4' | 'mpegts';

export interface MasterEntry {
  /** Media playlist URI relative to the master, e.g. 720p/index.m3u8. */
  uri: string;
  /** Peak bit rate in bits per second. */
  bandwidth: number;
  averageBandwidth?: number | null;
  width: number;
  height: number;
  /** RFC 6381 codecs, e.g. avc1.640028,mp4a.40.2. */
  codecs: string;
  frameRate?: number | null;
  container: SegmentContainer;
}

/**
 * The master playlist text, variants in the given order (players start with the first). Every
 * variant must be of one container (Apple's authoring rules; players switching from MPEG-TS to
 * fMP4 mid-stream lose the timeline), and the version is that of its media playlists: 7 for fMP4
 * (EXT-X-MAP), 3 for MPEG-TS.
 */
export function buildMasterPlaylist(entries: readonly MasterEntry[]): string {
  if (entries.length === 0) throw new Error('A master playlist needs at least one rendition');
  const containers = new Set(entries.map((e) => e.container));
  if (containers.size > 1) throw new Error('A master playlist lists renditions of one container only');
  const lines = ['#EXTM3U', `#EXT-X-VERSION:${entries[0].container === 'fmp4' ? 7 : 3}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const e of entries) {
    const attrs = [`BANDWIDTH=${Math.ceil(e.bandwidth)}`];
    if (e.averageBandwidth) attrs.push(`AVERAGE-BANDWIDTH=${Math.ceil(e.averageBandwidth)}`);
    attrs.push(`RESOLUTION=${e.width}x${e.height}`, `CODECS="${e.codecs}"`);
    if (e.frameRate) attrs.push(`FRAME-RATE=${e.frameRate.toFixed(3)}`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, e.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes (or replaces) the master atomically: players read the old list or the new, never a part. */
export async function writeMasterPlaylist(path: string, entries: readonly MasterEntry[]): Promise<void> {
  await writeFileAtomic(path, buildMasterPlaylist(entries));
}
