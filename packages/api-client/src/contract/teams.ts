import { z } from 'zod';
import { email, maxLength, pageLimit, pageNumber, paginated, text } from './common.ts';
import { ASSIGNABLE_TEAM_ROLES, PASSWORD_MAX_LENGTH, roleCan, TEAM_HEADER, TEAM_PERMISSIONS, TEAM_ROLES, type TeamPermission, type TeamRole, TOKEN_MAX_LENGTH } from './constants.ts';

/**
 * Teams: every account is a team (its id is the id of the account that pays), people belong to
 * several teams with one role in each, and the selected team travels in the `X-Team-Id` header.
 * Its roles, permissions and error codes are in constants.ts.
 */

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', editor: 'Editor', viewer: 'Viewer' };
export const TEAM_PERMISSION_LABELS: Record<TeamPermission, string> = { billing: 'billing', ownership: 'ownership', manageTeam: 'manage team', edit: 'edit', readLeads: 'read leads', view: 'view' };

/** The roles holding a permission, owner first. */
export const rolesWith = (permission: TeamPermission): TeamRole[] => TEAM_ROLES.filter((r) => roleCan(r, permission));

/**
 * An operation's access in the team: a permission, or 'personal' (about the signed-in person
 * alone: their profile, their teams, accepting an invitation; every role may call it).
 */
export type TeamAccess = TeamPermission | 'personal';

/** Invitations expire after this many days; the activity log keeps this many days. */
export const INVITATION_TTL_DAYS = 7;
export const OWNERSHIP_TRANSFER_TTL_DAYS = 7;
export const TEAM_ACTIVITY_RETENTION_DAYS = 90;
export const TEAM_ACTIVITY_PAGE_SIZE = 20;
export const TEAM_NAME_MAX = 100;
/** Where the invitation mail's link points: `{PUBLIC_URL}/invitation?token=...`. */
export const INVITATION_PATH = '/invitation';

export const TEAM_MESSAGES = {
  notMember: 'You are not a member of this team.',
  noTeam: 'You are not a member of any team.',
  badTeamHeader: `${TEAM_HEADER} must be a team id.`,
  teamNotFound: 'Team not found',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation link is not valid: it was used, revoked or replaced by a newer one.',
  invitationExpired: 'This invitation has expired. Ask the team for a new one.',
  invitationOtherEmail: 'This invitation was sent to another email address. Sign in with that address to accept it.',
  alreadyMember: 'This person is already a member of the team.',
  alreadyInvited: 'This address already has a pending invitation. Resend it instead.',
  invitationSent: 'Invitation sent.',
  invitationRevoked: 'Invitation revoked.',
  invitationAccepted: 'You joined the team.',
  ownerRoleFixed: "The owner's role changes only by transferring ownership.",
  ownerCannotLeave: 'The owner cannot leave the team. Transfer ownership first.',
  cannotRemoveOwner: 'The owner cannot be removed from the team.',
  memberRemoved: 'Member removed.',
  leftTeam: 'You left the team.',
  wrongPassword: 'The password is not correct.',
  passwordNeeded: 'Set a password in your profile before transferring ownership.',
  transferToMember: 'Ownership can only move to another member of the team.',
  transferPending: 'An ownership transfer is already waiting for acceptance. Cancel it first.',
  noTransfer: 'There is no ownership transfer waiting for you.',
  transferCanceled: 'Ownership transfer canceled.',
  ownershipAccepted: 'You are now the owner of the team.',
  teamRenamed: 'Team renamed.',
  teamBlocked: "This team's account is blocked. Switch to another team.",
} as const;

/** 403 of a role without the permission, naming it. */
export const missingPermissionMessage = (permission: TeamPermission, role: TeamRole) =>
  `Your role in this team (${TEAM_ROLE_LABELS[role].toLowerCase()}) does not have the "${TEAM_PERMISSION_LABELS[permission]}" permission.`;
/** 402 of an invitation beyond the plan's seats, with the upgrade hint. */
export const seatLimitMessage = (limit: number) =>
  `Your plan allows ${limit} member${limit === 1 ? '' : 's'} (invitations waiting included). Upgrade your plan to invite more people.`;

