/**
 * Whether a file's first bytes are the signature of a container the upload demuxers read
 * (UPLOAD_INPUT_FORMATS). For uploads that arrive without a video type (curl's
 * application/octet-stream for a .mp4): the API runs no ffprobe, so it checks the signature and
 * the worker's probe decides the rest, as for any upload. Needs the first 376 bytes (two TS packets).
 */
export const SNIFF_BYTES = 376;

const at = (head: Uint8Array, offset: number, bytes: readonly number[]) => bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// ISO base media (mp4, mov, 3gp, m4v): the first box's type.
const ISO_BOXES = ['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot'].map(ascii);

export function looksLikeVideoContainer(head: Uint8Array): boolean {
  if (ISO_BOXES.some((box) => at(head, 4, box))) return true;
  if (at(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return true; // Matroska, WebM
  if (at(head, 0, ascii('RIFF')) && at(head, 8, ascii('AVI '))) return true;
  if (at(head, 0, ascii('FLV'))) return true;
  if (head[0] === 0x47 && head[188] === 0x47) return true; // MPEG-TS: a sync byte every 188 bytes
  if (at(head, 0, [0x00, 0x00, 0x01]) && (head[3] === 0xba || head[3] === 0xb3)) return true; // MPEG program stream, elementary video
  if (at(head, 0, ascii('OggS'))) return true;
  if (at(head, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return true; // ASF, WMV
  if (at(head, 0, [0x06, 0x0e, 0x2b, 0x34, 0x02, 0x05, 0x01, 0x01])) return true; // MXF partition pack
  if (at(head, 0, [0x1f, 0x07, 0x00])) return true; // DV DIF header block
  return false;
}
