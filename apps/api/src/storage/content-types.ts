/**
 * The media type of each kind of file a video stores, by extension: one list, so what the bucket
 * records (s3-storage.ts) and what delivery answers (modules/videos/delivery) cannot drift apart.
 */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  // The storyboard's index and any stored caption or chapter track.
  vtt: 'text/vtt',
};

/** The media type of a storage key by its extension; unknown kinds are plain bytes. */
export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
