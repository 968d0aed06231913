import { type AssignableTeamRole, type Invitation, type PersonRef, ROLE_PERMISSIONS, TEAM_ACTIVITY_RETENTION_DAYS, TEAM_MESSAGES, type TeamActivity, type TeamActivityQuery, type TeamMember, type TeamRole, type TeamSeats, type TeamSummary } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { sha256 } from '../auth/secrets.ts';

// The SQL of teams: summaries, members, invitations, seats, the ownership move and the activity
// log's page, each read in the caller's transaction (`sql`).

export const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
/** A person's display name: first and last name, or the address without them. */
export const nameOf = (first: unknown, last: unknown, email: unknown) => `${first ?? ''} ${last ?? ''}`.trim() || String(email ?? '');
/** A PersonRef from `<prefix>_id, <prefix>_first_name, <prefix>_last_name, <prefix>_email` columns; null without an id. */
export const personOf = (r: Record<string, unknown>, prefix: string): PersonRef | null =>
  r[`${prefix}_id`] ? { id: String(r[`${prefix}_id`]), name: nameOf(r[`${prefix}_first_name`], r[`${prefix}_last_name`], r[`${prefix}_email`]), email: String(r[`${prefix}_email`]) } : null;
/** The columns personOf reads, of the users row aliased `alias`. */
export const personCols = (alias: string, prefix: string) => `${alias}.id as ${prefix}_id, ${alias}.first_name as ${prefix}_first_name, ${alias}.last_name as ${prefix}_last_name, ${alias}.email as ${prefix}_email`;

