import { createHash } from 'node:crypto';
import { Router } from '@koa/router';
import { MESSAGES, op, PRIVACY_MESSAGES } from '@reelbase/api-client';
import type { Context } from 'koa';
import { forbidden, HttpError } from '../../http/errors.ts';
import { on } from '../../http/operation.ts';
import type { Storage } from '../../storage/storage.ts';
import { addressBucket } from '../limits/address.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { BandwidthCounter } from '../videos/delivery/bandwidth-counter.ts';
import { sendStored } from '../videos/delivery/send-stored.ts';
import { onBodySent } from '../videos/delivery/sent-bytes.ts';
import type { ServableCache } from '../videos/delivery/servable.ts';
import { renderFeed } from './showcase-feed.ts';
import { renderShowcasePage, type ShowcasePageModel, showcasePolicy, showcaseStyle } from './showcase-page.ts';
import { AUDIO_TYPE, type ShowcasePublic } from './showcase-public.ts';

/** The password form's body is a few bytes; anything longer is not a form of ours. */
const FORM_MAX_BYTES = 4096;

async function formPassword(ctx: Context): Promise<string> {
  if (!ctx.is('application/x-www-form-urlencoded')) return '';
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > FORM_MAX_BYTES) throw new HttpError(413, 'The form is too large.');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('password') ?? '';
}

const notFoundPage = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not found</title></head><body><p>${message}</p></body></html>\n`;

/**
 * `/s/{slug}` (the page; `?embed=1` the gallery, framable), its password form, `/s/{slug}/feed.xml`
 * and the feed's audio files: HTTP only, the rules are the public showcase service's.
 */
export function showcasePagesRoutes(d: {
  pub: ShowcasePublic;
  storage: Storage;
  limits: RateLimits;
  mediaOrigins: string[];
  secureCookies: boolean;
  bandwidth: BandwidthCounter;
  servable: ServableCache;
}) {
  const r = new Router();

  function sendPage(ctx: Context, model: ShowcasePageModel, status = 200) {
    const style = showcaseStyle(model);
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', showcasePolicy(style, d.mediaOrigins, model.gallery));
    // Settings take effect on the next load; an unlocked page is one viewer's.
    ctx.set('Cache-Control', model.locked || status !== 200 ? 'no-store' : 'no-cache');
    if (!model.indexable) ctx.set('X-Robots-Tag', 'noindex');
    ctx.body = renderShowcasePage(model, style);
  }

  /** A missing showcase is a page too (a person follows the link), with the API's 404 status. */
  async function orNotFoundPage(ctx: Context, fn: () => Promise<void>) {
    try {
      await fn();
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 404) throw err;
      ctx.status = 404;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = notFoundPage('This showcase does not exist or was removed.');
    }
  }

  const gallery = (ctx: Context) => ctx.query.embed === '1';

  on(r, op.getSBySlug, (ctx) =>
    orNotFoundPage(ctx, async () => {
      sendPage(ctx, await d.pub.page(ctx.params.slug, { gallery: gallery(ctx), cookie: (s) => ctx.cookies.get(d.pub.cookieName(s)) }));
    }),
  );

  on(r, op.postSBySlugUnlock, (ctx) =>
    orNotFoundPage(ctx, async () => {
      const s = await d.pub.find(ctx.params.slug);
      const password = await formPassword(ctx);
      try {
        // Counted before argon2 runs, as a video's unlock is: per address on this showcase, and per address overall.
        await d.limits.take('video-unlock', { account: `showcase:${s.id}\n${addressBucket(ctx.ip)}`, address: ctx.ip });
        const { value } = await d.pub.unlock(ctx.params.slug, password, ctx.ip);
        const path = `/s/${s.slug}`;
        if (value) {
          // Framed on another site (the gallery), the cookie must cross sites: SameSite=None needs Secure.
          ctx.cookies.set(d.pub.cookieName(s), value, { path, httpOnly: true, sameSite: d.secureCookies ? 'none' : 'lax', secure: d.secureCookies, maxAge: 12 * 3600 * 1000, overwrite: true });
        }
        ctx.status = 303;
        ctx.redirect(`${path}${gallery(ctx) ? '?embed=1' : ''}`);
      } catch (err) {
        if (!(err instanceof HttpError) || (err.status !== 403 && err.status !== 429)) throw err;
        const model = await d.pub.page(ctx.params.slug, { gallery: gallery(ctx), wrongPassword: err.status === 403 ? PRIVACY_MESSAGES.wrongPassword : err.message });
        if (err.headers) for (const [k, v] of Object.entries(err.headers)) ctx.set(k, v);
        sendPage(ctx, model, err.status);
      }
    }),
  );

  on(r, op.getSBySlugFeedXml, async (ctx) => {
    const body = renderFeed(await d.pub.feed(ctx.params.slug));
    ctx.type = 'application/rss+xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.etag = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = body;
  });

  on(r, op.getSBySlugAudioByFile, async (ctx) => {
    const { key, videoId } = await d.pub.audio(ctx.params.slug, ctx.params.file);
    // A podcast app's listening is the video's bandwidth, with the plan's limit, like its embed's.
    if ((await d.servable.get(videoId)).overBandwidth) throw forbidden(MESSAGES.bandwidthExceeded);
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    ctx.type = AUDIO_TYPE;
    onBodySent(ctx.res, await sendStored(ctx, d.storage, key), (bytes) => d.bandwidth.add(videoId, bytes));
  });
  return r;
}