const teamRole = z.enum(TEAM_ROLES);
const assignableRole = z.enum(ASSIGNABLE_TEAM_ROLES, { error: `Must be one of ${ASSIGNABLE_TEAM_ROLES.join(', ')}.` });
const userId = z.uuid({ error: 'Must be a user id.' });
const isoDate = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date and time.' });

/** Someone named in a team: a member, an inviter, the actor of an activity. */
export const PersonRef = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof PersonRef>;

/** An ownership transfer waiting for the new owner's acceptance. */
export const OwnershipTransfer = z.object({ from: PersonRef, to: PersonRef, requestedAt: z.string(), expiresAt: z.string() });
export type OwnershipTransfer = z.infer<typeof OwnershipTransfer>;

/** One of the caller's teams, with the caller's role in it. */
export const TeamSummary = z.object({
  id: z.string(),
  name: z.string(),
  role: teamRole,
  /** What the caller's role allows here (ROLE_PERMISSIONS of `role`). */
  permissions: z.array(z.enum(TEAM_PERMISSIONS)),
  owner: PersonRef,
  /** The team made with the caller's own account (the one used without X-Team-Id). */
  isOwn: z.boolean(),
  memberCount: z.number().int(),
  /** A transfer the caller made or is asked to accept; null otherwise. */
  ownershipTransfer: OwnershipTransfer.nullable(),
});
export type TeamSummary = z.infer<typeof TeamSummary>;
/** A team the caller was removed from (by an owner or admin, not left) and is not back in. */
export const TeamRemoval = z.object({ teamId: z.string(), teamName: z.string(), removedAt: z.string() });
export type TeamRemoval = z.infer<typeof TeamRemoval>;
/**
 * GET /api/teams: the caller's teams, their own first. `defaultTeamId` is the one used without X-Team-Id.
 * `removedFrom`: recent removals (the activity log's retention), newest first, so the app can say why a team is gone.
 */
export const TeamList = z.object({ items: z.array(TeamSummary), defaultTeamId: z.string().nullable(), removedFrom: z.array(TeamRemoval) });
export type TeamList = z.infer<typeof TeamList>;

export const TeamName = text(1).max(...maxLength(TEAM_NAME_MAX));
export const TeamUpdate = z.object({ name: TeamName });

/** Seats: members plus pending invitations against the plan's members limit. */
export const TeamSeats = z.object({ used: z.number().int(), limit: z.number().int(), members: z.number().int(), pendingInvitations: z.number().int() });
export type TeamSeats = z.infer<typeof TeamSeats>;

export const TeamMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: teamRole,
  invitedBy: PersonRef.nullable(),
  /** The member's last request in this team (to the minute); null before any. */
  lastActiveAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof TeamMember>;
export const TeamMemberList = z.object({ items: z.array(TeamMember), seats: TeamSeats });
export type TeamMemberList = z.infer<typeof TeamMemberList>;
export const TeamMemberUpdate = z.object({ role: assignableRole });

export const InvitationCreate = z.object({ email: email(), role: assignableRole });
export type InvitationCreate = z.infer<typeof InvitationCreate>;
export const Invitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_TEAM_ROLES),
  invitedBy: PersonRef.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past expiresAt: resend to give it a new link and seven more days. */
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof Invitation>;
export const InvitationList = z.object({ items: z.array(Invitation), seats: TeamSeats });
export type InvitationList = z.infer<typeof InvitationList>;

const invitationToken = z.string({ error: TEAM_MESSAGES.invitationInvalid }).trim().min(1, { error: TEAM_MESSAGES.invitationInvalid }).max(TOKEN_MAX_LENGTH);
export const InvitationToken = z.object({ token: invitationToken });
/** POST /api/invitations/lookup (public): what the invitation page shows before signing in. */
export const InvitationPreview = z.object({ teamName: z.string(), email: z.string(), role: z.enum(ASSIGNABLE_TEAM_ROLES), invitedBy: z.string().nullable(), expiresAt: z.string() });
export type InvitationPreview = z.infer<typeof InvitationPreview>;
export const InvitationAccepted = z.object({ message: z.string(), team: TeamSummary });

