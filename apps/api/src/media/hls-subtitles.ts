import { type Cue, formatTimestamp } from '@reelbase/api-client';

/**
 * Caption tracks as HLS subtitle renditions (RFC 8216 4.3.4.1 and 3.5): the master lists one
 * EXT-X-MEDIA TYPE=SUBTITLES per track and names the group on every variant; each track is a VOD
 * media playlist of segmented WebVTT whose segments carry X-TIMESTAMP-MAP. Pure text builders:
 * the delivery route writes them from the track's cues when a player asks.
 */

export interface SubtitleRendition {
  /** URI of the track's media playlist, relative to the master. */
  uri: string;
  /** Shown in players' menus. */
  name: string;
  /** BCP 47. */
  language: string;
  isDefault: boolean;
}

/** Seconds of cues per WebVTT segment (the length of the video segments). */
export const SUBTITLE_SEGMENT_SECONDS = 6;
/** GROUP-ID of the subtitle renditions in the master. */
export const SUBTITLE_GROUP = 'subs';

/**
 * MPEGTS value of X-TIMESTAMP-MAP (90 kHz) that maps cue time 0 to the start of our video
 * segments, by their container: ffmpeg's MPEG-TS muxer starts the timeline 1.4 s in (its default
 * muxdelay and preload), its fragmented mp4 at 0.
 */
export const SUBTITLE_MPEGTS_OFFSET = { mpegts: 126_000, fmp4: 0 } as const;
export type SubtitleContainer = keyof typeof SUBTITLE_MPEGTS_OFFSET;

/** The container of a master's variants, from its version (7: fMP4 with EXT-X-MAP, 3: MPEG-TS). */
export function masterContainer(master: string): SubtitleContainer {
  return /^#EXT-X-VERSION:([7-9]|\d\d)\s*$/m.test(master) ? 'fmp4' : 'mpegts';
}

/** A quoted-string attribute value: no double quote, CR or LF (RFC 8216 4.2). */
function quoted(value: string): string {
  return `"${value.replace(/["\r\n]/g, (c) => (c === '"' ? "'" : ' '))}"`;
}

/**
 * The master with the subtitle renditions: EXT-X-MEDIA lines before the first variant, and
 * SUBTITLES on every EXT-X-STREAM-INF. At most one rendition is DEFAULT. Without renditions the
 * master is returned unchanged.
 */
export function withSubtitleRenditions(master: string, renditions: readonly SubtitleRendition[]): string {
  if (renditions.length === 0) return master;
  const defaultIndex = renditions.findIndex((r) => r.isDefault);
  const media = renditions.map((r, i) =>
    [
      '#EXT-X-MEDIA:TYPE=SUBTITLES',
      `GROUP-ID="${SUBTITLE_GROUP}"`,
      `NAME=${quoted(r.name)}`,
      `LANGUAGE=${quoted(r.language)}`,
      `DEFAULT=${i === defaultIndex ? 'YES' : 'NO'}`,
      `AUTOSELECT=${i === defaultIndex ? 'YES' : 'NO'}`,
      `URI=${quoted(r.uri)}`,
    ].join(','),
  );
  const out: string[] = [];
  let inserted = false;
  for (const line of master.split('\n')) {
    if (line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES')) continue; // a master already carrying renditions gets ours only
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      if (!inserted) out.push(...media);
      inserted = true;
      out.push(`${line.replace(/,SUBTITLES="[^"]*"/, '')},SUBTITLES="${SUBTITLE_GROUP}"`);
    } else out.push(line);
  }
  return out.join('\n');
}

/** Segments of a track of a video this long: at least one, so an unknown length still lists every cue. */
export function subtitleSegmentCount(durationSec: number, segmentSec = SUBTITLE_SEGMENT_SECONDS): number {
  return Math.max(1, Math.ceil((Number.isFinite(durationSec) ? durationSec : 0) / segmentSec - 1e-9));
}

/** The track's VOD media playlist: `count` segments of `segmentSec`, the last cut to the video's length. */
export function buildSubtitlePlaylist(durationSec: number, segmentUri: (index: number) => string, segmentSec = SUBTITLE_SEGMENT_SECONDS): string {
  const count = subtitleSegmentCount(durationSec, segmentSec);
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${segmentSec}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = 0; i < count; i++) {
    const length = i < count - 1 || !(durationSec > 0) ? segmentSec : durationSec - i * segmentSec;
    lines.push(`#EXTINF:${length.toFixed(3)},`, segmentUri(i));
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** Cue text that cannot end the cue or open a new one: no blank line, no "-->". */
export function safeCueText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/-->/g, '->').trimEnd())
    .filter((l) => l.trim() !== '')
    .join('\n');
}

/**
 * Segment `index` of a track: the cues that overlap its window, each with its whole times (a cue
 * spanning two segments is in both; players drop the repeat), after an X-TIMESTAMP-MAP mapping
 * cue time 0 to the video's first timestamp. Cues past the last segment land in it.
 */
export function buildVttSegment(cues: readonly Cue[], index: number, count: number, container: SubtitleContainer, segmentSec = SUBTITLE_SEGMENT_SECONDS): string {
  const from = index * segmentSec;
  const to = index === count - 1 ? Number.POSITIVE_INFINITY : from + segmentSec;
  const lines = ['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${SUBTITLE_MPEGTS_OFFSET[container]},LOCAL:00:00:00.000`, ''];
  for (const cue of cues) {
    const text = safeCueText(cue.text);
    if (!text || cue.endSec <= from || cue.startSec >= to) continue;
    lines.push(`${formatTimestamp(cue.startSec)} --> ${formatTimestamp(cue.endSec)}`, text, '');
  }
  return lines.join('\n');
}
