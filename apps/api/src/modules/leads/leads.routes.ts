import { Readable } from 'node:stream';
import { Router } from '@koa/router';
import { LeadsCsvQuery, LeadsQuery, LeadSubmit, LeadSubmitQuery, op } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentUser } from '../access/guards.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { EmbeddingGuard } from '../playback/embedding.ts';
import { publicCors, refuseElsewhere } from '../playback/playback.routes.ts';
import type { LeadsService } from './leads.service.ts';

const csvFileDay = () => new Date().toISOString().slice(0, 10);

/** A CSV download: the service's lines as the body stream, never cached. */
function sendCsv(ctx: Context, filename: string, lines: AsyncIterable<string>) {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(filename, { type: 'attachment' });
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = Readable.from(lines);
}

/** The player's lead form (public) and the owner's lists and CSV downloads (issue 27 item 3). */
export function leadsRoutes(leads: LeadsService, guards: AuthGuards, embedding: EmbeddingGuard) {
  const r = new Router();
  r.options('/api/videos/:id/leads', (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    ctx.status = 204;
  });
  on(r, op.postVideosByIdLeads, async (ctx) => {
    publicCors(ctx, 'POST, OPTIONS');
    ctx.set('Cache-Control', 'no-store');
    const input = body(ctx, LeadSubmit);
    const { token } = query(ctx, LeadSubmitQuery);
    // A video with an embed allowlist takes leads only from our own pages and pages of its domains.
    await refuseElsewhere(ctx, embedding);
    ctx.body = await leads.submit(ctx.params.id, input, { token, address: ctx.ip, page: input.page, referer: ctx.get('Referer') });
    ctx.status = 201;
  });

  on(r, op.getVideosByIdLeads, guards.requireUser, async (ctx) => {
    ctx.body = await leads.list(currentUser(ctx).id, query(ctx, LeadsQuery), ctx.params.id);
  });
  on(r, op.getVideosByIdLeadsCsv, guards.requireUser, async (ctx) => {
    const q = query(ctx, LeadsCsvQuery);
    await leads.assertVideo(currentUser(ctx).id, ctx.params.id);
    sendCsv(ctx, `leads-${ctx.params.id}-${csvFileDay()}.csv`, leads.csv(currentUser(ctx).id, q, ctx.params.id));
  });
  on(r, op.getLeads, guards.requireUser, async (ctx) => {
    ctx.body = await leads.list(currentUser(ctx).id, query(ctx, LeadsQuery));
  });
  on(r, op.getLeadsCsv, guards.requireUser, async (ctx) => {
    sendCsv(ctx, `leads-${csvFileDay()}.csv`, leads.csv(currentUser(ctx).id, query(ctx, LeadsCsvQuery)));
  });
  return r;
}
