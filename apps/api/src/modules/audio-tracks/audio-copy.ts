import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/sql.ts';
import { audioTrackQueries as q } from './audio-tracks.queries.ts';

/**
 * A video copy's audio tracks (issue 37): the source's ready tracks under new ids, their files
 * renamed with them, so the copy plays its dubs and owns what it stores; the files of a track
 * still being made (or failed) stay behind. Keys are relative to the video's folder.
 */
export async function planAudioCopies(sql: Sql, sourceId: string) {
  const rows = await q.readyTrackIds(sql, sourceId);
  const ids = new Map(rows.map((r) => [r.id, randomUUID()]));
  return {
    /** The copy's key of a source file: a track's under its new id; null for a file not copied. */
    keyFor(relative: string): string | null {
      const m = /^audio\/([0-9a-f-]{36})\/(.+)$/.exec(relative);
      if (!m) return relative;
      const to = ids.get(m[1]);
      return to ? `audio/${to}/${m[2]}` : null;
    },
    /** The copy's rows, once the copy's own row exists. */
    async insert(tx: Sql, copyId: string): Promise<void> {
      for (const [from, to] of ids) {
        await q.insertCopy(tx, to, copyId, from);
      }
    },
  };
}
