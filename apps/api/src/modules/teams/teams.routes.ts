import { Router } from '@koa/router';
import { AdminOwnershipMove, AdminTeamListQuery, InvitationCreate, InvitationToken, op, OwnershipTransferRequest, TEAM_MESSAGES, TeamActivityQuery, TeamMemberUpdate, TeamUpdate } from '@reelbase/api-client';
import { type AuthGuards, currentPerson, currentTeam } from '../access/guards.ts';
import { body, query } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { AdminTeamsService } from '../admin/admin-teams.service.ts';
import type { TeamsService } from './teams.service.ts';

/**
 * Teams: each route's permission comes from the contract (bindTeamAccess), checked against the
 * team in the path before the handler runs; here only HTTP.
 */
export function teamsRoutes(teams: TeamsService, admin: AdminTeamsService, guards: AuthGuards) {
  const r = new Router();
  const user = guards.requireUser;
  on(r, op.getTeams, user, async (ctx) => {
    ctx.body = await teams.list(currentPerson(ctx));
  });
  on(r, op.putTeamsByTeamId, user, async (ctx) => {
    ctx.body = await teams.rename(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, TeamUpdate).name);
  });
  on(r, op.getTeamsByTeamIdMembers, user, async (ctx) => {
    ctx.body = await teams.members(currentTeam(ctx).teamId);
  });
  on(r, op.putTeamsByTeamIdMembersByUserId, user, async (ctx) => {
    ctx.body = await teams.changeRole(currentTeam(ctx).teamId, ctx.params.userId, body(ctx, TeamMemberUpdate).role);
  });
  on(r, op.deleteTeamsByTeamIdMembersByUserId, user, async (ctx) => {
    await teams.removeMember(currentTeam(ctx).teamId, ctx.params.userId);
    ctx.body = { message: TEAM_MESSAGES.memberRemoved };
  });
  on(r, op.postTeamsByTeamIdLeave, user, async (ctx) => {
    await teams.leave(currentPerson(ctx), currentTeam(ctx).teamId, currentTeam(ctx).role);
    ctx.body = { message: TEAM_MESSAGES.leftTeam };
  });
  on(r, op.getTeamsByTeamIdInvitations, user, async (ctx) => {
    ctx.body = await teams.invitations(currentTeam(ctx).teamId);
  });
  on(r, op.postTeamsByTeamIdInvitations, user, async (ctx) => {
    ctx.status = 201;
    ctx.body = await teams.invite(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, InvitationCreate));
  });
  on(r, op.postTeamsByTeamIdInvitationsByInvitationIdResend, user, async (ctx) => {
    ctx.body = await teams.resend(currentPerson(ctx), currentTeam(ctx).teamId, ctx.params.invitationId);
  });
  on(r, op.deleteTeamsByTeamIdInvitationsByInvitationId, user, async (ctx) => {
    await teams.revoke(currentTeam(ctx).teamId, ctx.params.invitationId);
    ctx.body = { message: TEAM_MESSAGES.invitationRevoked };
  });
  on(r, op.postInvitationsLookup, async (ctx) => {
    ctx.body = await teams.lookup(body(ctx, InvitationToken).token);
  });
  on(r, op.postInvitationsAccept, user, async (ctx) => {
    ctx.body = { message: TEAM_MESSAGES.invitationAccepted, team: await teams.accept(currentPerson(ctx), body(ctx, InvitationToken).token) };
  });
  on(r, op.postTeamsByTeamIdOwnershipTransfer, user, async (ctx) => {
    ctx.status = 201;
    ctx.body = await teams.requestTransfer(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, OwnershipTransferRequest), { address: ctx.ip, userAgent: ctx.get('user-agent').slice(0, 200) });
  });
  on(r, op.deleteTeamsByTeamIdOwnershipTransfer, user, async (ctx) => {
    await teams.cancelTransfer(currentPerson(ctx), currentTeam(ctx).teamId);
    ctx.body = { message: TEAM_MESSAGES.transferCanceled };
  });
  on(r, op.postTeamsByTeamIdOwnershipTransferAccept, user, async (ctx) => {
    ctx.body = { message: TEAM_MESSAGES.ownershipAccepted, team: await teams.acceptTransfer(currentPerson(ctx), currentTeam(ctx).teamId) };
  });
  on(r, op.getTeamsByTeamIdActivity, user, async (ctx) => {
    ctx.body = await teams.activity(currentTeam(ctx).teamId, query(ctx, TeamActivityQuery));
  });
  on(r, op.getAdminTeams, guards.requireAdmin, async (ctx) => {
    ctx.body = await admin.list(currentPerson(ctx), query(ctx, AdminTeamListQuery));
  });
  on(r, op.postAdminTeamsByTeamIdOwner, guards.requireAdmin, async (ctx) => {
    ctx.body = await admin.moveOwnership(currentPerson(ctx), ctx.params.teamId, body(ctx, AdminOwnershipMove));
  });
  return r;
}
