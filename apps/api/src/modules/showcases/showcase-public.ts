import { createHmac, timingSafeEqual } from 'node:crypto';
import { PRIVACY_MESSAGES, SHOWCASE_SLUG_PATTERN, sharePagePath, showcaseFeedPath, showcasePagePath } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { sqlOf } from '../../db/sql.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { FeedModel } from './showcase-feed.ts';
import type { ShowcasePageModel } from './showcase-page.ts';
import { showcaseQueries as q, type ShowcaseRow, type ShowcaseVideoRow } from './showcases.queries.ts';
import type { OriginFor } from './showcases.service.ts';

/** The enclosure's type: AAC in an MPEG-4 audio file (RFC 4337). */
export const AUDIO_TYPE = 'audio/mp4';
/** Videos a stranger with the link may watch: the only ones a feed carries. */
const BY_LINK = new Set(['public', 'unlisted']);
const NOT_FOUND = 'No showcase at this address.';
/** Podcast directories file a feed under one of Apple's categories; a gallery of videos is this one. */
export const FEED_CATEGORY = 'TV & Film';

/**
 * What strangers see of showcases: the page (after the password, for a password showcase), the
 * podcast feed of public and unlisted ones with their audio renditions, the sitemap's entries.
 * An unlock is a cookie holding a MAC of the showcase and its password hash: a new password
 * ends every earlier unlock.
 */
export function createShowcasePublic(d: {
  orm: Orm;
  originFor: OriginFor;
  unlockSecret: string;
  /** argon2 in the bounded pool of password checks, keyed by the address. */
  checkPassword: (key: string, task: () => Promise<boolean>) => Promise<boolean>;
  queueAudio: (videoIds: string[]) => Promise<void>;
}) {
  const read = () => sqlOf(d.orm.em.fork());
  const mac = (s: ShowcaseRow) => createHmac('sha256', d.unlockSecret).update(`${s.id}\n${s.password_hash ?? ''}`).digest('base64url');

  async function find(slug: string): Promise<ShowcaseRow> {
    const row = SHOWCASE_SLUG_PATTERN.test(slug) && slug.length <= 60 ? await q.bySlug(read(), slug) : null;
    // The owner blocked or gone: the same 404 as a showcase that never was.
    if (!row || (await q.ownerBan(read(), row.user_id)) !== false) throw notFound(NOT_FOUND);
    return row;
  }

  const unlocked = (s: ShowcaseRow, cookie: string | undefined) => {
    if (s.visibility !== 'password') return true;
    if (!cookie) return false;
    const a = Buffer.from(cookie);
    const b = Buffer.from(mac(s));
    return a.length === b.length && timingSafeEqual(a, b);
  };

  async function logoOf(s: ShowcaseRow): Promise<string | null> {
    if (s.theme.logo) return s.theme.logo;
    const u = await q.playerLogo(read(), s.user_id);
    return u?.player_logo ?? null;
  }

  return {
    /** The cookie's name: one per showcase, on its own path. */
    cookieName: (s: { id: string }) => `rb_showcase_${s.id.replaceAll('-', '').slice(0, 12)}`,
    find,

    async page(slug: string, o: { gallery: boolean; cookie?: (s: ShowcaseRow) => string | undefined; wrongPassword?: string }): Promise<ShowcasePageModel> {
      const s = await find(slug);
      const origin = await d.originFor(s.user_id);
      const locked = !unlocked(s, o.cookie?.(s));
      const videos = locked ? [] : await q.videosOf(read(), s);
      return {
        name: s.name,
        slug: s.slug,
        description: s.description,
        canonicalUrl: `${origin}${showcasePagePath(s.slug)}`,
        feedUrl: s.visibility === 'password' ? null : `${origin}${showcaseFeedPath(s.slug)}`,
        logoUrl: await logoOf(s),
        colours: s.theme.colours,
        indexable: s.visibility === 'public' && !o.gallery,
        gallery: o.gallery,
        locked,
        wrongPassword: o.wrongPassword ?? null,
        videos: videos.map((v) => ({ id: v.id, name: v.name, width: v.width, height: v.height })),
      };
    },

    /** The unlock cookie's value for the right password; 403 "Wrong password" otherwise (the caller counted the try). */
    async unlock(slug: string, password: string, address: string): Promise<{ showcase: ShowcaseRow; value: string }> {
      const s = await find(slug);
      if (s.visibility !== 'password') return { showcase: s, value: '' };
      const ok = await d.checkPassword(address, () => verifyPassword(s.password_hash, password));
      if (!ok) throw forbidden(PRIVACY_MESSAGES.wrongPassword);
      return { showcase: s, value: mac(s) };
    },

    /**
     * The feed of a public or unlisted showcase (a password one has none: 404, as if it had no
     * feed, so the address tells nothing). Videos that joined since (a folder's new ones, a
     * replaced picture) get their rendition queued here.
     */
    async feed(slug: string): Promise<FeedModel> {
      const s = await find(slug);
      if (s.visibility === 'password') throw notFound(NOT_FOUND);
      const origin = await d.originFor(s.user_id);
      const videos = (await q.videosOf(read(), s)).filter((v) => BY_LINK.has(v.visibility));
      // One statement: only videos without a rendition, or with one of an earlier picture, are queued.
      await d.queueAudio(videos.map((v) => v.id));
      const team = await q.teamName(read(), s.user_id);
      const logo = await logoOf(s);
      return {
        title: s.name,
        link: `${origin}${showcasePagePath(s.slug)}`,
        feedUrl: `${origin}${showcaseFeedPath(s.slug)}`,
        description: s.description,
        author: team?.name ?? s.name,
        imageUrl: logo ?? videos.find((v) => v.image_url)?.image_url ?? null,
        category: FEED_CATEGORY,
        items: videos.map((v) => ({
          guid: v.id,
          title: v.name,
          link: `${origin}${sharePagePath(v.id)}`,
          description: '',
          pubDate: new Date(v.created_at),
          durationSec: v.duration_sec,
          imageUrl: v.image_url,
          enclosure: enclosureOf(v, `${origin}${showcasePagePath(s.slug)}`),
        })),
      };
    },

    /** The stored rendition behind an enclosure URL: a watchable-by-link video of a feed's showcase, made. */
    async audio(slug: string, file: string): Promise<{ key: string; bytes: number; videoId: string }> {
      const s = await find(slug);
      const id = /^([0-9a-f-]{36})\.m4a$/.exec(file)?.[1];
      if (s.visibility === 'password' || !id) throw notFound();
      const v = (await q.videosOf(read(), s)).find((x) => x.id === id);
      if (!v || !BY_LINK.has(v.visibility) || v.audio_status !== 'ready' || !v.audio_key) throw notFound();
      return { key: v.audio_key, bytes: Number(v.audio_bytes), videoId: v.id };
    },

    /** Public showcases' page URLs, for the sitemap. */
    async sitemapEntries(): Promise<{ url: string; updatedAt: Date }[]> {
      const rows = await q.listed(read());
      return Promise.all(rows.map(async (r) => ({ url: `${await d.originFor(r.user_id)}${showcasePagePath(r.slug)}`, updatedAt: new Date(r.updated_at) })));
    },
  };
}
export type ShowcasePublic = ReturnType<typeof createShowcasePublic>;

function enclosureOf(v: ShowcaseVideoRow, base: string): FeedModel['items'][number]['enclosure'] {
  if (v.audio_status !== 'ready' || !v.audio_key || v.audio_bytes === null) return null;
  return { url: `${base}/audio/${v.id}.m4a`, bytes: Number(v.audio_bytes), type: AUDIO_TYPE };
}