/** Invitation and transfer writes of one team run one at a time, so two invitations cannot take the last seat together. */
export const lockTeam = (sql: Sql, teamId: string) => sql('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`team:${teamId}`]);

/** Members plus unexpired pending invitations, against the plan's members limit. */
export async function seatsOf(sql: Sql, teamId: string, membersWithoutPlan: number): Promise<TeamSeats> {
  const [r] = await sql<{ members: string; pending: string; limit: number | null }[]>(
    `select (select count(*) from team_members where team_id = u.id) as members,
      (select count(*) from team_invitations where team_id = u.id and accepted_at is null and revoked_at is null and expires_at > now()) as pending,
      p.members_limit as "limit"
     from users u left join payment_plans p on p.id = u.payment_plan_id where u.id = ?`,
    [teamId],
  );
  const members = Number(r?.members ?? 0);
  const pendingInvitations = Number(r?.pending ?? 0);
  return { members, pendingInvitations, used: members + pendingInvitations, limit: r?.limit ?? membersWithoutPlan };
}

export async function summaries(sql: Sql, personId: string, teamId?: string): Promise<TeamSummary[]> {
  const rows = await sql<Record<string, unknown>[]>(
    `select t.id, t.name, m.role, ${personCols('o', 'owner')},
       (select count(*) from team_members c where c.team_id = t.id) as member_count,
       tr.created_at as tr_created_at, tr.expires_at as tr_expires_at, ${personCols('tf', 'from')}, ${personCols('tt', 'to')}
     from team_members m join teams t on t.id = m.team_id join users o on o.id = t.owner_id
     left join team_ownership_transfers tr on tr.team_id = t.id and tr.expires_at > now() and (tr.from_user_id = m.user_id or tr.to_user_id = m.user_id)
     left join users tf on tf.id = tr.from_user_id left join users tt on tt.id = tr.to_user_id
     where m.user_id = ? ${teamId ? 'and m.team_id = ?' : ''}
     order by (m.team_id = m.user_id) desc, m.created_at, m.team_id`,
    teamId ? [personId, teamId] : [personId],
  );
  return rows.map((r) => {
    const role = r.role as TeamRole;
    const from = personOf(r, 'from');
    const to = personOf(r, 'to');
    return {
      id: String(r.id),
      name: String(r.name),
      role,
      permissions: [...ROLE_PERMISSIONS[role]],
      owner: personOf(r, 'owner') as PersonRef,
      isOwn: r.id === personId,
      memberCount: Number(r.member_count),
      ownershipTransfer: from && to ? { from, to, requestedAt: iso(r.tr_created_at) as string, expiresAt: iso(r.tr_expires_at) as string } : null,
    };
  });
}

export async function summary(sql: Sql, personId: string, teamId: string): Promise<TeamSummary> {
  const [s] = await summaries(sql, personId, teamId);
  if (!s) throw notFound(TEAM_MESSAGES.teamNotFound);
  return s;
}

export async function memberRows(sql: Sql, teamId: string, userId?: string): Promise<TeamMember[]> {
  const rows = await sql<Record<string, unknown>[]>(
    `select m.user_id, m.role, m.last_active_at, m.created_at, u.first_name, u.last_name, u.email, u.avatar, ${personCols('i', 'inviter')}
     from team_members m join users u on u.id = m.user_id left join users i on i.id = m.invited_by
     where m.team_id = ? ${userId ? 'and m.user_id = ?' : ''}
     order by array_position(array['owner','admin','editor','viewer']::varchar[], m.role), m.created_at`,
    userId ? [teamId, userId] : [teamId],
  );
  return rows.map((r) => ({
    userId: String(r.user_id),
    name: nameOf(r.first_name, r.last_name, r.email),
    email: String(r.email),
    avatar: (r.avatar as string | null) ?? null,
    role: r.role as TeamRole,
    invitedBy: personOf(r, 'inviter'),
    lastActiveAt: iso(r.last_active_at),
    joinedAt: iso(r.created_at) as string,
  }));
}

export async function invitationRows(sql: Sql, teamId: string, id?: string): Promise<Invitation[]> {
  const rows = await sql<Record<string, unknown>[]>(
    `select v.id, v.email, v.role, v.created_at, v.expires_at, v.expires_at <= now() as expired, ${personCols('i', 'inviter')}
     from team_invitations v left join users i on i.id = v.invited_by
     where v.team_id = ? and v.accepted_at is null and v.revoked_at is null ${id ? 'and v.id = ?' : ''}
     order by v.created_at desc`,
    id ? [teamId, id] : [teamId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    email: String(r.email),
    role: r.role as AssignableTeamRole,
    invitedBy: personOf(r, 'inviter'),
    createdAt: iso(r.created_at) as string,
    expiresAt: iso(r.expires_at) as string,
    expired: !!r.expired,
  }));
}

export async function teamName(sql: Sql, teamId: string): Promise<string> {
  const [t] = await sql<{ name: string }[]>('select name from teams where id = ?', [teamId]);
  return t?.name ?? '';
}

/** An invitation row by its link, or the 404 (used, revoked, unknown) / 410 (expired) of a bad link. */
export async function openInvitation(sql: Sql, token: string, lock = false) {
  const [row] = await sql<Record<string, unknown>[]>(
    `select v.*, v.expires_at <= now() as expired from team_invitations v where v.token_hash = ? ${lock ? 'for update' : ''}`,
    [sha256(token)],
  );
  if (!row || row.accepted_at || row.revoked_at) throw notFound(TEAM_MESSAGES.invitationInvalid);
  if (row.expired) throw new HttpError(410, TEAM_MESSAGES.invitationExpired);
  return row as { id: string; team_id: string; email: string; role: AssignableTeamRole; invited_by: string | null; expires_at: string };
}

/** Makes `userId` (a member) the owner in this transaction; the old owner becomes an admin. Two statements: the one-owner index is checked row by row. */
export async function moveOwnership(sql: Sql, teamId: string, userId: string): Promise<void> {
  const [m] = await sql<{ role: TeamRole }[]>('select role from team_members where team_id = ? and user_id = ? for update', [teamId, userId]);
  if (!m) throw new HttpError(422, TEAM_MESSAGES.transferToMember, { errors: { userId: TEAM_MESSAGES.transferToMember } });
  if (m.role === 'owner') return;
  await sql("update team_members set role = 'admin' where team_id = ? and role = 'owner'", [teamId]);
  await sql("update team_members set role = 'owner' where team_id = ? and user_id = ?", [teamId, userId]);
  await sql('update teams set owner_id = ? where id = ?', [userId, teamId]);
  await sql('delete from team_ownership_transfers where team_id = ?', [teamId]);
}

