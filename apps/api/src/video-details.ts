import type { Orm } from './db/orm.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import type { AuthGuards } from './modules/access/guards.ts';
import { detailsRoutes } from './modules/videos/details/details.routes.ts';
import { createVideoDetails } from './modules/videos/details/details.service.ts';
import type { VideosService } from './modules/videos/videos.service.ts';
import type { Storage } from './storage/storage.ts';

/**
 * Issue 34, composed: a video's description and tags, the team's download of its original file,
 * and the API reference page (/api/docs) beside /api/openapi.json.
 */
export function videoDetailsRouters(d: { orm: Orm; storage: Storage; videos: VideosService; guards: AuthGuards }) {
  const details = createVideoDetails({ orm: d.orm, get: (userId, id) => d.videos.get(userId, id) });
  return [detailsRoutes(details, d.storage, d.guards), apiDocsRoutes()];
}
