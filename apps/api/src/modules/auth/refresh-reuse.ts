import type { EntityManager } from '@mikro-orm/postgresql';
import { RefreshToken } from './token.entities.ts';

/** How long after its rotation a refresh token may come back from the same client. */
const REFRESH_REUSE_GRACE_MS = 30_000;

/**
 * A rotation whose answer never reached the client (a page navigation cut the request, two tabs
 * refreshed at once) brings its token back moments later. Within REFRESH_REUSE_GRACE_MS of the
 * rotation, while no newer token of the family has been used, that is the same client: it gets
 * a fresh pair instead of losing its sign-in.
 */
export async function inReuseGrace(em: EntityManager, row: { id: string; familyId: string }): Promise<boolean> {
  const used = await em.findOne(RefreshToken, { id: row.id }, { fields: ['usedAt'], refresh: true });
  const usedAt = used?.usedAt;
  if (!usedAt || Date.now() - usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return false;
  return (await em.count(RefreshToken, { familyId: row.familyId, usedAt: { $ne: null }, createdAt: { $gte: usedAt }, id: { $ne: row.id } })) === 0;
}
