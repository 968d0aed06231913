import type { VideoDetailsUpdate } from '../contract/details.ts';
import type { Core } from './core.ts';
import { downloadFile } from './files.ts';
import type { Call } from './operation.ts';
import { pathOf } from './route.ts';
import * as op from './routes.generated.ts';

/** Issue 34: a video's description and tags, and the team's download of its original file. */
export const detailsCalls = (core: Core, call: Call) => ({
  /** Saves the description and/or the tags (trimmed and deduplicated by the server); resolves with the video. */
  save: (videoId: string, details: Partial<VideoDetailsUpdate>) => call(op.putVideosByIdDetails, { id: videoId, body: details }),
  /** The original file as uploaded, with the name the server gives it. */
  downloadOriginal: (videoId: string) => downloadFile(core, pathOf(op.getVideosByIdDownload, { id: videoId }), {}),
});
