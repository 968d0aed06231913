import type { AnalyticsTrendQuery, ViewerSettingsUpdate } from '../contract/viewer-sessions.ts';
import type { Core } from './core.ts';
import { downloadFile } from './files.ts';
import type { Call } from './operation.ts';
import { pathOf } from './route.ts';
import * as op from './routes.generated.ts';

/** Issue 33: who watched (a video's viewer sessions and engagement, a lead's videos, the account trend) and the viewer privacy settings. */
export const viewerCalls = (core: Core, call: Call) => ({
  /** One page of a video's sessions, newest first. */
  sessions: (videoId: string, p: { page?: number; limit?: number } = {}) => call(op.getVideosByIdViewers, { id: videoId, query: { page: p.page, limit: p.limit } }),
  /** Every session of the video as a CSV file (the file name is the server's). */
  sessionsCsv: (videoId: string) => downloadFile(core, pathOf(op.getVideosByIdViewersCsv, { id: videoId }), {}),
  /** The engagement graph: plays, unique viewers, average share watched, the per-second curve. */
  engagement: (videoId: string) => call(op.getVideosByIdEngagement, { id: videoId }),
  /** Plays, minutes watched and unique viewers per day of the whole account (UTC days, both included). */
  trend: (q: Partial<AnalyticsTrendQuery> = {}) => call(op.getAnalyticsTrend, { query: { from: q.from, to: q.to } }),
  /** Every video a lead watched, with its heatmap. */
  ofLead: (leadId: string) => call(op.getLeadsByIdVideos, { id: leadId }),
  settings: () => call(op.getAnalyticsViewerSettings),
  updateSettings: (changes: ViewerSettingsUpdate) => call(op.putAnalyticsViewerSettings, { body: changes }),
});
