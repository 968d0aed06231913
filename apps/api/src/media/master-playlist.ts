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

/** How a player asks for a master fitted to it: `master.m3u8?fit=<short side in device pixels>&bw=<bits/s>`. */
export interface MasterFit {
  /** The player's short side in device pixels (CSS pixels x devicePixelRatio). */
  fitPx: number | null;
  /** The bandwidth the browser reports (Network Information downlink), bits per second. */
  bandwidth: number | null;
}

/** Share of the reported bandwidth a start rung may take (the rest covers latency and the estimate's error). */
const START_BANDWIDTH_SHARE = 0.7;

/**
 * The master cut to a player: only the rungs up to the smallest one that covers `fitPx` (a larger
 * one would fetch pixels the player throws away), the one to start with first (the largest of them
 * whose peak fits in START_BANDWIDTH_SHARE of `bandwidth`, else the smallest), the rest largest
 * first. A browser's own HLS can only be steered this way: Chromium's was measured fetching 1080p
 * in a 320x180 player. Other lines (captions renditions, session tags) stay as they are; a master
 * without sizes is returned unchanged.
 */
export function fitMasterPlaylist(text: string, fit: MasterFit): string {
  const lines = text.split('\n');
  const variants: { inf: string; uri: string; short: number; bandwidth: number }[] = [];
  const rest: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('#EXT-X-STREAM-INF:') && i + 1 < lines.length) {
      const size = /RESOLUTION=(\d+)x(\d+)/.exec(line);
      const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
      variants.push({ inf: line, uri: lines[++i], short: size ? Math.min(Number(size[1]), Number(size[2])) : 0, bandwidth });
    } else rest.push(line);
  }
  if (variants.length < 2 || variants.some((v) => !v.short)) return text;
  let kept = [...variants].sort((a, b) => b.short - a.short || b.bandwidth - a.bandwidth);
  if (fit.fitPx && fit.fitPx > 0) {
    const cover = kept.filter((v) => v.short >= (fit.fitPx as number)).at(-1) ?? kept[0];
    kept = kept.filter((v) => v.short <= cover.short);
  }
  const budget = fit.bandwidth && fit.bandwidth > 0 ? fit.bandwidth * START_BANDWIDTH_SHARE : null;
  const start = budget === null ? kept[0] : (kept.find((v) => v.bandwidth <= budget) ?? kept[kept.length - 1]);
  const ordered = [start, ...kept.filter((v) => v !== start)];
  const end = rest.at(-1) === '' ? rest.length - 1 : rest.length;
  return [...rest.slice(0, end), ...ordered.flatMap((v) => [v.inf, v.uri]), ...rest.slice(end)].join('\n');
}

/** The `fit` and `bw` query values of a master request (anything else: no cut). */
export function parseMasterFit(query: { fit?: unknown; bw?: unknown }): MasterFit | null {
  const num = (v: unknown) => {
    const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : 0;
    return n > 0 ? n : null;
  };
  const fit = { fitPx: num(query.fit), bandwidth: num(query.bw) };
  return fit.fitPx || fit.bandwidth ? fit : null;
}

/** An AUDIO rendition of a master (issue 37): the video's own audio, or an extra track. */
export interface AudioRendition {
  /** Media playlist URI relative to the master. */
  uri: string;
  /** Shown in players' menus. */
  name: string;
  /** BCP 47; null when unknown (the video's own audio). */
  language: string | null;
  isDefault: boolean;
}

/** GROUP-ID of the audio renditions in the master. */
export const AUDIO_GROUP = 'aud';
/** RFC 6381 codec of every audio rendition (AAC-LC), named on variants that carried no audio. */
const AAC_CODEC = 'mp4a.40.2';

/** A quoted-string attribute value: no double quote, CR or LF (RFC 8216 4.2). */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, (c) => (c === '"' ? "'" : ' '))}"`;

/**
 * The master with its audio as AUDIO renditions (RFC 8216 4.3.4.1): one EXT-X-MEDIA TYPE=AUDIO per
 * rendition before the first variant (exactly one DEFAULT: the one marked, else the first), every
 * EXT-X-STREAM-INF naming the group (and AAC in its CODECS), and each variant's URI replaced by
 * `variantUri` (its picture without audio: every audio comes from the group). Without renditions
 * the master is returned unchanged.
 */
export function withAudioRenditions(master: string, renditions: readonly AudioRendition[], variantUri: (uri: string) => string): string {
  if (renditions.length === 0) return master;
  const defaultIndex = Math.max(0, renditions.findIndex((r) => r.isDefault));
  const media = renditions.map((r, i) =>
    [
      '#EXT-X-MEDIA:TYPE=AUDIO',
      `GROUP-ID="${AUDIO_GROUP}"`,
      `NAME=${quoted(r.name)}`,
      ...(r.language ? [`LANGUAGE=${quoted(r.language)}`] : []),
      `DEFAULT=${i === defaultIndex ? 'YES' : 'NO'}`,
      'AUTOSELECT=YES',
      'CHANNELS="2"',
      `URI=${quoted(r.uri)}`,
    ].join(','),
  );
  const out: string[] = [];
  let inserted = false;
  const lines = master.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO')) continue; // a master already carrying renditions gets ours only
    if (line.startsWith('#EXT-X-STREAM-INF:') && i + 1 < lines.length) {
      if (!inserted) out.push(...media);
      inserted = true;
      const inf = line.replace(/,AUDIO="[^"]*"/, '').replace(/CODECS="([^"]*)"/, (_, c: string) => `CODECS="${c.includes('mp4a') ? c : `${c},${AAC_CODEC}`}"`);
      out.push(`${inf},AUDIO="${AUDIO_GROUP}"`, variantUri(lines[++i]));
    } else out.push(line);
  }
  return out.join('\n');
}
