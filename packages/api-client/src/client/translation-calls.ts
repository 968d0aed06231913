import type { Call } from './operation.ts';
import * as op from './routes.generated.ts';

/** Issue 37: caption translation (a track made from another by the server's translation engine). */
export const translationCalls = (call: Call) => ({
  /** The languages the engine translates this track into, by their names. */
  languages: (videoId: string, captionId: string) => call(op.getVideosByIdCaptionsByCaptionIdTranslate, { id: videoId, captionId }),
  /** A translated track (202, 'processing' until the job makes it 'ready'); asked again for its language, the same track translated anew. */
  translate: (videoId: string, captionId: string, language: string) => call(op.postVideosByIdCaptionsByCaptionIdTranslate, { id: videoId, captionId, body: { language } }),
});
