import { type Lead, LEADS_CSV_COLUMNS, type LeadList, type LeadsCsvQuery, type LeadsQuery, LEAD_MESSAGES, CONSENT_NEEDED } from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { PlaybackService } from '../playback/playback.service.ts';
import { pageMeta } from '../videos/video-view.ts';
import { csvLine } from './csv.ts';
import { insertLead, type LeadRow, leadPage, leadsCsvQuery, ownVideo } from './leads.queries.ts';

/** Rows fetched from the database cursor at a time while a CSV streams. */
const CSV_CHUNK_ROWS = 500;
const CSV_PIECE_CHARS = 64 * 1024;

const toLead = (r: LeadRow): Lead => ({
  id: r.id,
  videoId: r.video_id ?? '',
  videoName: r.video_name,
  email: r.email,
  name: r.name,
  consentText: r.consent_text,
  pageOrigin: r.page_origin,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Where the viewer's page was: the origin of an http(s) URL, nothing else of it. */
function originOf(url: string | undefined | null): string | null {
  if (!url || !URL.canParse(url)) return null;
  const u = new URL(url);
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
}

/** The viewer who submits: the playback token of a video that is not public, the client address, and the page. */
export interface LeadViewer {
  token?: string;
  address: string;
  /** The page the player is embedded in (the player sends document.referrer), else the request's Referer. */
  page?: string | null;
  referer?: string | null;
}

/**
 * Lead capture (issue 27 item 3). A lead is taken only while the video's lead form is on and the
 * caller may watch the video (the playback rules: a private video, or a password one without its
 * token, answers like a missing one). Rows belong to the team's account (`user_id`) and keep the
 * video's name, so a lead outlives its video. `onCaptured` runs after the row is saved (the
 * `lead.captured` webhook); its failure never fails the viewer's submission.
 */
export function createLeadsService(d: {
  orm: Orm;
  playback: Pick<PlaybackService, 'watchable'>;
  limits: Pick<RateLimits, 'take'>;
  log?: Logger;
  onCaptured?: (teamId: string, lead: Lead) => void | Promise<void>;
  /** The lead names the viewer of the player's session (issue 33); its failure never fails the viewer. */
  identify?: (teamId: string, lead: Lead, sessionId: string) => Promise<void>;
}) {
  const conn = () => d.orm.em.getConnection();
  const sql = sqlOf(conn());

  async function assertOwnVideo(teamId: string, videoId: string) {
    const own = isUuid(videoId) && (await ownVideo(sql, teamId, videoId));
    // Another team's video answers exactly like a missing one.
    if (!own) throw notFound('Video not found');
  }

  return {
    async submit(videoId: string, input: { email: string; name?: string; consent?: boolean; sessionId?: string }, viewer: LeadViewer): Promise<Lead> {
      const video = await d.playback.watchable(videoId, { token: viewer.token });
      const form = video?.playerConfig.leadForm;
      if (!video || !form?.enabled) throw notFound(LEAD_MESSAGES.formDisabled);
      if (form.consentText && input.consent !== true) throw unprocessable({ consent: CONSENT_NEEDED });
      // Per client address, and per email typed: one address cannot flood the owners' lists, nor one victim's email.
      await d.limits.take('lead', { account: input.email, address: viewer.address });
      const row = await insertLead(sql, {
        teamId: video.userId,
        videoId: video.id,
        videoName: video.name,
        email: input.email,
        name: form.nameField ? (input.name ?? null) : null,
        consentText: form.consentText ?? null,
        pageOrigin: originOf(viewer.page) ?? originOf(viewer.referer),
      });
      const lead = toLead(row);
      if (d.identify && input.sessionId) {
        try {
          await d.identify(video.userId, lead, input.sessionId);
        } catch (err) {
          d.log?.error({ err }, 'naming the viewer of a lead failed');
        }
      }
      if (d.onCaptured) {
        try {
          await d.onCaptured(video.userId, lead);
        } catch (err) {
          d.log?.error({ err }, 'lead captured callback failed');
        }
      }
      return lead;
    },

    /** One page of the team's leads (of one video when `videoId`), newest first. */
    async list(teamId: string, q: LeadsQuery, videoId?: string): Promise<LeadList> {
      if (videoId) await assertOwnVideo(teamId, videoId);
      const { rows, total } = await leadPage(sql, teamId, q, videoId);
      return { items: rows.map(toLead), meta: pageMeta(q.page, q.limit, total) };
    },

    /**
     * The same leads as CSV lines (header first), read through a database cursor a chunk at a
     * time, so a list of any length costs the same memory. The caller checks ownership first
     * (`assertVideo`), so a refusal is an error answer, not a broken download.
     */
    async *csv(teamId: string, q: LeadsCsvQuery, videoId?: string): AsyncGenerator<string> {
      const { text, params } = leadsCsvQuery(teamId, q, videoId);
      yield csvLine([...LEADS_CSV_COLUMNS]);
      const rows = conn().stream<LeadRow>(text, params, undefined, undefined, CSV_CHUNK_ROWS);
      // Lines go out in pieces of about 64 KB: one write per line would cost more than the query.
      let piece = '';
      for await (const r of rows) {
        const l = toLead(r);
        piece += csvLine([l.createdAt, l.email, l.name, l.consentText, l.videoId, l.videoName, l.pageOrigin]);
        if (piece.length >= CSV_PIECE_CHARS) {
          yield piece;
          piece = '';
        }
      }
      if (piece) yield piece;
    },

    assertVideo: assertOwnVideo,
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