export const OwnershipTransferRequest = z.object({
  userId,
  password: z.string({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(PASSWORD_MAX_LENGTH),
});
export const OwnershipTransferAccepted = z.object({ message: z.string(), team: TeamSummary });

/** What the activity log records. */
export const TEAM_ACTIVITY_ACTIONS = [
  'video.uploaded',
  'video.imported',
  'video.deleted',
  'video.privacy_changed',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.revoked',
  'ownership.requested',
  'ownership.transferred',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'caption.added',
  'caption.updated',
  'caption.deleted',
  'viewer_settings.changed',
  'lead.deleted',
] as const;
export type TeamActivityAction = (typeof TEAM_ACTIVITY_ACTIONS)[number];
export const TEAM_ACTIVITY_SUBJECTS = ['video', 'member', 'invitation', 'team', 'api_key', 'webhook', 'lead'] as const;
export type TeamActivitySubjectType = (typeof TEAM_ACTIVITY_SUBJECTS)[number];
export const TEAM_ACTIVITY_LABELS: Record<TeamActivityAction, string> = {
  'video.uploaded': 'Uploaded a video',
  'video.imported': 'Imported a video',
  'video.deleted': 'Deleted a video',
  'video.privacy_changed': 'Changed the privacy of a video',
  'member.invited': 'Invited a member',
  'member.joined': 'Joined the team',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the team',
  'invitation.revoked': 'Revoked an invitation',
  'ownership.requested': 'Asked to transfer ownership',
  'ownership.transferred': 'Transferred ownership',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'webhook.created': 'Added a webhook',
  'webhook.updated': 'Changed a webhook',
  'webhook.deleted': 'Deleted a webhook',
  'webhook.secret_rotated': "Rotated a webhook's secret",
  'caption.added': 'Added captions',
  'caption.updated': 'Changed captions',
  'caption.deleted': 'Deleted captions',
  'viewer_settings.changed': 'Changed the viewer privacy settings',
  'lead.deleted': 'Deleted a lead',
};

export const TeamActivity = z.object({
  id: z.string(),
  action: z.enum(TEAM_ACTIVITY_ACTIONS),
  /** Who did it; null for a support action by a Reelbase admin or a person since deleted. */
  actor: PersonRef.nullable(),
  /** What it was done to: a video (also for its captions), a member (by user id), an invitation (by email), an API key, a webhook (by its URL). */
  subject: z.object({ type: z.enum(TEAM_ACTIVITY_SUBJECTS), id: z.string().nullable(), name: z.string().nullable() }),
  /** E.g. {role: 'editor', previousRole: 'viewer'} or {privacy: 'private'}. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export type TeamActivity = z.infer<typeof TeamActivity>;
export const TeamActivityList = paginated(TeamActivity);
export type TeamActivityList = z.infer<typeof TeamActivityList>;

/** GET /api/teams/{teamId}/activity: newest first, the last 90 days. */
export const TeamActivityQuery = z.object({
  limit: pageLimit(TEAM_ACTIVITY_PAGE_SIZE),
  page: pageNumber,
  action: z.enum(TEAM_ACTIVITY_ACTIONS, { error: `Must be one of ${TEAM_ACTIVITY_ACTIONS.join(', ')}.` }).optional(),
  'actor-id': userId.optional(),
  /** Only what happened to this video (its id). */
  'video-id': z.uuid({ error: 'Must be a video id.' }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type TeamActivityQuery = z.infer<typeof TeamActivityQuery>;

/** The admin area's team view. */
export const AdminTeamMember = z.object({ userId: z.string(), name: z.string(), email: z.string(), role: teamRole, joinedAt: z.string() });
export const AdminTeam = z.object({
  id: z.string(),
  name: z.string(),
  owner: PersonRef,
  plan: z.string().nullable(),
  membersLimit: z.number().int(),
  memberCount: z.number().int(),
  members: z.array(AdminTeamMember),
  createdAt: z.string(),
});
export type AdminTeam = z.infer<typeof AdminTeam>;
export const AdminTeamList = paginated(AdminTeam);
export type AdminTeamList = z.infer<typeof AdminTeamList>;
/** Search matches the team's name or any member's name or email. */
export const AdminTeamListQuery = z.object({ limit: pageLimit(10), page: pageNumber, search: z.string().trim().max(254).optional() });
/** POST /api/admin/teams/{teamId}/owner: a support case moves ownership to a member (the audit log keeps the reason). */
export const AdminOwnershipMove = z.object({ userId, reason: z.string().trim().max(500).optional() });
