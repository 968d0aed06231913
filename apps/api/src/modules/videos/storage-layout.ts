// A video's storage layout: every key of its files, one place so uploads, jobs, delivery and deletion agree.

/**
 * Where one version of a video's published picture lives (main.mp4, hls/, the frames in thumbs/):
 * a folder named by the row's `mediaVersion`, new on every change (a replace, a trim over the
 * video, a watermark), so no URL ever names two different files and no cache can mix them.
 * Null: the first upload's picture, at the video's top level (nothing older can be cached).
 */
const mediaBase = (id: string, version: string | null | undefined) => (version ? `videos/${id}/v-${version}` : `videos/${id}`);

/** A fresh media version: 12 hex characters (the delivery route accepts exactly these). */
export const newMediaVersion = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12);

/** Storage keys of a video's files; one place so jobs, delivery and deletion agree. */
export const videoKeys = {
  dir: (id: string) => `videos/${id}`,
  original: (id: string, ext: string) => `videos/${id}/original${ext}`,
  /** The original replaced by a trim that overwrote the video. */
  edited: (id: string, editId: string) => `videos/${id}/original-${editId}.mp4`,
  /** A new file for the video (a replace), kept until it is published or refused. */
  replacement: (id: string, replaceId: string, ext: string) => `videos/${id}/replacement-${replaceId}${ext}`,
  media: mediaBase,
  main: (id: string, version: string | null | undefined) => `${mediaBase(id, version)}/main.mp4`,
  hlsMaster: (id: string, version: string | null | undefined) => `${mediaBase(id, version)}/hls/master.m3u8`,
  file: (id: string, rel: string) => `videos/${id}/${rel}`,
  /** A GIF of the video and its MP4 snippet (they go with the video). */
  gif: (id: string, gifId: string, ext: 'gif' | 'mp4') => `videos/${id}/gifs/${gifId}.${ext}`,
  /** The watermark image of one watermark change (`markId`). */
  watermark: (id: string, markId: string) => `videos/${id}/watermark-${markId}.png`,
  /** The unmarked source, kept while a watermark is burnt in. */
  unmarked: (id: string, ext: string) => `videos/${id}/unmarked${ext}`,
};
