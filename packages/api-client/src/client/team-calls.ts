import type { z } from 'zod';
import type { AdminUserUpdate, UserBulkRequest } from '../contract/admin.ts';
import type { ApiKeyCreate } from '../contract/api-keys.ts';
import type { CrmProvider, HubspotConnect, MailchimpConnect } from '../contract/integrations.ts';
import type { NotificationSettingsUpdate } from '../contract/notifications.ts';
import type { AssignableTeamRole, FeatureFlag } from '../contract/constants.ts';
import type { TeamPolicy } from '../contract/two-factor.ts';
import type { VideoBulkRequest } from '../contract/videos.ts';
import type { WebhookCreate, WebhookUpdate } from '../contract/webhooks.ts';
import type { Call } from './operation.ts';
import type { AdminUserListParams, AdminVideoListParams, RegisterInput, TeamActivityParams } from './params.ts';
import * as op from './routes.generated.ts';

/** The admin area's calls (every one answers 403 to a non-admin). */
export const adminCalls = (call: Call) => ({
  listUsers: (p: AdminUserListParams = {}) =>
    call(op.getUsers, {
      query: {
        limit: p.limit,
        page: p.page,
        inactive: p.inactive,
        isActive: p.isActive,
        ban: p.ban,
        'only-banned': p.onlyBanned,
        'only-canceled': p.onlyCanceled,
        search: p.search?.trim() || undefined,
        direction: p.direction,
        field: p.field,
      },
    }),
  getUser: (userId: string) => call(op.getUsersById, { id: userId }),
  /** {isActive} cancels/reactivates, {ban, banReason} bans, {ban: false, banReason: null} unbans, {features}, {videoGeneratorCredits}. */
  updateUser: (userId: string, input: z.input<typeof AdminUserUpdate>) => call(op.putUsersById, { id: userId, body: input }),
  deleteUser: (userId: string) => call(op.deleteUsersById, { id: userId }),
  bulkUsers: (input: z.input<typeof UserBulkRequest>) => call(op.postUsersBulk, { body: input }),
  /** Toggles one feature flag (or sets it to `value`). */
  toggleFeature: (userId: string, name: FeatureFlag, value?: boolean) => call(op.putFeatureById, { id: userId, body: { name, value } }),
  /** Creates a confirmed user directly (the create-user modal). */
  createUser: (input: RegisterInput) => call(op.postUsers, { body: input }),
  listVideos: (p: AdminVideoListParams) => call(op.getVideos, { query: { 'user-id': p.userId, limit: p.limit, page: p.page, direction: p.direction, field: p.field } }),
  /** Blocks (ban true, with the reason the owner reads) or unblocks videos; a blocked video stops being served at once. */
  blockVideos: (ids: string[], ban: boolean, reason?: string) =>
    call(op.postVideosBulk, { body: { action: 'block', ban, ids, ...(reason && { reason }) } satisfies VideoBulkRequest }),
  /** Teams with their members; search by team name or a member's name or email. */
  listTeams: (p: { limit?: number; page?: number; search?: string } = {}) =>
    call(op.getAdminTeams, { query: { limit: p.limit, page: p.page, search: p.search?.trim() || undefined } }),
  /** Moves a team's ownership to one of its members (a support case; audited). */
  moveTeamOwnership: (teamId: string, userId: string, reason?: string) => call(op.postAdminTeamsByTeamIdOwner, { teamId, body: { userId, ...(reason && { reason }) } }),
});

/**
 * Teams: the caller's teams, members, invitations, ownership and the activity log. Calls name
 * their team in the path; the other calls act for the team chosen with `setTeam`.
 */
