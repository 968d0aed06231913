import { ImportRefusedError } from './import-error.ts';

/**
 * Reading remote HLS playlists and writing local ones. Pure: text in, structures and text out.
 * The local playlist keeps only tags known to carry no address, so ffmpeg, reading it, can only
 * ever open the local files named in it.
 */

export interface Variant {
  uri: string;
  bandwidth: number;
  /** GROUP-ID of the EXT-X-MEDIA audio renditions this variant plays with, if any. */
  audioGroup: string | null;
}

export interface Rendition {
  type: string;
  groupId: string;
  uri: string | null;
  isDefault: boolean;
}

export interface MasterPlaylist {
  kind: 'master';
  variants: Variant[];
  renditions: Rendition[];
}

export type MediaEntry =
  | { type: 'tag'; line: string }
  | { type: 'map'; uri: string; byteRange: string | null }
  | { type: 'segment'; uri: string };

export interface MediaPlaylist {
  kind: 'media';
  entries: MediaEntry[];
}

export const HLS_MESSAGES = {
  notPlaylist: 'This address does not point to an HLS playlist.',
  encrypted: 'Encrypted HLS streams cannot be imported.',
  live: 'Live HLS streams cannot be imported; import the recording once the broadcast has ended.',
  noVariants: 'This HLS playlist lists no playable stream.',
  noSegments: 'This HLS playlist has no segments.',
  tooManySegments: 'This HLS playlist has too many segments to import.',
  nested: 'This HLS playlist points to another master playlist, which is not supported.',
} as const;

const unsupported = (message: string) => new ImportRefusedError('unsupported', message);

/** Tags copied as they are into a local media playlist: none of them names a resource. */
const SAFE_MEDIA_TAGS = new Set([
  '#EXTM3U',
  '#EXT-X-VERSION',
  '#EXT-X-TARGETDURATION',
  '#EXT-X-MEDIA-SEQUENCE',
  '#EXT-X-DISCONTINUITY-SEQUENCE',
  '#EXT-X-PLAYLIST-TYPE',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXTINF',
  '#EXT-X-BYTERANGE',
  '#EXT-X-DISCONTINUITY',
  '#EXT-X-PROGRAM-DATE-TIME',
  '#EXT-X-GAP',
  '#EXT-X-ENDLIST',
]);

/** KEY=value,KEY="quoted, value" as in the HLS spec's attribute lists. */
export function parseAttributes(list: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([A-Z0-9-]+)=("[^"]*"|[^,]*)/g;
  for (const m of list.matchAll(re)) {
    const raw = m[2];
    attrs[m[1]] = raw.startsWith('"') ? raw.slice(1, -1) : raw.trim();
  }
  return attrs;
}

function lines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function tagName(line: string): string {
  const colon = line.indexOf(':');
  return colon === -1 ? line : line.slice(0, colon);
}

function tagValue(line: string): string {
  const colon = line.indexOf(':');
  return colon === -1 ? '' : line.slice(colon + 1);
}

function refuseEncryption(line: string): void {
  const method = parseAttributes(tagValue(line)).METHOD ?? 'NONE';
  if (method !== 'NONE') throw unsupported(HLS_MESSAGES.encrypted);
}

export function parsePlaylist(text: string, options: { maxSegments: number }): MasterPlaylist | MediaPlaylist {
  const all = lines(text);
  if (all[0] !== '#EXTM3U') throw unsupported(HLS_MESSAGES.notPlaylist);
  return all.some((l) => tagName(l) === '#EXT-X-STREAM-INF') ? parseMaster(all) : parseMedia(all, options.maxSegments);
}

