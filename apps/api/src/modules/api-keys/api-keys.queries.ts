import type { Sql } from '../../db/sql.ts';

// The SQL of API keys: the team's list and its writes, and the lookup of a key on every request.

/** The columns of a listed key (`k`) and its creator (`c`). */
const LIST_COLUMNS = `k.id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at,
  c.id as creator_id, c.first_name as creator_first_name, c.last_name as creator_last_name, c.email as creator_email`;

/** Key creations of one team run one at a time, for the rest of the transaction. */
export const lockTeamKeys = (sql: Sql, teamId: string) => sql('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`api-keys:${teamId}`]);

export async function teamKeyCount(sql: Sql, teamId: string): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>('select count(*)::int as n from api_keys where team_id = ?', [teamId]);
  return n;
}

/** Stores a key (its shown prefix and hash; `scopes` a text[] literal); its listed row. */
export async function insertKey(sql: Sql, k: { teamId: string; createdBy: string; name: string; prefix: string; keyHash: string; scopes: string }): Promise<Record<string, unknown>> {
  const [row] = await sql(
    `with k as (insert into api_keys (team_id, created_by, name, prefix, key_hash, scopes) values (?, ?, ?, ?, ?, ?::text[]) returning *)
           select ${LIST_COLUMNS} from k left join users c on c.id = k.created_by`,
    [k.teamId, k.createdBy, k.name, k.prefix, k.keyHash, k.scopes],
  );
  return row;
}

/** The team's keys, newest first, as listed rows. */
export const listKeys = (sql: Sql, teamId: string) =>
  sql(`select ${LIST_COLUMNS} from api_keys k left join users c on c.id = k.created_by where k.team_id = ? order by k.created_at desc, k.id`, [teamId]);

/** Deletes a key of the team; what it was, or undefined. */
export async function deleteKey(sql: Sql, teamId: string, id: string): Promise<{ id: string; name: string; prefix: string } | undefined> {
  const [row] = await sql<{ id: string; name: string; prefix: string }[]>('delete from api_keys where id = ? and team_id = ? returning id, name, prefix', [id, teamId]);
  return row;
}

/**
 * The key of `hash` in one statement: the team's users row with the key's `api_key_*` columns
 * (the creator's role and, when the creator is not the team's account, their users row as JSON).
 * With `counted` (a rate-limit hit to embed, limits' countWithin), the same statement counts the
 * request (`api_key_hits`, `api_key_retry_after`) with a commit that need not wait for the disk.
 */
export async function keyPrincipalRow(sql: Sql, hash: string, counted: { sql: string; params: unknown[] } | null): Promise<Record<string, unknown> | undefined> {
  const lookup = `select users.*, k.id as api_key_id, k.scopes as api_key_scopes, k.created_by as api_key_created_by, k.last_used_at as api_key_last_used_at,
           m.role as api_key_creator_role, case when k.created_by <> k.team_id then (select to_jsonb(c) from users c where c.id = k.created_by) end as api_key_creator
         from api_keys k join users on users.id = k.team_id
         left join team_members m on m.team_id = k.team_id and m.user_id = k.created_by
         where k.key_hash = ?`;
  const [row] = await sql<Record<string, unknown>[]>(
    counted
      ? `with found as (${lookup}), hit as (${counted.sql}), no_wait as (select set_config('synchronous_commit', 'off', true))
             select found.*, hit.hits as api_key_hits, hit.retry_after as api_key_retry_after from found left join hit on true cross join no_wait`
      : lookup,
    counted ? [hash, ...counted.params] : [hash],
  );
  return row;
}

/** Writes the key's last use, unless another process did within the minute. */
export const markKeyUsed = (sql: Sql, id: unknown) =>
  sql("update api_keys set last_used_at = now() where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')", [id]);
