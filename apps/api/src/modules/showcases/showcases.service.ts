import { SHOWCASE_MESSAGES, type Showcase, type ShowcaseCreate, showcaseFeedPath, showcasePagePath } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { hashPassword } from '../auth/passwords.ts';
import { attr } from '../embed/embed.service.ts';
import { showcaseQueries as q, type ShowcaseRow } from './showcases.queries.ts';

/** The origin absolute URLs of a team start with: its verified custom domain, else PUBLIC_URL. */
export type OriginFor = (teamId: string) => Promise<string>;

/** The gallery to paste into another site: the page's gallery view in a responsive-width frame. */
export const galleryEmbedCode = (origin: string, slug: string, name: string) =>
  `<iframe src="${attr(`${origin}${showcasePagePath(slug)}?embed=1`)}" title="${attr(name)}" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen loading="lazy" style="width:100%;height:720px;border:0"></iframe>`;

/**
 * The team's showcases: CRUD with the rules (a slug unique over the site, the team's own videos and
 * folder, a logo among its own images, a password hashed as video passwords are). A video joining a
 * showcase gets its audio rendition queued (`queueAudio`).
 */
export function createShowcasesService(d: { orm: Orm; storage: Storage; originFor: OriginFor; queueAudio: (videoIds: string[]) => Promise<void> }) {
  const read = () => sqlOf(d.orm.em.fork());

  async function toShowcase(row: ShowcaseRow, videoIds: string[]): Promise<Showcase> {
    const origin = await d.originFor(row.user_id);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      videoIds,
      folderId: row.folder_id,
      visibility: row.visibility,
      hasPassword: Boolean(row.password_hash),
      theme: row.theme,
      pageUrl: `${origin}${showcasePagePath(row.slug)}`,
      feedUrl: row.visibility === 'password' ? null : `${origin}${showcaseFeedPath(row.slug)}`,
      embedCode: galleryEmbedCode(origin, row.slug, row.name),
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  async function one(sql: Sql, userId: string, id: string): Promise<Showcase> {
    const row = await q.one(sql, userId, id);
    if (!row) throw notFound(SHOWCASE_MESSAGES.notFound);
    return toShowcase(row, (await q.videoIdsOf(sql, [row.id])).get(row.id) ?? []);
  }

  /** The field errors of an input, checked against the database (the schema checked the shapes). */
  async function check(sql: Sql, userId: string, input: ShowcaseCreate, existing: ShowcaseRow | null): Promise<string[]> {
    const errors: Record<string, string> = {};
    if (await q.slugTaken(sql, input.slug, existing?.id ?? null)) errors.slug = SHOWCASE_MESSAGES.slugTaken;
    const ids = (input.videoIds ?? []).map((id) => id.toLowerCase());
    const own = await q.ownVideos(sql, userId, ids);
    if (ids.some((id) => !own.has(id))) errors.videoIds = SHOWCASE_MESSAGES.unknownVideo;
    if (input.folderId && !(await q.ownFolder(sql, userId, input.folderId))) errors.folderId = SHOWCASE_MESSAGES.unknownFolder;
    if (input.visibility === 'password' && !input.password && !existing?.password_hash) errors.password = SHOWCASE_MESSAGES.passwordRequired;
    if (input.theme.logo !== null && !(await isOwnImage(userId, input.theme.logo))) errors['theme.logo'] = SHOWCASE_MESSAGES.logo;
    if (Object.keys(errors).length) throw unprocessable(errors);
    return ids;
  }

  /** A logo must be one of the team's stored images (its player logo, say): no hotlinking of others'. */
  async function isOwnImage(userId: string, url: string): Promise<boolean> {
    const prefix = d.storage.url(`images/${userId}/`);
    if (!url.startsWith(prefix)) return false;
    const file = url.slice(prefix.length);
    return /^[\w-]+\.(png|jpg|gif|svg)$/.test(file) && (await d.storage.stat(`images/${userId}/${file}`)) !== null;
  }

  /** Writes a showcase in one transaction; a slug taken by a concurrent write is the same 422. */
  async function save(userId: string, id: string | null, input: ShowcaseCreate): Promise<Showcase> {
    const hash = input.password ? await hashPassword(input.password) : undefined;
    let joined: string[] = [];
    try {
      const showcase = await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        const existing = id ? await q.one(sql, userId, id) : null;
        if (id && !existing) throw notFound(SHOWCASE_MESSAGES.notFound);
        const ids = await check(sql, userId, input, existing);
        const row = { name: input.name, slug: input.slug, description: input.description, folder_id: input.folderId ?? null, visibility: input.visibility, theme: JSON.stringify(input.theme) };
        const passwordHash = input.visibility === 'password' ? (hash ?? existing?.password_hash ?? null) : null;
        const showcaseId = existing?.id ?? crypto.randomUUID();
        if (existing) {
          await q.update(sql, showcaseId, row, passwordHash);
        } else {
          await q.insert(sql, showcaseId, userId, row, passwordHash);
        }
        await q.setVideos(sql, showcaseId, input.folderId ? [] : ids);
        joined = input.folderId ? (await q.videosOf(sql, { id: showcaseId, user_id: userId, folder_id: input.folderId })).map((v) => v.id) : ids;
        return one(sql, userId, showcaseId);
      });
      // The joined videos' audio renditions, once each (the job is queued after the commit).
      await d.queueAudio(joined);
      return showcase;
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw unprocessable({ slug: SHOWCASE_MESSAGES.slugTaken });
      throw err;
    }
  }

  return {
    async list(userId: string): Promise<{ items: Showcase[] }> {
      const sql = read();
      const rows = await q.list(sql, userId);
      const videos = await q.videoIdsOf(
        sql,
        rows.map((r) => r.id),
      );
      return { items: await Promise.all(rows.map((r) => toShowcase(r, videos.get(r.id) ?? []))) };
    },
    get: (userId: string, id: string) => one(read(), userId, id),
    async create(userId: string, input: ShowcaseCreate) {
      return { message: SHOWCASE_MESSAGES.created, showcase: await save(userId, null, input) };
    },
    async update(userId: string, id: string, input: ShowcaseCreate) {
      return { message: SHOWCASE_MESSAGES.saved, showcase: await save(userId, id, input) };
    },
    async remove(userId: string, id: string) {
      const sql = read();
      const row = await q.one(sql, userId, id);
      if (!row) throw notFound(SHOWCASE_MESSAGES.notFound);
      await q.remove(sql, row.id);
      return { message: SHOWCASE_MESSAGES.deleted };
    },
  };
}
export type ShowcasesService = ReturnType<typeof createShowcasesService>;
