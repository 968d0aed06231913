import {
  type AssignableTeamRole,
  INVITATION_PATH,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationList,
  type InvitationPreview,
  OWNERSHIP_TRANSFER_TTL_DAYS,
  type OwnershipTransfer,
  seatLimitMessage,
  TEAM_ERROR_CODES,
  TEAM_MESSAGES,
  type TeamActivityList,
  type TeamActivityQuery,
  type TeamList,
  type TeamMember,
  type TeamMemberList,
  type TeamRole,
  type TeamSummary,
} from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.ts';
import type { Mails } from '../../mail/render.ts';
import { newOpaqueToken } from '../auth/secrets.ts';
import type { CurrentPasswordCheck } from '../auth/current-password.ts';
import type { SignInClient } from '../auth/sign-in-notices.ts';
import { isUuid, type Sql, sqlOf } from '../../db/sql.ts';
import type { IUser } from '../users/user.entity.ts';
import { pageMeta } from '../videos/video-view.ts';
import { recordActivity } from './activity.ts';
import { removalsOf } from './activity.queries.ts';
import {
  activityFilter,
  activityRows,
  deleteMember,
  deleteTransferOf,
  deleteTransferTo,
  hasPendingInvitation,
  insertInvitation,
  insertMember,
  invitationRows,
  isMember,
  isMemberEmail,
  iso,
  lockedMemberRole,
  lockTeam,
  markInvitationAccepted,
  memberRows,
  moveOwnership,
  nameOf,
  openInvitation,
  personName,
  renameTeam,
  renewInvitation,
  revokeInvitation,
  seatsOf as seatsOfTeam,
  setMemberRole,
  summaries,
  summary,
  teamName,
  transferTo,
  transferWaiting,
  upsertTransfer,
  userFirstName,
} from './teams.queries.ts';

const DAY_MS = 86_400_000;

/**
 * Members, roles, invitations, ownership and the activity log of teams. A team's id is the id of
 * its account (the users row that holds the plan, the subscription and the usage), so everything
 * the account owned before teams is the team's. The permission of each call is checked before it
 * (modules/access); its SQL is in teams.queries.ts.
 */
export interface TeamsService {
  list(person: IUser): Promise<TeamList>;
  rename(person: IUser, teamId: string, name: string): Promise<TeamSummary>;
  members(teamId: string): Promise<TeamMemberList>;
  changeRole(teamId: string, userId: string, role: AssignableTeamRole): Promise<TeamMember>;
  removeMember(teamId: string, userId: string): Promise<void>;
  leave(person: IUser, teamId: string, role: TeamRole): Promise<void>;
  invitations(teamId: string): Promise<InvitationList>;
  invite(inviter: IUser, teamId: string, input: { email: string; role: AssignableTeamRole }): Promise<Invitation>;
  resend(inviter: IUser, teamId: string, invitationId: string): Promise<Invitation>;
  revoke(teamId: string, invitationId: string): Promise<void>;
  lookup(token: string): Promise<InvitationPreview>;
  accept(person: IUser, token: string): Promise<TeamSummary>;
  requestTransfer(owner: IUser, teamId: string, input: { userId: string; password: string }, client: SignInClient): Promise<OwnershipTransfer>;
  cancelTransfer(person: IUser, teamId: string): Promise<void>;
  acceptTransfer(person: IUser, teamId: string): Promise<TeamSummary>;
  /** Makes `userId` (a member) the owner in the caller's transaction; the old owner becomes an admin. */
  moveOwnership(sql: Sql, teamId: string, userId: string): Promise<void>;
  activity(teamId: string, q: TeamActivityQuery): Promise<TeamActivityList>;
}