function parseMaster(all: string[]): MasterPlaylist {
  const variants: Variant[] = [];
  const renditions: Rendition[] = [];
  let pending: Record<string, string> | null = null;
  for (const line of all) {
    const name = tagName(line);
    if (name === '#EXT-X-SESSION-KEY') refuseEncryption(line);
    else if (name === '#EXT-X-STREAM-INF') pending = parseAttributes(tagValue(line));
    else if (name === '#EXT-X-MEDIA') {
      const a = parseAttributes(tagValue(line));
      renditions.push({ type: a.TYPE ?? '', groupId: a['GROUP-ID'] ?? '', uri: a.URI ?? null, isDefault: a.DEFAULT === 'YES' });
    } else if (!line.startsWith('#') && pending) {
      variants.push({ uri: line, bandwidth: Number(pending.BANDWIDTH) || 0, audioGroup: pending.AUDIO ?? null });
      pending = null;
    }
  }
  if (variants.length === 0) throw unsupported(HLS_MESSAGES.noVariants);
  return { kind: 'master', variants, renditions };
}

function parseMedia(all: string[], maxSegments: number): MediaPlaylist {
  const entries: MediaEntry[] = [];
  let segments = 0;
  let ended = false;
  for (const line of all) {
    if (!line.startsWith('#')) {
      if (++segments > maxSegments) throw unsupported(HLS_MESSAGES.tooManySegments);
      entries.push({ type: 'segment', uri: line });
      continue;
    }
    const name = tagName(line);
    if (name === '#EXT-X-KEY') refuseEncryption(line);
    else if (name === '#EXT-X-MAP') {
      const a = parseAttributes(tagValue(line));
      if (!a.URI) throw unsupported(HLS_MESSAGES.notPlaylist);
      const byteRange = a.BYTERANGE && /^\d+(@\d+)?$/.test(a.BYTERANGE) ? a.BYTERANGE : null;
      entries.push({ type: 'map', uri: a.URI, byteRange });
    } else if (SAFE_MEDIA_TAGS.has(name)) {
      if (name === '#EXT-X-ENDLIST') ended = true;
      entries.push({ type: 'tag', line });
    }
    // Anything else (comments, low-latency parts, session data, unknown tags) is left out.
  }
  if (!ended) throw unsupported(HLS_MESSAGES.live);
  if (segments === 0) throw unsupported(HLS_MESSAGES.noSegments);
  return { kind: 'media', entries };
}

/** The variant with the highest BANDWIDTH. */
export function pickVariant(master: MasterPlaylist): Variant {
  return master.variants.reduce((best, v) => (v.bandwidth > best.bandwidth ? v : best));
}

/** The audio rendition to fetch beside a variant, or null when the variant carries its own audio. */
export function pickAudioRendition(master: MasterPlaylist, variant: Variant): Rendition | null {
  if (!variant.audioGroup) return null;
  const group = master.renditions.filter((r) => r.type === 'AUDIO' && r.groupId === variant.audioGroup);
  const chosen = group.find((r) => r.isDefault) ?? group[0];
  return chosen?.uri ? chosen : null;
}

/** The local media playlist: every resource replaced by the local file name given for its address. */
export function renderMediaPlaylist(playlist: MediaPlaylist, localName: (uri: string) => string): string {
  const out: string[] = [];
  for (const entry of playlist.entries) {
    if (entry.type === 'tag') out.push(entry.line);
    else if (entry.type === 'segment') out.push(localName(entry.uri));
    else out.push(`#EXT-X-MAP:URI="${localName(entry.uri)}"${entry.byteRange ? `,BYTERANGE="${entry.byteRange}"` : ''}`);
  }
  return `${out.join('\n')}\n`;
}

/** A local master playlist joining a video playlist and a separate audio playlist. */
export function renderMasterPlaylist(videoFile: string, audioFile: string, bandwidth: number): string {
  return [
    '#EXTM3U',
    `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="audio",DEFAULT=YES,AUTOSELECT=YES,URI="${audioFile}"`,
    `#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(1, Math.floor(bandwidth))},AUDIO="audio"`,
    videoFile,
    '',
  ].join('\n');
}
