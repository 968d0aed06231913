import { Router } from '@koa/router';
import { AnalyticsOverviewCsvQuery, AnalyticsOverviewQuery, BeaconQuery, DropOffBeacon, op, StatisticsQuery, VideoStatisticsCsvQuery } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { sendCsv } from '../../http/csv.ts';
import { HttpError, unprocessable, zodErrors } from '../../http/errors.ts';
import { query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import { publicCors } from '../playback/playback.routes.ts';
import type { StatisticsExport } from './statistics-export.ts';
import type { StatisticsService } from './statistics.service.ts';

const BEACON_MAX_BYTES = 1024;

/**
 * Reads a beacon body: `navigator.sendBeacon` sends JSON as application/json (a Blob) or
 * text/plain (a string), so any type is read as JSON, up to 1 KB.
 */
async function readJson(ctx: Context): Promise<unknown> {
  if (Number(ctx.get('Content-Length') || 0) > BEACON_MAX_BYTES) throw new HttpError(413, 'The body is too large.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BEACON_MAX_BYTES) throw new HttpError(413, 'The body is too large.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw unprocessable({ body: 'Must be JSON like {"curTime": 15}.' });
  }
}

/** `?token=`: the playback token of a video that is not public (sendBeacon cannot set headers). */
const tokenOf = (ctx: Context) => {
  const parsed = BeaconQuery.safeParse(ctx.query);
  if (!parsed.success) throw unprocessable(zodErrors(parsed.error));
  return parsed.data.token ?? null;
};

/**
 * The public beacon. Mounted before the shared body parser, so the rate cap is checked before a
 * byte of the body is read, and sendBeacon's text/plain bodies are accepted too.
 */
export function beaconRoutes(statistics: StatisticsService) {
  const r = new Router({ prefix: '/api/statistics/drop-off' });
  r.options('/:id', (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    ctx.status = 204;
  });
  on(r, op.postStatisticsDropOffById, async (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    const viewer = { address: ctx.ip, userAgent: ctx.get('User-Agent'), token: tokenOf(ctx) };
    statistics.admit(viewer);
    const parsed = DropOffBeacon.safeParse(await readJson(ctx));
    if (!parsed.success) throw unprocessable(zodErrors(parsed.error));
    await statistics.recordDropOff(ctx.params.id, parsed.data.curTime, viewer);
    ctx.status = 204;
  });
  return r;
}

/** The public call-to-action beacon (issue 27): no body, capped per address like the drop-off beacon. */
export function ctaBeaconRoutes(statistics: StatisticsService) {
  const r = new Router({ prefix: '/api/statistics/cta-click' });
  r.options('/:id', (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    ctx.status = 204;
  });
  on(r, op.postStatisticsCtaClickById, async (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    statistics.admit({ address: ctx.ip, userAgent: ctx.get('User-Agent') });
    // Nothing to read: a body (sendBeacon may send one) must still be small.
    if (Number(ctx.get('Content-Length') || 0) > BEACON_MAX_BYTES) throw new HttpError(413, 'The body is too large.');
    await statistics.recordCtaClick(ctx.params.id, tokenOf(ctx));
    ctx.status = 204;
  });
  return r;
}

export function statisticsRoutes(statistics: StatisticsService, exports: { files: StatisticsExport; timeoutMs: number }, guards: AuthGuards) {
  const r = new Router({ prefix: '/api/statistics' });
  r.use(guards.requireUser);
  // The CSV files first: "<id>.csv" would otherwise be taken for a video id.
  on(r, op.getStatisticsVideoByIdCsv, async (ctx) => {
    sendCsv(ctx, await exports.files.videoChart(currentUser(ctx).id, ctx.params.id, query(ctx, VideoStatisticsCsvQuery)), exports.timeoutMs);
  });
  on(r, op.getStatisticsVideosCsv, async (ctx) => {
    sendCsv(ctx, await exports.files.overview(currentUser(ctx).id, query(ctx, AnalyticsOverviewCsvQuery)), exports.timeoutMs);
  });
  on(r, op.getStatisticsVideoById, async (ctx) => {
    ctx.body = await statistics.forVideo(currentUser(ctx).id, ctx.params.id, query(ctx, StatisticsQuery).range);
  });
  on(r, op.getStatisticsVideos, async (ctx) => {
    ctx.body = await statistics.overview(currentUser(ctx).id, query(ctx, AnalyticsOverviewQuery));
  });
  return r;
}
