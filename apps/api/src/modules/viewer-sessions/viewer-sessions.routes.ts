import { Readable } from 'node:stream';
import { Router } from '@koa/router';
import { AnalyticsTrendQuery, LEAD_MESSAGES, op, SESSION_PROGRESS_BODY_MAX, SessionOpen, SessionOpenQuery, SessionProgress, ViewerSettingsUpdate, ViewersQuery } from '@reelbase/api-client';
import type { Context } from 'koa';
import type { z } from 'zod';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { HttpError, unprocessable, zodErrors } from '../../http/errors.ts';
import { assertCleanInput } from '../../http/input-guard.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { EmbeddingGuard } from '../playback/embedding.ts';
import { publicCors, refuseElsewhere } from '../playback/playback.routes.ts';
import type { ViewerSessionsService } from './viewer-sessions.service.ts';

/**
 * Reads a public body as JSON whatever its type (sendBeacon sends text/plain), up to the progress
 * beacon's cap, checked as any other input (no NUL), then against the schema.
 */
async function readBody<T extends z.ZodType>(ctx: Context, schema: T): Promise<z.output<T>> {
  const tooLarge = () => new HttpError(413, 'The body is too large.');
  if (Number(ctx.get('Content-Length') || 0) > SESSION_PROGRESS_BODY_MAX) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > SESSION_PROGRESS_BODY_MAX) throw tooLarge();
    chunks.push(chunk);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw unprocessable({ body: 'Must be JSON.' });
  }
  assertCleanInput(raw, 'body');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw unprocessable(zodErrors(parsed.error));
  return parsed.data;
}

/** DNT: 1 or Sec-GPC: 1: the viewer asked not to be tracked. */
const doNotTrack = (ctx: Context) => ctx.get('DNT').trim() === '1' || ctx.get('Sec-GPC').trim() === '1';

/**
 * The player's calls (public): opening a session (the beacons' per-address cap) and its progress
 * beacon (caps of its own: progress-admission.ts). Mounted before the shared body parser (as the
 * drop-off beacon), so the caps are checked before the body is read and sendBeacon's text/plain
 * bodies are taken.
 */
export function viewerSessionPublicRoutes(
  sessions: ViewerSessionsService,
  admit: (viewer: { address: string; userAgent: string }) => void,
  admitProgress: (address: string, sessionId: string) => void,
  embedding: EmbeddingGuard,
) {
  const r = new Router();
  for (const [path, methods] of [
    ['/api/videos/:id/sessions', 'POST, OPTIONS'],
    ['/api/sessions/:sessionId/progress', 'POST, OPTIONS'],
  ])
    r.options(path, (ctx) => {
      publicCors(ctx, methods);
      ctx.status = 204;
    });
  on(r, op.postVideosByIdSessions, async (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    ctx.set('Cache-Control', 'no-store');
    const viewer = { address: ctx.ip, userAgent: ctx.get('User-Agent') };
    admit(viewer);
    const { token } = query(ctx, SessionOpenQuery);
    const input = await readBody(ctx, SessionOpen);
    // A video with an embed allowlist opens sessions only from our own pages and pages of its domains.
    await refuseElsewhere(ctx, embedding);
    ctx.body = await sessions.open(ctx.params.id, input, { ...viewer, token, doNotTrack: doNotTrack(ctx) });
    ctx.status = 201;
  });
  on(r, op.postSessionsBySessionIdProgress, async (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    admitProgress(ctx.ip, ctx.params.sessionId);
    await sessions.progress(ctx.params.sessionId, await readBody(ctx, SessionProgress));
    ctx.status = 204;
  });
  return r;
}

/** A CSV download: the service's lines as the body stream, never cached. */
function sendCsv(ctx: Context, filename: string, lines: AsyncIterable<string>) {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(filename, { type: 'attachment' });
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = Readable.from(lines);
}

/** The owner's reads and settings (issue 33 items 3 and 7). */
export function viewerSessionRoutes(sessions: ViewerSessionsService, guards: AuthGuards) {
  const r = new Router();
  const team = (ctx: Context) => currentUser(ctx).id;
  // The CSV first: "viewers.csv" would otherwise be taken for a path of its own.
  on(r, op.getVideosByIdViewersCsv, guards.requireUser, async (ctx) => {
    await sessions.assertVideo(team(ctx), ctx.params.id);
    sendCsv(ctx, `viewers-${ctx.params.id}-${new Date().toISOString().slice(0, 10)}.csv`, sessions.viewersCsv(team(ctx), ctx.params.id));
  });
  on(r, op.getVideosByIdViewers, guards.requireUser, async (ctx) => {
    ctx.body = await sessions.viewers(team(ctx), ctx.params.id, query(ctx, ViewersQuery));
  });
  on(r, op.getVideosByIdEngagement, guards.requireUser, async (ctx) => {
    ctx.body = await sessions.engagement(team(ctx), ctx.params.id);
  });
  on(r, op.getAnalyticsTrend, guards.requireUser, async (ctx) => {
    ctx.body = await sessions.trend(team(ctx), query(ctx, AnalyticsTrendQuery));
  });
  on(r, op.getLeadsByIdVideos, guards.requireUser, async (ctx) => {
    ctx.body = await sessions.leadVideos(team(ctx), ctx.params.id);
  });
  on(r, op.deleteLeadsById, guards.requireUser, async (ctx) => {
    await sessions.deleteLead(team(ctx), ctx.params.id);
    ctx.body = { message: LEAD_MESSAGES.deleted };
  });
  on(r, op.getAnalyticsViewerSettings, guards.requireUser, async (ctx) => {
    ctx.body = await sessions.settings(team(ctx));
  });
  on(r, op.putAnalyticsViewerSettings, guards.requireUser, async (ctx) => {
    ctx.body = await sessions.updateSettings(team(ctx), body(ctx, ViewerSettingsUpdate));
  });
  return r;
}
