import { type CustomDomain, domainChallengeName } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';

// The SQL of custom domains: a team's rows, and the lookups of the host guard (a verified name's
// team, the team of a video or a viewer session).

interface DomainRow {
  id: string;
  domain: string;
  token: string;
  created_at: Date | string;
  verified_at: Date | string | null;
  checked_at: Date | string | null;
}
const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

export const domainOf = (r: DomainRow): CustomDomain => ({
  id: r.id,
  domain: r.domain,
  status: r.verified_at ? 'verified' : 'pending',
  record: { type: 'TXT', name: domainChallengeName(r.domain), value: r.token },
  createdAt: iso(r.created_at) as string,
  verifiedAt: iso(r.verified_at),
  checkedAt: iso(r.checked_at),
});

const COLS = 'id, domain, token, created_at, verified_at, checked_at';

export const listDomains = (sql: Sql, teamId: string) => sql<DomainRow[]>(`select ${COLS} from custom_domains where user_id = ? order by created_at, id`, [teamId]);

export async function findDomain(sql: Sql, teamId: string, id: string): Promise<DomainRow | null> {
  const [r] = await sql<DomainRow[]>(`select ${COLS} from custom_domains where id = ? and user_id = ?`, [id, teamId]);
  return r ?? null;
}

export async function countDomains(sql: Sql, teamId: string): Promise<number> {
  const [r] = await sql<{ n: string }[]>('select count(*) as n from custom_domains where user_id = ?', [teamId]);
  return Number(r?.n ?? 0);
}

/** The team that verified `domain`, or null. */
export async function verifiedOwner(sql: Sql, domain: string): Promise<string | null> {
  const [r] = await sql<{ user_id: string }[]>('select user_id from custom_domains where domain = ? and verified_at is not null', [domain]);
  return r?.user_id ?? null;
}

/** Inserts the row; null when this team already has the name (the unique constraint decides). */
export async function insertDomain(sql: Sql, teamId: string, domain: string, token: string): Promise<DomainRow | null> {
  const [r] = await sql<DomainRow[]>(`insert into custom_domains (user_id, domain, token) values (?, ?, ?) on conflict (user_id, domain) do nothing returning ${COLS}`, [teamId, domain, token]);
  return r ?? null;
}

export async function deleteDomain(sql: Sql, teamId: string, id: string): Promise<boolean> {
  const rows = await sql<{ id: string }[]>('delete from custom_domains where id = ? and user_id = ? returning id', [id, teamId]);
  return rows.length > 0;
}

export async function markChecked(sql: Sql, id: string, verified: boolean): Promise<DomainRow> {
  const [r] = await sql<DomainRow[]>(
    `update custom_domains set checked_at = now(), verified_at = case when ? then coalesce(verified_at, now()) else verified_at end where id = ? returning ${COLS}`,
    [verified, id],
  );
  return r as DomainRow;
}

/** The team's first verified domain (the one its links use), or null. */
export async function primaryDomain(sql: Sql, teamId: string): Promise<string | null> {
  const [r] = await sql<{ domain: string }[]>('select domain from custom_domains where user_id = ? and verified_at is not null order by verified_at, id limit 1', [teamId]);
  return r?.domain ?? null;
}

export async function videoTeam(sql: Sql, videoId: string): Promise<string | null> {
  const [r] = await sql<{ user_id: string }[]>('select user_id from videos where id = ?', [videoId]);
  return r?.user_id ?? null;
}

export async function sessionTeam(sql: Sql, sessionId: string): Promise<string | null> {
  const [r] = await sql<{ user_id: string }[]>('select user_id from viewer_sessions where id = ?', [sessionId]);
  return r?.user_id ?? null;
}