/** `checkPassword`: the owner's password, counted and limited like a sign-in (auth/current-password.ts). */
export function createTeamsService(d: { orm: Orm; mails: Mails; publicUrl: string; membersWithoutPlan: number; checkPassword: CurrentPasswordCheck }): TeamsService {
  const em = () => d.orm.em.fork();
  /** Members plus unexpired pending invitations, against the plan's members limit. */
  const seatsOf = (sql: Sql, teamId: string) => seatsOfTeam(sql, teamId, d.membersWithoutPlan);
  const seatsRefused = (limit: number) => new HttpError(402, seatLimitMessage(limit), { code: TEAM_ERROR_CODES.seatLimit });

  /** Mails the link (never stored in the clear: only its hash is kept). */
  async function mailInvitation(to: string, teamId: string, inviter: IUser, role: AssignableTeamRole, token: string) {
    const link = `${d.publicUrl}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
    await d.mails.send(to, 'team-invitation', { teamName: await teamName(sqlOf(em()), teamId), inviterName: nameOf(inviter.firstName, inviter.lastName, inviter.email), role, link });
  }

  return {
    /** The person's teams, their own first; the first is the one used without X-Team-Id. */
    async list(person: IUser): Promise<TeamList> {
      const sql = sqlOf(em());
      const items = await summaries(sql, person.id);
      return { items, defaultTeamId: items[0]?.id ?? null, removedFrom: await removalsOf(sql, person.id) };
    },

    async rename(person: IUser, teamId: string, name: string): Promise<TeamSummary> {
      const sql = sqlOf(em());
      await renameTeam(sql, teamId, name);
      return summary(sql, person.id, teamId);
    },

    async members(teamId: string): Promise<TeamMemberList> {
      const sql = sqlOf(em());
      return { items: await memberRows(sql, teamId), seats: await seatsOf(sql, teamId) };
    },

    /** A new role for a member (not the owner's: that moves by transfer); seen at the member's next request. */
    async changeRole(teamId: string, userId: string, role: AssignableTeamRole): Promise<TeamMember> {
      return em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        const [m] = isUuid(userId) ? await lockedMemberRole(sql, teamId, userId) : [];
        if (!m) throw notFound(TEAM_MESSAGES.memberNotFound);
        if (m.role === 'owner') throw conflict(TEAM_MESSAGES.ownerRoleFixed);
        if (m.role !== role) {
          await setMemberRole(sql, teamId, userId, role);
          const [member] = await memberRows(sql, teamId, userId);
          await recordActivity(sql, teamId, 'member.role_changed', { type: 'member', id: userId, name: member.name }, { role, previousRole: m.role });
        }
        return (await memberRows(sql, teamId, userId))[0];
      });
    },

    /** Removes a member (never the owner); their next request in this team is refused, in every API process. They are mailed. */
    async removeMember(teamId: string, userId: string): Promise<void> {
      const removed = await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        const [member] = isUuid(userId) ? await memberRows(sql, teamId, userId) : [];
        if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
        if (member.role === 'owner') throw conflict(TEAM_MESSAGES.cannotRemoveOwner);
        await deleteMember(sql, teamId, userId);
        await deleteTransferTo(sql, teamId, userId);
        await recordActivity(sql, teamId, 'member.removed', { type: 'member', id: userId, name: member.name }, { role: member.role });
        const [u] = await userFirstName(sql, userId);
        return { email: member.email, firstName: u?.first_name ?? '', teamName: await teamName(sql, teamId) };
      });
      await d.mails.send(removed.email, 'team-removed', { firstName: removed.firstName, teamName: removed.teamName });
    },

    async leave(person: IUser, teamId: string, role: TeamRole): Promise<void> {
      if (role === 'owner') throw conflict(TEAM_MESSAGES.ownerCannotLeave);
      await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        await deleteMember(sql, teamId, person.id);
        await deleteTransferTo(sql, teamId, person.id);
        await recordActivity(sql, teamId, 'member.left', { type: 'member', id: person.id, name: nameOf(person.firstName, person.lastName, person.email) }, { role });
      });
    },

    async invitations(teamId: string) {
      const sql = sqlOf(em());
      return { items: await invitationRows(sql, teamId), seats: await seatsOf(sql, teamId) };
    },

    /**
     * Invites an address with a role: 409 for a member or a pending invitation, 402 (with the
     * upgrade hint) when members and pending invitations fill the plan's seats. The link is
     * mailed after the commit; only its hash is stored.
     */
    async invite(inviter: IUser, teamId: string, input: { email: string; role: AssignableTeamRole }): Promise<Invitation> {
      const { token, hash } = newOpaqueToken();
      const id = crypto.randomUUID();
      const invitation = await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        await lockTeam(sql, teamId);
        if (await isMemberEmail(sql, teamId, input.email)) throw conflict(TEAM_MESSAGES.alreadyMember);
        if (await hasPendingInvitation(sql, teamId, input.email)) throw conflict(TEAM_MESSAGES.alreadyInvited);
        const seats = await seatsOf(sql, teamId);
        if (seats.used >= seats.limit) throw seatsRefused(seats.limit);
        await insertInvitation(sql, { id, teamId, email: input.email, role: input.role, tokenHash: hash, invitedBy: inviter.id, expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS) });
        await recordActivity(sql, teamId, 'member.invited', { type: 'invitation', id, name: input.email }, { role: input.role }, inviter.id);
        return (await invitationRows(sql, teamId, id))[0];
      });
      await mailInvitation(input.email, teamId, inviter, input.role, token);
      return invitation;
    },

    /** A new link and 7 more days; the old link stops working. An expired invitation needs a free seat again. */
    async resend(inviter: IUser, teamId: string, invitationId: string): Promise<Invitation> {
      const { token, hash } = newOpaqueToken();
      const invitation = await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        await lockTeam(sql, teamId);
        const [existing] = isUuid(invitationId) ? await invitationRows(sql, teamId, invitationId) : [];
        if (!existing) throw notFound(TEAM_MESSAGES.invitationNotFound);
        if (existing.expired) {
          const seats = await seatsOf(sql, teamId);
          if (seats.used >= seats.limit) throw seatsRefused(seats.limit);
        }
        await renewInvitation(sql, invitationId, hash, new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS), inviter.id);
        return (await invitationRows(sql, teamId, invitationId))[0];
      });
      await mailInvitation(invitation.email, teamId, inviter, invitation.role, token);
      return invitation;
    },

    async revoke(teamId: string, invitationId: string): Promise<void> {
      await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        const [existing] = isUuid(invitationId) ? await invitationRows(sql, teamId, invitationId) : [];
        if (!existing) throw notFound(TEAM_MESSAGES.invitationNotFound);
        await revokeInvitation(sql, invitationId);
        await recordActivity(sql, teamId, 'invitation.revoked', { type: 'invitation', id: invitationId, name: existing.email }, { role: existing.role });
      });
    },

    /** What a link offers, for the invitation page (no sign-in needed). */
    async lookup(token: string): Promise<InvitationPreview> {
      const sql = sqlOf(em());
      const row = await openInvitation(sql, token);
      const [inviter] = row.invited_by ? await personName(sql, row.invited_by) : [];
      return {
        teamName: await teamName(sql, row.team_id),
        email: row.email,
        role: row.role,
        invitedBy: inviter ? nameOf(inviter.first_name, inviter.last_name, inviter.email) : null,
        expiresAt: iso(row.expires_at) as string,
      };
    },

    /**
     * Joins the invitation's team: only for the invited address, once (the row is claimed under
     * a lock, so two tabs cannot both use it), before it expires, while a seat is free.
     */
    async accept(person: IUser, token: string): Promise<TeamSummary> {
      return em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        const preview = await openInvitation(sql, token);
        await lockTeam(sql, preview.team_id);
        const row = await openInvitation(sql, token, true);
        if (row.email.toLowerCase() !== person.email.toLowerCase()) throw forbidden(TEAM_MESSAGES.invitationOtherEmail);
        await markInvitationAccepted(sql, row.id, person.id);
        if (!(await isMember(sql, row.team_id, person.id))) {
          // This invitation held a seat while pending; after a downgrade it may not fit any more.
          const seats = await seatsOf(sql, row.team_id);
          if (seats.members >= seats.limit) throw seatsRefused(seats.limit);
          await insertMember(sql, row.team_id, person.id, row.role, row.invited_by);
          await recordActivity(sql, row.team_id, 'member.joined', { type: 'member', id: person.id, name: nameOf(person.firstName, person.lastName, person.email) }, { role: row.role }, person.id);
        }
        return summary(sql, person.id, row.team_id);
      });
    },

    /** The owner asks (with their password) to hand the team to a member, who accepts within 7 days. */
    async requestTransfer(owner: IUser, teamId: string, input: { userId: string; password: string }, client: SignInClient): Promise<OwnershipTransfer> {
      if (!owner.passwordHash) throw forbidden(TEAM_MESSAGES.passwordNeeded);
      if (!(await d.checkPassword({ email: owner.email, passwordHash: owner.passwordHash }, input.password, client))) throw forbidden(TEAM_MESSAGES.wrongPassword);
      const transfer = await em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        await lockTeam(sql, teamId);
        const [target] = input.userId !== owner.id ? await memberRows(sql, teamId, input.userId) : [];
        if (!target) throw new HttpError(422, TEAM_MESSAGES.transferToMember, { errors: { userId: TEAM_MESSAGES.transferToMember } });
        if (await transferWaiting(sql, teamId)) throw conflict(TEAM_MESSAGES.transferPending);
        await upsertTransfer(sql, teamId, owner.id, target.userId, new Date(Date.now() + OWNERSHIP_TRANSFER_TTL_DAYS * DAY_MS));
        await recordActivity(sql, teamId, 'ownership.requested', { type: 'member', id: target.userId, name: target.name });
        const s = await summary(sql, owner.id, teamId);
        return { transfer: s.ownershipTransfer as OwnershipTransfer, target, teamName: s.name };
      });
      await d.mails.send(transfer.target.email, 'ownership-transfer', {
        firstName: transfer.target.name.split(' ')[0],
        teamName: transfer.teamName,
        fromName: nameOf(owner.firstName, owner.lastName, owner.email),
        link: `${d.publicUrl}/settings/team`,
      });
      return transfer.transfer;
    },

    /** The owner cancels, or the member asked declines. */
    async cancelTransfer(person: IUser, teamId: string): Promise<void> {
      const rows = await deleteTransferOf(sqlOf(em()), teamId, person.id);
      if (!rows.length) throw notFound(TEAM_MESSAGES.noTransfer);
    },

    /** The member asked becomes the owner; the old owner stays as admin. */
    async acceptTransfer(person: IUser, teamId: string): Promise<TeamSummary> {
      return em().transactional(async (tx) => {
        const sql = sqlOf(tx);
        await lockTeam(sql, teamId);
        const [t] = await transferTo(sql, teamId, person.id);
        if (!t) throw notFound(TEAM_MESSAGES.noTransfer);
        await moveOwnership(sql, teamId, person.id);
        await recordActivity(sql, teamId, 'ownership.transferred', { type: 'member', id: person.id, name: nameOf(person.firstName, person.lastName, person.email) }, { from: t.from_user_id });
        return summary(sql, person.id, teamId);
      });
    },

    moveOwnership,

    /** The activity log, newest first, of the last TEAM_ACTIVITY_RETENTION_DAYS, filtered. */
    async activity(teamId: string, q: TeamActivityQuery): Promise<TeamActivityList> {
      const sql = sqlOf(em());
      const { where, params } = activityFilter(teamId, q);
      const { items, total } = await activityRows(sql, where, params, q);
      return { items, meta: pageMeta(q.page, q.limit, total) };
    },
  };
}