/** One page of the activity log under `where` (its `params`), newest first, and the total. */
export async function activityRows(sql: Sql, where: string[], params: unknown[], q: TeamActivityQuery): Promise<{ items: TeamActivity[]; total: number }> {
  const rows = await sql<Record<string, unknown>[]>(
    `select a.id, a.action, a.subject_type, a.subject_id, a.subject_name, a.details, a.created_at, ${personCols('u', 'actor')}, count(*) over () as total
     from team_activity a left join users u on u.id = a.actor_id
     where ${where.join(' and ')} order by a.created_at desc, a.id desc limit ? offset ?`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  const total = rows.length ? Number(rows[0].total) : q.page === 1 ? 0 : Number((await sql<{ n: string }[]>(`select count(*) as n from team_activity a where ${where.join(' and ')}`, params))[0].n);
  const items: TeamActivity[] = rows.map((r) => ({
    id: String(r.id),
    action: r.action as TeamActivity['action'],
    actor: personOf(r, 'actor'),
    subject: { type: r.subject_type as TeamActivity['subject']['type'], id: (r.subject_id as string | null) ?? null, name: (r.subject_name as string | null) ?? null },
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as TeamActivity['details'],
    createdAt: iso(r.created_at) as string,
  }));
  return { items, total };
}

/** The filter of the activity log's page: the team, the last TEAM_ACTIVITY_RETENTION_DAYS, and the query's optional narrowing. */
export function activityFilter(teamId: string, q: TeamActivityQuery): { where: string[]; params: unknown[] } {
  const where = ['a.team_id = ?', 'a.created_at > now() - make_interval(days => ?)'];
  const params: unknown[] = [teamId, TEAM_ACTIVITY_RETENTION_DAYS];
  if (q.action) where.push('a.action = ?') && params.push(q.action);
  if (q['actor-id']) where.push('a.actor_id = ?') && params.push(q['actor-id']);
  if (q['video-id']) where.push("a.subject_type = 'video' and a.subject_id = ?") && params.push(q['video-id']);
  if (q.from) where.push('a.created_at >= ?') && params.push(new Date(q.from));
  if (q.to) where.push('a.created_at < ?') && params.push(new Date(q.to));
  return { where, params };
}

export const renameTeam = (sql: Sql, teamId: string, name: string) => sql('update teams set name = ? where id = ?', [name, teamId]);

/** A member's role, the row locked for the rest of the transaction. */
export const lockedMemberRole = (sql: Sql, teamId: string, userId: string) =>
  sql<{ role: TeamRole }[]>('select role from team_members where team_id = ? and user_id = ? for update', [teamId, userId]);

export const setMemberRole = (sql: Sql, teamId: string, userId: string, role: AssignableTeamRole) =>
  sql('update team_members set role = ? where team_id = ? and user_id = ?', [role, teamId, userId]);

export const deleteMember = (sql: Sql, teamId: string, userId: string) => sql('delete from team_members where team_id = ? and user_id = ?', [teamId, userId]);

/** Drops a pending ownership transfer to `userId` (who is leaving the team). */
export const deleteTransferTo = (sql: Sql, teamId: string, userId: string) => sql('delete from team_ownership_transfers where team_id = ? and to_user_id = ?', [teamId, userId]);

export const userFirstName = (sql: Sql, userId: string) => sql<{ first_name: string | null }[]>('select first_name from users where id = ?', [userId]);

/** Whether an address (lower-cased by the caller) is already a member of the team. */
export async function isMemberEmail(sql: Sql, teamId: string, email: string): Promise<boolean> {
  const [member] = await sql('select 1 from team_members m join users u on u.id = m.user_id where m.team_id = ? and lower(u.email) = ?', [teamId, email]);
  return !!member;
}

/** Whether the address has an invitation neither accepted nor revoked (expired ones included). */
export async function hasPendingInvitation(sql: Sql, teamId: string, email: string): Promise<boolean> {
  const [pending] = await sql('select 1 from team_invitations where team_id = ? and email = ? and accepted_at is null and revoked_at is null', [teamId, email]);
  return !!pending;
}

export const insertInvitation = (sql: Sql, i: { id: string; teamId: string; email: string; role: AssignableTeamRole; tokenHash: string; invitedBy: string; expiresAt: Date }) =>
  sql('insert into team_invitations (id, team_id, email, role, token_hash, invited_by, expires_at) values (?, ?, ?, ?, ?, ?, ?)', [i.id, i.teamId, i.email, i.role, i.tokenHash, i.invitedBy, i.expiresAt]);

/** A new link (its hash) and expiry for an invitation, sent by `invitedBy`. */
export const renewInvitation = (sql: Sql, invitationId: string, tokenHash: string, expiresAt: Date, invitedBy: string) =>
  sql('update team_invitations set token_hash = ?, expires_at = ?, invited_by = ? where id = ?', [tokenHash, expiresAt, invitedBy, invitationId]);

export const revokeInvitation = (sql: Sql, invitationId: string) => sql('update team_invitations set revoked_at = now() where id = ?', [invitationId]);

/** The name and address of a person (the inviter of an invitation). */
export const personName = (sql: Sql, userId: string) => sql<Record<string, unknown>[]>('select first_name, last_name, email from users where id = ?', [userId]);

export const markInvitationAccepted = (sql: Sql, invitationId: string, personId: string) =>
  sql('update team_invitations set accepted_at = now(), accepted_by = ? where id = ?', [personId, invitationId]);

export async function isMember(sql: Sql, teamId: string, userId: string): Promise<boolean> {
  const [already] = await sql('select 1 from team_members where team_id = ? and user_id = ?', [teamId, userId]);
  return !!already;
}

export const insertMember = (sql: Sql, teamId: string, userId: string, role: AssignableTeamRole, invitedBy: string | null) =>
  sql('insert into team_members (team_id, user_id, role, invited_by) values (?, ?, ?, ?)', [teamId, userId, role, invitedBy]);

/** Whether an unexpired ownership transfer waits in the team. */
export async function transferWaiting(sql: Sql, teamId: string): Promise<boolean> {
  const [waiting] = await sql('select 1 from team_ownership_transfers where team_id = ? and expires_at > now()', [teamId]);
  return !!waiting;
}

/** The team's one ownership transfer, replacing an expired one. */
export const upsertTransfer = (sql: Sql, teamId: string, fromUserId: string, toUserId: string, expiresAt: Date) =>
  sql(
    `insert into team_ownership_transfers (team_id, from_user_id, to_user_id, expires_at) values (?, ?, ?, ?)
           on conflict (team_id) do update set from_user_id = excluded.from_user_id, to_user_id = excluded.to_user_id, expires_at = excluded.expires_at, created_at = now()`,
    [teamId, fromUserId, toUserId, expiresAt],
  );

/** Deletes the team's transfer when `personId` asked or was asked; the rows deleted. */
export const deleteTransferOf = (sql: Sql, teamId: string, personId: string) =>
  sql('delete from team_ownership_transfers where team_id = ? and (from_user_id = ? or to_user_id = ?) returning team_id', [teamId, personId, personId]);

/** The unexpired transfer offered to `personId`. */
export const transferTo = (sql: Sql, teamId: string, personId: string) =>
  sql<{ from_user_id: string }[]>('select from_user_id from team_ownership_transfers where team_id = ? and to_user_id = ? and expires_at > now()', [teamId, personId]);
