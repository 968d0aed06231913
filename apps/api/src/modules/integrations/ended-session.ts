/**
 * A viewer session that ended (issue 33 design: H1's viewer-sessions service hands it to
 * `onSessionEnded`); the alerts and the CRM pushes read only these fields.
 */
export interface EndedSession {
  sessionId: string;
  videoId: string;
  videoName: string;
  viewerKey: string;
  lead: { id: string; email: string; name: string | null } | null;
  startedAt: string | Date;
  endedAt: string | Date;
  watchedSeconds: number;
  percentWatched: number;
}

export const isoOf = (d: string | Date) => new Date(d).toISOString();
