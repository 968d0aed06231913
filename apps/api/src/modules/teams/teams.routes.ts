import { Router } from '@koa/router';
import { AdminOwnershipMove, AdminTeamListQuery, InvitationCreate, InvitationToken, OwnershipTransferRequest, TEAM_MESSAGES, TeamActivityQuery, TeamMemberUpdate, TeamUpdate } from '@reelbase/api-client';
import { type AuthGuards, currentPerson, currentTeam } from '../access/guards.ts';
import { body, query } from '../../http/validate.ts';
import type { AdminTeamsService } from '../admin/admin-teams.service.ts';
import type { TeamsService } from './teams.service.ts';

/**
 * Teams: each route's permission comes from the contract (bindTeamAccess), checked against the
 * team in the path before the handler runs; here only HTTP.
 */
export function teamsRoutes(teams: TeamsService, admin: AdminTeamsService, guards: AuthGuards) {
  const r = new Router();
  const user = guards.requireUser;
  r.get('/api/teams', user, async (ctx) => {
    ctx.body = await teams.list(currentPerson(ctx));
  });
  r.put('/api/teams/:teamId', user, async (ctx) => {
    ctx.body = await teams.rename(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, TeamUpdate).name);
  });
  r.get('/api/teams/:teamId/members', user, async (ctx) => {
    ctx.body = await teams.members(currentTeam(ctx).teamId);
  });
  r.put('/api/teams/:teamId/members/:userId', user, async (ctx) => {
    ctx.body = await teams.changeRole(currentTeam(ctx).teamId, ctx.params.userId, body(ctx, TeamMemberUpdate).role);
  });
  r.delete('/api/teams/:teamId/members/:userId', user, async (ctx) => {
    await teams.removeMember(currentTeam(ctx).teamId, ctx.params.userId);
    ctx.body = { message: TEAM_MESSAGES.memberRemoved };
  });
  r.post('/api/teams/:teamId/leave', user, async (ctx) => {
    await teams.leave(currentPerson(ctx), currentTeam(ctx).teamId, currentTeam(ctx).role);
    ctx.body = { message: TEAM_MESSAGES.leftTeam };
  });
  r.get('/api/teams/:teamId/invitations', user, async (ctx) => {
    ctx.body = await teams.invitations(currentTeam(ctx).teamId);
  });
  r.post('/api/teams/:teamId/invitations', user, async (ctx) => {
    ctx.status = 201;
    ctx.body = await teams.invite(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, InvitationCreate));
  });
  r.post('/api/teams/:teamId/invitations/:invitationId/resend', user, async (ctx) => {
    ctx.body = await teams.resend(currentPerson(ctx), currentTeam(ctx).teamId, ctx.params.invitationId);
  });
  r.delete('/api/teams/:teamId/invitations/:invitationId', user, async (ctx) => {
    await teams.revoke(currentTeam(ctx).teamId, ctx.params.invitationId);
    ctx.body = { message: TEAM_MESSAGES.invitationRevoked };
  });
  r.post('/api/invitations/lookup', async (ctx) => {
    ctx.body = await teams.lookup(body(ctx, InvitationToken).token);
  });
  r.post('/api/invitations/accept', user, async (ctx) => {
    ctx.body = { message: TEAM_MESSAGES.invitationAccepted, team: await teams.accept(currentPerson(ctx), body(ctx, InvitationToken).token) };
  });
  r.post('/api/teams/:teamId/ownership-transfer', user, async (ctx) => {
    ctx.status = 201;
    ctx.body = await teams.requestTransfer(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, OwnershipTransferRequest), { address: ctx.ip, userAgent: ctx.get('user-agent').slice(0, 200) });
  });
  r.delete('/api/teams/:teamId/ownership-transfer', user, async (ctx) => {
    await teams.cancelTransfer(currentPerson(ctx), currentTeam(ctx).teamId);
    ctx.body = { message: TEAM_MESSAGES.transferCanceled };
  });
  r.post('/api/teams/:teamId/ownership-transfer/accept', user, async (ctx) => {
    ctx.body = { message: TEAM_MESSAGES.ownershipAccepted, team: await teams.acceptTransfer(currentPerson(ctx), currentTeam(ctx).teamId) };
  });
  r.get('/api/teams/:teamId/activity', user, async (ctx) => {
    ctx.body = await teams.activity(currentTeam(ctx).teamId, query(ctx, TeamActivityQuery));
  });
  r.get('/api/admin/teams', guards.requireAdmin, async (ctx) => {
    ctx.body = await admin.list(currentPerson(ctx), query(ctx, AdminTeamListQuery));
  });
  r.post('/api/admin/teams/:teamId/owner', guards.requireAdmin, async (ctx) => {
    ctx.body = await admin.moveOwnership(currentPerson(ctx), ctx.params.teamId, body(ctx, AdminOwnershipMove));
  });
  return r;
}
