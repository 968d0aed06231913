import type { EmbedType } from '../contract/player.ts';

/**
 * The embedding panel's choices for GET /api/videos/{id}/embed. Without width and height the
 * snippet is responsive (full width, the video's aspect ratio); with them, a fixed iframe.
 */
export interface EmbedOptions {
  width?: number;
  height?: number;
  /** Where the viewer goes when the video ends; blank means nowhere. */
  redirect?: string;
  /** Open the redirect in a new window. */
  newWindow?: boolean;
  /** The embed page: 'hls' (the API's default, mp4 as fallback) or 'mp4' only. */
  type?: EmbedType;
}