export const teamCalls = (call: Call) => ({
  list: () => call(op.getTeams),
  rename: (teamId: string, name: string) => call(op.putTeamsByTeamId, { teamId, body: { name } }),
  members: (teamId: string) => call(op.getTeamsByTeamIdMembers, { teamId }),
  changeRole: (teamId: string, userId: string, role: AssignableTeamRole) => call(op.putTeamsByTeamIdMembersByUserId, { teamId, userId, body: { role } }),
  removeMember: (teamId: string, userId: string) => call(op.deleteTeamsByTeamIdMembersByUserId, { teamId, userId }),
  leave: (teamId: string) => call(op.postTeamsByTeamIdLeave, { teamId }),
  /** The owner's policy: requireTwoFactor sends members without two-factor sign-in to set it up (403 two_factor_required). */
  setPolicy: (teamId: string, policy: TeamPolicy) => call(op.putTeamsByTeamIdPolicy, { teamId, body: policy }),
  invitations: (teamId: string) => call(op.getTeamsByTeamIdInvitations, { teamId }),
  /** 402 (ApiError with code TEAM_SEAT_LIMIT_ERROR) when the plan's seats are taken. */
  invite: (teamId: string, email: string, role: AssignableTeamRole) => call(op.postTeamsByTeamIdInvitations, { teamId, body: { email, role } }),
  resendInvitation: (teamId: string, invitationId: string) => call(op.postTeamsByTeamIdInvitationsByInvitationIdResend, { teamId, invitationId }),
  revokeInvitation: (teamId: string, invitationId: string) => call(op.deleteTeamsByTeamIdInvitationsByInvitationId, { teamId, invitationId }),
  /** What an invitation link offers; works signed out (the invitation page). */
  lookupInvitation: (token: string) => call(op.postInvitationsLookup, { body: { token }, auth: false }),
  acceptInvitation: (token: string) => call(op.postInvitationsAccept, { body: { token } }),
  /** The owner asks; `userId` accepts with `acceptOwnership`. */
  transferOwnership: (teamId: string, userId: string, password: string) => call(op.postTeamsByTeamIdOwnershipTransfer, { teamId, body: { userId, password } }),
  /** The owner cancels, or the member asked declines. */
  cancelOwnershipTransfer: (teamId: string) => call(op.deleteTeamsByTeamIdOwnershipTransfer, { teamId }),
  acceptOwnership: (teamId: string) => call(op.postTeamsByTeamIdOwnershipTransferAccept, { teamId }),
  activity: (teamId: string, p: TeamActivityParams = {}) =>
    call(op.getTeamsByTeamIdActivity, { teamId, query: { limit: p.limit, page: p.page, action: p.action, 'actor-id': p.actorId, 'video-id': p.videoId, from: p.from, to: p.to } }),
});

/** The acting team's webhook endpoints (manageTeam). */
export const webhookCalls = (call: Call) => ({
  list: () => call(op.getWebhooks),
  /** The answer carries the endpoint's secret, this once. */
  create: (input: WebhookCreate) => call(op.postWebhooks, { body: input }),
  update: (webhookId: string, input: WebhookUpdate) => call(op.putWebhooksById, { id: webhookId, body: input }),
  remove: (webhookId: string) => call(op.deleteWebhooksById, { id: webhookId }),
  rotateSecret: (webhookId: string) => call(op.postWebhooksByIdRotateSecret, { id: webhookId }),
  deliveries: (webhookId: string) => call(op.getWebhooksByIdDeliveries, { id: webhookId }),
  resend: (webhookId: string, deliveryId: string) => call(op.postWebhooksByIdDeliveriesByDeliveryIdResend, { id: webhookId, deliveryId }),
  test: (webhookId: string) => call(op.postWebhooksByIdTest, { id: webhookId }),
});

/** API keys of the acting team (its admins'): the created key is in the answer this once. */
export const apiKeyCalls = (call: Call) => ({
  list: () => call(op.getApiKeys),
  create: (input: ApiKeyCreate) => call(op.postApiKeys, { body: input }),
  revoke: (keyId: string) => call(op.deleteApiKeysById, { id: keyId }),
});

/** The acting team's CRM connections (manageTeam): the secret goes in, only its last 4 characters come back. */
export const integrationCalls = (call: Call) => ({
  list: () => call(op.getIntegrations),
  connectHubspot: (input: HubspotConnect) => call(op.putIntegrationsHubspot, { body: input }),
  connectMailchimp: (input: MailchimpConnect) => call(op.putIntegrationsMailchimp, { body: input }),
  disconnect: (provider: CrmProvider) => call(op.deleteIntegrationsByProvider, { provider }),
});

/** The signed-in person's lead-watched alerts in the acting team. */
export const notificationCalls = (call: Call) => ({
  get: () => call(op.getNotifications),
  update: (input: NotificationSettingsUpdate) => call(op.putNotifications, { body: input }),
});
