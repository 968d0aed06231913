import type { z } from 'zod';
import type { AdminUser, AdminUserList, AdminUserSortField, AdminUserUpdate, AdminVideoSortField, FeatureToggle, UserBulkRequest, UserBulkResult } from '../contract/admin.ts';
import type { ApiKeyCreate, ApiKeyCreated, ApiKeyList } from '../contract/api-keys.ts';
import type { AuthProviders, LoginResponse, PasswordLoginResponse } from '../contract/auth.ts';
import type { CaptionSettings } from '../contract/caption-generation.ts';
import type { Chapter, ChapterList } from '../contract/chapters.ts';
import type { CaptionFormat, CaptionList, CaptionTrack, CaptionTrackDetail, CaptionUpdate } from '../contract/captions.ts';
import type { MessageBody } from '../contract/common.ts';
import { type ADMIN_VIDEO_PAGE_SIZES, type AssignableTeamRole, DEVICE_TOKEN_HEADER, type FeatureFlag, isTwoFactorChallenge } from '../contract/constants.ts';
import type { FolderCreate, FolderDetail, FolderList, FolderSaved, FolderUpdate } from '../contract/folders.ts';
import type { Gif, GifCreateInput, GifList } from '../contract/gifs.ts';
import type { LeadList } from '../contract/leads.ts';
import type {
  PaymentCaptureResponse,
  PaymentHistoryList,
  PaymentOrder,
  PaymentOrderRequest,
  PaymentPlanList,
  PaymentPlanUpdate,
  PromoCode,
  PromoCodeCreate,
  SubscribeRequest,
  Subscription,
  SubscriptionResponse,
  Usage,
} from '../contract/payments.ts';
import type { AnalyticsOverview, AnalyticsSortField, EmbedCodeResponse, EmbedSettings, EmbedSettingsUpdate, PlaybackInfo, PlayerConfigUpdate, PlayerLogoUploadResponse, StatisticsCsvChart, StatisticsRange, VideoStatistics } from '../contract/player.ts';
import type { VideoPrivacy } from '../contract/privacy.ts';
import type { Profile, ProfileUpdate, ProfileUpdateResponse, ProfileUploadResponse } from '../contract/profile.ts';
import type { PasskeyAssertion, PasskeyRequestOptions, TeamPolicy, TotpConfirmed, TotpSetup, TwoFactorChallenge } from '../contract/two-factor.ts';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookDeliveryList, WebhookList, WebhookUpdate, WebhookWithSecret } from '../contract/webhooks.ts';
import type {
  AdminTeam,
  AdminTeamList,
  Invitation,
  InvitationAccepted,
  InvitationList,
  InvitationPreview,
  OwnershipTransfer,
  OwnershipTransferAccepted,
  TeamActivityAction,
  TeamActivityList,
  TeamList,
  TeamMember,
  TeamMemberList,
  TeamSummary,
} from '../contract/teams.ts';
import type { EmailCheckResponse, PaymentMethodInput, RegisterRequest, RegisterResponse } from '../contract/users.ts';
import type { PaymentConfig } from '../contract/payments.ts';
import type { ImportStarted, ImportStatus, PlayerConfig, Video, VideoBulkRequest, VideoBulkResult, VideoImageResponse, VideoList, WatermarkPlacementInput } from '../contract/videos.ts';
import { type CoreOptions, createCore, type Query, queryString } from './core.ts';
import type { EmbedOptions } from './embed.ts';
import { ApiError } from './errors.ts';
import { passkeyCalls } from './passkeys.ts';
import { afterRetryAfter } from './retry-after.ts';
import { fetchRaw, type ProgressHandler, parseBody, sendForm } from './transport.ts';
import type { TusInput } from './tus.ts';

// The resumable upload code loads with the first upload, so pages that never upload (sign-in) do not carry it.
const tus = () => import('./tus.ts');

/** Filters of the leads lists: the email or name contains `search`; `from`/`to` are UTC days (YYYY-MM-DD), both included. */
export type LeadsParams = { search?: string; from?: string; to?: string; page?: number; limit?: number };
export type LoginInput = { email: string; password: string; rememberMe?: boolean };
export type RegisterInput = z.input<typeof RegisterRequest>;
export type PaymentMethodChoice = z.input<typeof PaymentMethodInput>;
/** The profile update; `paymentMethod` is what the access gate saves (the registration's shape). */
export type ProfileUpdateInput = z.input<typeof ProfileUpdate>;
export type VideoListPage = z.infer<typeof VideoList>;
export type ImportProgress = z.infer<typeof ImportStatus>;
export type MessageAnswer = z.infer<typeof MessageBody>;

export interface VideoListParams {
  limit?: number;
  page?: number;
  direction?: 'ASC' | 'DESC';
  field?: 'createdAt' | 'name' | 'size';
  /** A folder's videos; null the top level's; left out, every video (a search across folders). */
  folderId?: string | null;
  search?: string;
}

export interface GifListParams {
  page?: number;
  limit?: number;
  /** One video's GIFs; left out, all of the caller's. */
  videoId?: string;
}

export interface ImageUploadOptions {
  /** Defaults to the File's name. */
  filename?: string;
  onProgress?: ProgressHandler;
}

/** GET /api/users as the admin tables send it (the active table: isActive true, ban false; the inactive one: inactive true). */
export interface AdminUserListParams {
  limit?: number;
  page?: number;
  inactive?: boolean;
  isActive?: boolean;
  ban?: boolean;
  onlyBanned?: boolean;
  onlyCanceled?: boolean;
  search?: string;
  direction?: 'ASC' | 'DESC';
  field?: AdminUserSortField;
}
/** GET /api/videos?user-id= (admin). */
export interface AdminVideoListParams {
  userId: string;
  limit?: (typeof ADMIN_VIDEO_PAGE_SIZES)[number];
  page?: number;
  direction?: 'ASC' | 'DESC';
  field?: AdminVideoSortField;
}
/** A downloaded file: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when there is one, else `filename`. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {}
  }
  return /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1].replace(/\\(.)/g, '$1') ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
}

export interface AnalyticsOverviewParams {
  range?: StatisticsRange;
  limit?: number;
  page?: number;
  field?: AnalyticsSortField;
  direction?: 'ASC' | 'DESC';
}

/** GET /api/teams/{teamId}/activity filters; dates as ISO 8601. */
export interface TeamActivityParams {
  limit?: number;
  page?: number;
  action?: TeamActivityAction;
  actorId?: string;
  videoId?: string;
  from?: string;
  to?: string;
}

export interface VideoUploadInput {
  /** A File (or Blob with a name given) in browsers; a Blob in Node. */
  file: Blob;
  filename?: string;
  /** The video's name; defaults to the file name without its extension. */
  name?: string;
  /** The folder the video goes into; the top level when left out. */
  folderId?: string | null;
  onProgress?: ProgressHandler;
  signal?: AbortSignal;
  /** Files larger than this go through resumable (tus) upload. */
  resumableAboveBytes?: number;
}

/** A caption upload's text fields, as multipart sends them. */
const captionFields = (f: { language: string; label?: string; isDefault?: boolean }): Record<string, string> => ({
  language: f.language,
  ...(f.label !== undefined && { label: f.label }),
  ...(f.isDefault !== undefined && { isDefault: String(f.isDefault) }),
});

/** Above this size uploads are resumable (tus) rather than one multipart request. */
export const RESUMABLE_UPLOAD_THRESHOLD = 50 * 1024 * 1024;

export type ApiClientOptions = CoreOptions;

const stripExtension = (filename: string) => filename.replace(/\.[^./\\]+$/, '') || filename;

/** The typed Reelbase client shared by the web and desktop apps. */
export function createApiClient(o: ApiClientOptions) {
  const core = createCore(o);
  const { request } = core;
  const id = (v: string) => encodeURIComponent(v);

  /** One video file to `path` as multipart (`video`, `name` and `fields`), or over tus with `metadata` when large. */
  async function sendVideo(path: string, input: VideoUploadInput, fields: Record<string, string>, metadata: Record<string, string>): Promise<Video> {
    const filename = input.filename ?? (input.file as File).name ?? 'video';
    const name = input.name?.trim() || stripExtension(filename);
    const filetype = input.file.type || 'application/octet-stream';
    if (!filetype.startsWith('video/')) throw new ApiError(422, 'Only video files are accepted.');
    if (input.file.size > (input.resumableAboveBytes ?? RESUMABLE_UPLOAD_THRESHOLD)) {
      const body = typeof Buffer !== 'undefined' && typeof (globalThis as { window?: unknown }).window === 'undefined' ? Buffer.from(await input.file.arrayBuffer()) : input.file;
      const videoId = await (await tus()).tusUpload(core, { file: body, filename, filetype, name, metadata, onProgress: input.onProgress, signal: input.signal });
      return request<Video>('GET', `/api/videos/${id(videoId)}`);
    }
    // A 429 that says when to come back (too many uploads or queued jobs just now) is waited out and sent again.
    const res = await afterRetryAfter(
      () =>
        core.execute((token) => {
          const form = new FormData();
          form.append('name', name);
          for (const [k, v] of Object.entries(fields)) form.append(k, v);
          form.append('video', input.file, filename);
          return sendForm(core.fetch, `${core.baseUrl}${path}`, form, core.authHeaders(token), input.onProgress, input.signal);
        }),
      input.signal,
    );
    return res.body as Video;
  }

  /** A file answer (a CSV export) as a Blob with the name its Content-Disposition gives. */
  async function downloadFile(path: string, query: Query): Promise<DownloadedFile> {
    let file: DownloadedFile | undefined;
    await core.execute(async (token) => {
      const r = await core.fetch(`${core.baseUrl}${path}${queryString(query)}`, { headers: core.authHeaders(token) });
      if (r.ok) file = { blob: await r.blob(), filename: filenameOf(r.headers.get('content-disposition')) ?? 'download' };
      return { status: r.status, statusText: r.statusText, body: r.ok ? null : parseBody(await r.text()), header: (n: string) => r.headers.get(n) };
    });
    return file as DownloadedFile;
  }

  const startSession = async (r: LoginResponse) => {
    // No refreshToken in cookie mode: the server set it as an HttpOnly cookie instead.
    await core.setSession({ accessToken: r.accessToken, ...(r.refreshToken !== undefined && { refreshToken: r.refreshToken }), isAdmin: r.isAdmin, isPaymentMethodSet: r.isPaymentMethodSet });
    return r;
  };

  /** A multipart upload of one file (in `fileField`) after some text fields. */
  const sendMultipart = async <T>(path: string, fileField: string, file: Blob, fields: Record<string, string>, opts: ImageUploadOptions) => {
    const res = await core.execute((token) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append(fileField, file, opts.filename ?? (file as File).name ?? 'image');
      return sendForm(core.fetch, `${core.baseUrl}${path}`, form, core.authHeaders(token), opts.onProgress);
    });
    return res.body as T;
  };
  const sendImage = (path: string, image: Blob, fields: Record<string, string>, opts: ImageUploadOptions) => sendMultipart<z.infer<typeof VideoImageResponse>>(path, 'image', image, fields, opts);

  /** A sign-in's answer: the session starts here, unless it is the challenge of a second step (two-factor sign-in: `auth.twoFactor`). */
  const signedIn = async <T extends LoginResponse & { deviceToken?: string }>(r: T | TwoFactorChallenge): Promise<T | TwoFactorChallenge> => {
    if (isTwoFactorChallenge(r)) return r;
    // Keeping it is a convenience: a keychain that refuses it must not fail the sign-in.
    if (core.deviceTokens && r.deviceToken) await Promise.resolve(core.deviceTokens.save(r.deviceToken)).catch(() => {});
    return startSession(r) as Promise<T>;
  };
  /** The headers of a sign-in: the stored device token (apps without cookies) beside the session's. */
  const signInHeaders = async () => {
    const known = core.deviceTokens ? await Promise.resolve(core.deviceTokens.load()).catch(() => null) : null;
    return known ? { ...core.sessionHeaders, [DEVICE_TOKEN_HEADER]: known } : core.sessionHeaders;
  };

  const auth = {
    /** Sends the stored device token (apps without cookies), and keeps the fresh one the answer carries; with two-factor sign-in on, answers the challenge. */
    async login(input: LoginInput) {
      const body = { ...input, rememberMe: !!input.rememberMe };
      return signedIn(await request<PasswordLoginResponse | TwoFactorChallenge>('POST', '/api/auth/login', { body, auth: false, headers: await signInHeaders() }));
    },
    /** A sign-in's second step: the challenge the first answered and an authenticator or recovery code, or a passkey's assertion; answers the session. */
    async twoFactor(challenge: string, proof: string | { passkey: z.input<typeof PasskeyAssertion> }) {
      const body = typeof proof === 'string' ? { challenge, code: proof } : { challenge, passkey: proof.passkey };
      const r = await request<PasswordLoginResponse>('POST', '/api/auth/2fa', { body, auth: false, headers: await signInHeaders() });
      return (await signedIn(r)) as PasswordLoginResponse;
    },
    /** A sign-in's passkey prompt: request options for navigator.credentials.get() (e.g. @simplewebauthn/browser's startAuthentication). */
    passkeyOptions: (challenge: string) => request<PasskeyRequestOptions>('POST', '/api/auth/2fa/passkey/options', { body: { challenge }, auth: false }),
    /** The sign-in providers configured on the server (null: not configured). */
    providers: () => request<AuthProviders>('GET', '/api/auth/providers', { auth: false }),
    /** `nonce`: the one the browser sent Google, which the ID token must carry. */
    async platform(input: { token: string; platform: 'google' | 'facebook'; nonce?: string }) {
      return signedIn(await request<PasswordLoginResponse | TwoFactorChallenge>('POST', '/api/auth/platform', { body: input, auth: false, headers: core.sessionHeaders }));
    },
    async verifyEmail(token: string) {
      return signedIn(await request<PasswordLoginResponse | TwoFactorChallenge>('POST', '/api/auth/verify-email', { body: { token }, auth: false, headers: core.sessionHeaders }));
    },
    /** The link mailed to a new address: confirms the change; signs nobody in. */
    confirmEmailChange: (token: string) => request<{ message: string; email: string }>('POST', '/api/auth/confirm-email-change', { body: { token }, auth: false }),
    /** "This was not me", from the mail to the old address: cancels the change and ends every session. */
    cancelEmailChange: (token: string) => request<MessageAnswer>('POST', '/api/auth/cancel-email-change', { body: { token }, auth: false }),
    /** Ends the session on the server and here; the local tokens go even when the call fails. */
    async logout() {
      try {
        if (core.getSession()) await request<MessageAnswer>('POST', '/api/auth/logout');
      } catch {
        // Signed out locally regardless.
      } finally {
        await core.setSession(null);
      }
    },
    forgotPassword: (email: string) => request<MessageAnswer>('POST', '/api/auth/forgot-password', { body: { email }, auth: false }),
    resetPassword: (token: string, password: string) => request<MessageAnswer>('POST', '/api/auth/reset-password', { body: { token, password }, auth: false }),
  };

  const users = {
    /** Self-registration (anonymous) or, with an admin session, creation of a user. */
    register: (input: RegisterInput) => request<z.infer<typeof RegisterResponse>>('POST', '/api/users', { body: input, auth: !!core.getSession() }),
    /** Whether an address is still free for a new account (registration's account step). */
    emailAvailable: (email: string) => request<EmailCheckResponse>('POST', '/api/users/email-check', { body: { email }, auth: false }),
    /** The card form's settings (public): with a Stripe publishable key the card goes through Stripe Elements. */
    paymentConfig: () => request<PaymentConfig>('GET', '/api/payment/config', { auth: false }),
  };

  /** The admin area's calls (every one answers 403 to a non-admin). */
  const admin = {
    listUsers: (p: AdminUserListParams = {}) =>
      request<AdminUserList>('GET', '/api/users', {
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
    getUser: (userId: string) => request<AdminUser>('GET', `/api/users/${id(userId)}`),
    /** {isActive} cancels/reactivates, {ban, banReason} bans, {ban: false, banReason: null} unbans, {features}, {videoGeneratorCredits}. */
    updateUser: (userId: string, input: z.input<typeof AdminUserUpdate>) => request<AdminUser>('PUT', `/api/users/${id(userId)}`, { body: input }),
    deleteUser: (userId: string) => request<MessageAnswer>('DELETE', `/api/users/${id(userId)}`),
    bulkUsers: (input: z.input<typeof UserBulkRequest>) => request<z.infer<typeof UserBulkResult>>('POST', '/api/users/bulk', { body: input }),
    /** Toggles one feature flag (or sets it to `value`). */
    toggleFeature: (userId: string, name: FeatureFlag, value?: boolean) =>
      request<AdminUser>('PUT', `/api/feature/${id(userId)}`, { body: { name, value } satisfies z.input<typeof FeatureToggle> }),
    /** Creates a confirmed user directly (the create-user modal). */
    createUser: (input: RegisterInput) => request<z.infer<typeof RegisterResponse>>('POST', '/api/users', { body: input }),
    listVideos: (p: AdminVideoListParams) =>
      request<VideoListPage>('GET', '/api/videos', { query: { 'user-id': p.userId, limit: p.limit, page: p.page, direction: p.direction, field: p.field } }),
    /** Blocks (ban true) or unblocks the videos; a blocked video stops being served at once. */
    /** Blocks (with the reason the owner reads) or unblocks videos. */
    blockVideos: (ids: string[], ban: boolean, reason?: string) =>
      request<z.infer<typeof VideoBulkResult>>('POST', '/api/videos/bulk', { body: { action: 'block', ban, ids, ...(reason && { reason }) } satisfies VideoBulkRequest }),
    /** Teams with their members; search by team name or a member's name or email. */
    listTeams: (p: { limit?: number; page?: number; search?: string } = {}) =>
      request<AdminTeamList>('GET', '/api/admin/teams', { query: { limit: p.limit, page: p.page, search: p.search?.trim() || undefined } }),
    /** Moves a team's ownership to one of its members (a support case; audited). */
    moveTeamOwnership: (teamId: string, userId: string, reason?: string) =>
      request<AdminTeam>('POST', `/api/admin/teams/${id(teamId)}/owner`, { body: { userId, ...(reason && { reason }) } }),
  };

  /**
   * Teams: the caller's teams, members, invitations, ownership and the activity log. Calls name
   * their team in the path; the other calls act for the team chosen with `setTeam`.
   */
  const teams = {
    list: () => request<TeamList>('GET', '/api/teams'),
    rename: (teamId: string, name: string) => request<TeamSummary>('PUT', `/api/teams/${id(teamId)}`, { body: { name } }),
    members: (teamId: string) => request<TeamMemberList>('GET', `/api/teams/${id(teamId)}/members`),
    changeRole: (teamId: string, userId: string, role: AssignableTeamRole) => request<TeamMember>('PUT', `/api/teams/${id(teamId)}/members/${id(userId)}`, { body: { role } }),
    removeMember: (teamId: string, userId: string) => request<MessageAnswer>('DELETE', `/api/teams/${id(teamId)}/members/${id(userId)}`),
    leave: (teamId: string) => request<MessageAnswer>('POST', `/api/teams/${id(teamId)}/leave`),
    /** The owner's policy: requireTwoFactor sends members without two-factor sign-in to set it up (403 two_factor_required). */
    setPolicy: (teamId: string, policy: TeamPolicy) => request<TeamPolicy>('PUT', `/api/teams/${id(teamId)}/policy`, { body: policy }),
    invitations: (teamId: string) => request<InvitationList>('GET', `/api/teams/${id(teamId)}/invitations`),
    /** 402 (ApiError with code TEAM_SEAT_LIMIT_ERROR) when the plan's seats are taken. */
    invite: (teamId: string, email: string, role: AssignableTeamRole) => request<Invitation>('POST', `/api/teams/${id(teamId)}/invitations`, { body: { email, role } }),
    resendInvitation: (teamId: string, invitationId: string) => request<Invitation>('POST', `/api/teams/${id(teamId)}/invitations/${id(invitationId)}/resend`),
    revokeInvitation: (teamId: string, invitationId: string) => request<MessageAnswer>('DELETE', `/api/teams/${id(teamId)}/invitations/${id(invitationId)}`),
    /** What an invitation link offers; works signed out (the invitation page). */
    lookupInvitation: (token: string) => request<InvitationPreview>('POST', '/api/invitations/lookup', { body: { token }, auth: false }),
    acceptInvitation: (token: string) => request<z.infer<typeof InvitationAccepted>>('POST', '/api/invitations/accept', { body: { token } }),
    /** The owner asks; `userId` accepts with `acceptOwnership`. */
    transferOwnership: (teamId: string, userId: string, password: string) => request<OwnershipTransfer>('POST', `/api/teams/${id(teamId)}/ownership-transfer`, { body: { userId, password } }),
    /** The owner cancels, or the member asked declines. */
    cancelOwnershipTransfer: (teamId: string) => request<MessageAnswer>('DELETE', `/api/teams/${id(teamId)}/ownership-transfer`),
    acceptOwnership: (teamId: string) => request<z.infer<typeof OwnershipTransferAccepted>>('POST', `/api/teams/${id(teamId)}/ownership-transfer/accept`),
    activity: (teamId: string, p: TeamActivityParams = {}) =>
      request<TeamActivityList>('GET', `/api/teams/${id(teamId)}/activity`, {
        query: { limit: p.limit, page: p.page, action: p.action, 'actor-id': p.actorId, 'video-id': p.videoId, from: p.from, to: p.to },
      }),
  };

  const statistics = {
    /** The analytics screen of one of the caller's videos (404 for another user's). */
    forVideo: (videoId: string, range?: StatisticsRange) => request<VideoStatistics>('GET', `/api/statistics/video/${id(videoId)}`, { query: { range } }),
    /** Plays and watch time of every video of the caller, one page, sortable. */
    overview: (p: AnalyticsOverviewParams = {}) =>
      request<AnalyticsOverview>('GET', '/api/statistics/videos', { query: { range: p.range, limit: p.limit, page: p.page, field: p.field, direction: p.direction } }),
    /** One chart of a video as a CSV file over the range (the file name is the server's). */
    videoCsv: (videoId: string, range: StatisticsRange, chart: StatisticsCsvChart) => downloadFile(`/api/statistics/video/${id(videoId)}.csv`, { range, chart }),
    /** Every row of the overview as a CSV file, in the table's order. */
    overviewCsv: (p: Omit<AnalyticsOverviewParams, 'limit' | 'page'> = {}) => downloadFile('/api/statistics/videos.csv', { range: p.range, field: p.field, direction: p.direction }),
  };

  /** The leads the videos' email forms collected (issue 27): one video's, or the whole team's. */
  const leadsQuery = (p: LeadsParams) => ({ search: p.search || undefined, from: p.from || undefined, to: p.to || undefined, page: p.page, limit: p.limit });
  const leadsPath = (videoId?: string) => (videoId ? `/api/videos/${id(videoId)}/leads` : '/api/leads');
  const leads = {
    list: (p: LeadsParams = {}, videoId?: string) => request<LeadList>('GET', leadsPath(videoId), { query: leadsQuery(p) }),
    /** The same leads (every page) as the CSV file's text. */
    async csv(p: LeadsParams = {}, videoId?: string): Promise<string> {
      const q = new URLSearchParams(Object.entries(leadsQuery({ ...p, page: undefined, limit: undefined })).filter((e): e is [string, string] => typeof e[1] === 'string'));
      const res = await core.execute(async (token) => {
        const r = await core.fetch(`${core.baseUrl}${leadsPath(videoId)}.csv${q.size ? `?${q}` : ''}`, { headers: core.authHeaders(token) });
        const text = await r.text();
        return { status: r.status, statusText: r.statusText, body: r.ok ? text : parseBody(text), header: (n: string) => r.headers.get(n) };
      });
      return res.body as string;
    },
  };

  const profile = {
    get: () => request<Profile>('GET', '/api/profile'),
    async update(input: ProfileUpdateInput) {
      const r = await request<z.infer<typeof ProfileUpdateResponse>>('PUT', '/api/profile', { body: input });
      await core.updateSession({ isPaymentMethodSet: r.profile.isPaymentMethodSet });
      return r;
    },
    upload: (file: Blob, type: 'avatar' | 'playerLogo', opts: ImageUploadOptions = {}) =>
      sendMultipart<z.infer<typeof ProfileUploadResponse>>('/api/profile/upload', 'file', file, { type }, opts),
    /** Links a Google or Facebook account (its token, and Google's nonce) to this one; the current password proves the owner. */
    linkIdentity: (input: { platform: 'google' | 'facebook'; token: string; nonce?: string; currentPassword: string }) =>
      request<{ message: string; platform: 'google' | 'facebook' }>('POST', '/api/profile/identities', { body: input }),
    /** Two-factor sign-in: start with the password (a secret and its otpauth:// URL), confirm with a code (recovery codes, once), or turn off. */
    twoFactor: {
      setupTotp: (currentPassword: string) => request<TotpSetup>('POST', '/api/profile/2fa/totp', { body: { currentPassword } }),
      confirmTotp: (code: string) => request<TotpConfirmed>('POST', '/api/profile/2fa/totp/confirm', { body: { code } }),
      disable: (currentPassword: string, code: string) => request<MessageAnswer>('DELETE', '/api/profile/2fa', { body: { currentPassword, code } }),
      passkeys: passkeyCalls(request),
    },
  };

  const usage = {
    /** Storage used (with uploads still arriving) and bandwidth per month against the plan's limits. */
    get: () => request<Usage>('GET', '/api/usage'),
  };

  const videos = {
    list: (p: VideoListParams = {}) =>
      request<VideoListPage>('GET', '/api/videos', {
        query: { limit: p.limit, page: p.page, direction: p.direction, field: p.field, folder_id: p.folderId === null ? 'null' : p.folderId, search: p.search?.trim() || undefined },
      }),
    get: (videoId: string) => request<Video>('GET', `/api/videos/${id(videoId)}`),
    /** The app's own players' playback answer: any visibility, a preview token not charged to the plan (renewed by calling again). */
    preview: (videoId: string) => request<PlaybackInfo>('GET', `/api/videos/${id(videoId)}/preview`),
    rename: (videoId: string, name: string) => request<Video>('PUT', `/api/videos/${id(videoId)}/edit`, { body: { name } }),
    /** Queues a trim; resolves with the video that receives the cut (a new one for mode 'new'). */
    trim: (videoId: string, cut: { start: number; end: number; mode: 'new' | 'overwrite'; name?: string }) => request<Video>('PUT', `/api/videos/${id(videoId)}/edit`, { body: cut }),
    remove: (videoId: string) => request<MessageAnswer>('DELETE', `/api/videos/${id(videoId)}`),
    /** The frame at `time` seconds becomes the cover (the call waits for the frame). */
    coverFromFrame: (videoId: string, time: number) => request<z.infer<typeof VideoImageResponse>>('POST', `/api/videos/${id(videoId)}/create/image`, { body: { time } }),
    /** An uploaded cover (JPG, GIF, PNG or SVG). */
    uploadCover: (videoId: string, image: Blob, opts: ImageUploadOptions = {}) => sendImage(`/api/videos/${id(videoId)}/upload/image`, image, { type: 'thumbnail' }, opts),
    /**
     * Burns `image` into every rendition at `placement` (shares of the video size, opacity 0 to 1).
     * Resolves once queued (202) with the watermark image's URL; the video's `watermark.state`
     * turns 'ready' when the marked renditions are published.
     */
    setWatermark: (videoId: string, image: Blob, placement: WatermarkPlacementInput, opts: ImageUploadOptions = {}) =>
      sendImage(
        `/api/videos/${id(videoId)}/upload/image`,
        image,
        { type: 'watermark', ...Object.fromEntries(Object.entries(placement).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) },
        opts,
      ),
    /** Removes the watermark (the renditions are made again from the kept source); resolves with the video. */
    removeWatermark: (videoId: string) => request<Video>('DELETE', `/api/videos/${id(videoId)}/watermark`),
    /** A new video with its own copy of the files, named '<name> (copy)', in the same folder. */
    copy: (videoId: string) => request<Video>('POST', `/api/videos/${id(videoId)}/copy`),
    /** One action on several videos, all or none (a foreign id refuses the whole call). */
    bulk: (input: VideoBulkRequest) => request<z.infer<typeof VideoBulkResult>>('POST', '/api/videos/bulk', { body: input }),
    importUrl: (url: string) => request<z.infer<typeof ImportStarted>>('POST', '/api/videos/import', { body: { url } }),
    importStatus: (videoId: string) => request<ImportProgress>('GET', `/api/videos/${id(videoId)}/import`),

    /**
     * Uploads one video file with progress: one multipart request for ordinary files, a
     * resumable tus upload for large ones. Resolves with the new video.
     */
    async upload(input: VideoUploadInput): Promise<Video> {
      const folder: Record<string, string> = input.folderId ? { folderId: input.folderId } : {};
      return sendVideo('/api/videos', input, folder, folder);
    },

    /**
     * Replaces the file of video `videoId` with progress, as upload sends a new one (resumable
     * above the threshold, with `replaces` in its metadata). The video keeps its id, settings and
     * statistics and plays its current file until the new one is ready. Resolves with the video.
     */
    replace(videoId: string, input: Omit<VideoUploadInput, 'name' | 'folderId'>): Promise<Video> {
      return sendVideo(`/api/videos/${id(videoId)}/replace`, input, {}, { replaces: videoId });
    },

    /**
     * A resumable (tus) upload of any source the platform can read (the desktop app passes a
     * file stream and keeps `uploadUrl` to continue after a restart). Resolves with the video id.
     */
    resumableUpload: async (input: TusInput) => (await tus()).tusUpload(core, input),
    /** Bytes the server holds of an unfinished resumable upload; null when it holds none. */
    resumableOffset: async (uploadUrl: string) => (await tus()).tusOffset(core, uploadUrl),

    /**
     * The embed snippet from GET /api/videos/{id}/embed (an hls embed unless `type` says mp4).
     * Errors surface as they are, e.g. a 404 'Video not found' for a video that is gone.
     */
    async embedCode(videoId: string, e: EmbedOptions): Promise<string> {
      const r = await request<z.infer<typeof EmbedCodeResponse>>('GET', `/api/videos/${id(videoId)}/embed`, {
        // A zero side counts as 1 (the API takes 1 to 10000); no side at all: the responsive snippet.
        query: {
          width: e.width === undefined ? undefined : Math.max(1, Math.round(e.width)),
          height: e.height === undefined ? undefined : Math.max(1, Math.round(e.height)),
          redirect: e.redirect?.trim() || undefined,
          'new-window': e.newWindow ? 1 : 0,
          type: e.type,
        },
      });
      return r.embed;
    },
    /** The embedding panel's saved choices for a video (the defaults until the owner changes one). */
    embedSettings: (videoId: string) => request<EmbedSettings>('GET', `/api/videos/${id(videoId)}/embed-settings`),
    /** Saves one or more of the embedding panel's choices; resolves with all of them. */
    setPrivacy: (videoId: string, privacy: VideoPrivacy) => request<Video>('PUT', `/api/videos/${id(videoId)}/privacy`, { body: privacy }),
    saveEmbedSettings: (videoId: string, changes: EmbedSettingsUpdate) => request<EmbedSettings>('PUT', `/api/videos/${id(videoId)}/embed-settings`, { body: changes }),
  };

  const gifs = {
    list: (p: GifListParams = {}) => request<GifList>('GET', '/api/gifs', { query: { limit: p.limit, page: p.page, 'video-id': p.videoId } }),
    /** Makes the GIF and its MP4 snippet; resolves when both are stored (the end may come back clipped). */
    create: (input: GifCreateInput) => request<Gif>('POST', '/api/gifs', { body: input }),
    remove: (gifId: string) => request<MessageAnswer>('DELETE', `/api/gifs/${id(gifId)}`),
  };

  /** A video's chapters (`/api/videos/{id}/chapters`, issue 26): the whole list is saved at once. */
  const chapters = {
    get: (videoId: string) => request<ChapterList>('GET', `/api/videos/${id(videoId)}/chapters`),
    save: (videoId: string, list: Chapter[]) => request<ChapterList>('PUT', `/api/videos/${id(videoId)}/chapters`, { body: { chapters: list } }),
  };

  /** Caption tracks of a video (`/api/videos/{id}/captions`). */
  const captions = {
    list: (videoId: string) => request<CaptionList>('GET', `/api/videos/${id(videoId)}/captions`),
    /** A track made from the video's speech by the workers (202: status 'processing' until it is 'ready' or 'failed'). */
    generate: (videoId: string, language: string) => request<CaptionTrack>('POST', `/api/videos/${id(videoId)}/captions/generate`, { body: { language } }),
    /** The acting account's language for generated captions of every new upload (null: off). */
    settings: () => request<CaptionSettings>('GET', '/api/captions/settings'),
    updateSettings: (autoLanguage: string | null) => request<CaptionSettings>('PUT', '/api/captions/settings', { body: { autoLanguage } }),
    /** One track with its cues. */
    get: (videoId: string, captionId: string) => request<CaptionTrackDetail>('GET', `/api/videos/${id(videoId)}/captions/${id(captionId)}`),
    /** A WebVTT or SRT file as a new track (422 names what is wrong with the file, with its line). */
    upload: (videoId: string, file: Blob, fields: { language: string; label?: string; isDefault?: boolean }, opts: ImageUploadOptions = {}) =>
      sendMultipart<CaptionTrack>(`/api/videos/${id(videoId)}/captions`, 'file', file, captionFields(fields), { filename: (file as File).name ?? 'captions.vtt', ...opts }),
    /** A new file for a track (a new version, kind 'uploaded'). */
    replace: (videoId: string, captionId: string, file: Blob, fields: { language: string; label?: string; isDefault?: boolean }) =>
      core
        .execute((token) => {
          const form = new FormData();
          for (const [k, v] of Object.entries(captionFields(fields))) form.append(k, v);
          form.append('file', file, (file as File).name ?? 'captions.vtt');
          return fetchRaw(core.fetch, `${core.baseUrl}/api/videos/${id(videoId)}/captions/${id(captionId)}`, { method: 'PUT', body: form, headers: core.authHeaders(token) });
        })
        .then((res) => res.body as CaptionTrack),
    /** Label, language, default, or the editor's cues (a new version, kind 'edited'). */
    update: (videoId: string, captionId: string, changes: z.input<typeof CaptionUpdate>) => request<CaptionTrack>('PUT', `/api/videos/${id(videoId)}/captions/${id(captionId)}`, { body: changes }),
    remove: (videoId: string, captionId: string) => request<MessageAnswer>('DELETE', `/api/videos/${id(videoId)}/captions/${id(captionId)}`),
    /** The track as a file to save (WebVTT, SRT or plain text), under the name the server gives it. */
    file: (videoId: string, captionId: string, format: CaptionFormat) => downloadFile(`/api/videos/${id(videoId)}/captions/${id(captionId)}.${format}`, {}),
    /** The track as a WebVTT, SRT or plain-text file's text. */
    async download(videoId: string, captionId: string, format: CaptionFormat): Promise<string> {
      const res = await core.execute(async (token) => {
        const r = await core.fetch(`${core.baseUrl}/api/videos/${id(videoId)}/captions/${id(captionId)}.${format}`, { headers: core.authHeaders(token) });
        const text = await r.text();
        return { status: r.status, statusText: r.statusText, body: r.ok ? text : parseBody(text), header: (n: string) => r.headers.get(n) };
      });
      return res.body as string;
    },
  };

  /** The acting team's webhook endpoints (manageTeam). */
  const webhooks = {
    list: () => request<WebhookList>('GET', '/api/webhooks'),
    /** The answer carries the endpoint's secret, this once. */
    create: (input: WebhookCreate) => request<WebhookWithSecret>('POST', '/api/webhooks', { body: input }),
    update: (webhookId: string, input: WebhookUpdate) => request<Webhook>('PUT', `/api/webhooks/${id(webhookId)}`, { body: input }),
    remove: (webhookId: string) => request<MessageAnswer>('DELETE', `/api/webhooks/${id(webhookId)}`),
    rotateSecret: (webhookId: string) => request<WebhookWithSecret>('POST', `/api/webhooks/${id(webhookId)}/rotate-secret`),
    deliveries: (webhookId: string) => request<WebhookDeliveryList>('GET', `/api/webhooks/${id(webhookId)}/deliveries`),
    resend: (webhookId: string, deliveryId: string) => request<WebhookDelivery>('POST', `/api/webhooks/${id(webhookId)}/deliveries/${id(deliveryId)}/resend`),
    test: (webhookId: string) => request<WebhookDelivery>('POST', `/api/webhooks/${id(webhookId)}/test`),
  };

  const folders = {
    /** The folders in `parentId` (null: the top level) and the breadcrumbs down to it. */
    list: (parentId: string | null, direction?: 'ASC' | 'DESC') => request<FolderList>('GET', '/api/folders', { query: { parent_id: parentId ?? undefined, direction } }),
    get: (folderId: string) => request<z.infer<typeof FolderDetail>>('GET', `/api/folders/${id(folderId)}`),
    create: (name: string, parentId?: string | null) => request<z.infer<typeof FolderSaved>>('POST', '/api/folders', { body: { name, parentId: parentId ?? null } satisfies z.input<typeof FolderCreate> }),
    /** Rename (`name`) and/or move (`parentId`, null for the top level). */
    update: (folderId: string, input: z.input<typeof FolderUpdate>) => request<z.infer<typeof FolderSaved>>('PUT', `/api/folders/${id(folderId)}`, { body: input }),
    remove: (folderId: string) => request<MessageAnswer>('DELETE', `/api/folders/${id(folderId)}`),
  };

  /** Plans, the caller's subscription (Stripe with the saved card, or PayPal orders), its history. */
  const payments = {
    /** The plans with their monthly and yearly variants (public). */
    plans: () => request<PaymentPlanList>('GET', '/api/payment/plan', { auth: !!core.getSession() }),
    subscription: () => request<Subscription>('GET', '/api/payment/subscription'),
    /** Subscribes with the saved card. */
    subscribe: (input: z.input<typeof SubscribeRequest>) => request<z.infer<typeof SubscriptionResponse>>('POST', '/api/payment/subscription', { body: input }),
    /** Another plan: an upgrade at once (pro-rated), a downgrade at the end of the paid period. */
    changePlan: (paymentPlanId: string) => request<z.infer<typeof SubscriptionResponse>>('PUT', '/api/payment/subscription', { body: { paymentPlanId } }),
    cancel: () => request<z.infer<typeof SubscriptionResponse>>('POST', '/api/payment/subscription/cancel'),
    reactivate: () => request<z.infer<typeof SubscriptionResponse>>('POST', '/api/payment/subscription/reactivate'),
    /** The money-back guarantee: refunds the first payment and cancels. */
    refund: () => request<z.infer<typeof SubscriptionResponse>>('POST', '/api/payment/refund'),
    history: () => request<z.infer<typeof PaymentHistoryList>>('GET', '/api/payment/history'),
    /** A PayPal order for a plan: the payer approves it at `approveUrl`, then `capture` completes it. */
    createOrder: (input: z.input<typeof PaymentOrderRequest>) => request<z.infer<typeof PaymentOrder>>('POST', '/api/payment', { body: input }),
    /** Completes an approved PayPal order; the message is 'Transaction completed by {name}'. */
    capture: (orderId: string) => request<z.infer<typeof PaymentCaptureResponse>>('POST', `/api/payment/${id(orderId)}/capture`),
    /** Admin: a variant's price or a plan's limits; answers every plan. */
    updatePlan: (planId: string, input: z.input<typeof PaymentPlanUpdate>) => request<PaymentPlanList>('PUT', `/api/payment/plan/${id(planId)}`, { body: input }),
    /** Admin: a new promo code. */
    createPromoCode: (input: z.input<typeof PromoCodeCreate>) => request<PromoCode>('POST', '/api/payment/promo-codes', { body: input }),
  };

  const playerConfig = {
    /** Saves the changed settings of a video's player (the UI sends one at a time); answers the whole configuration. */
    update: (videoId: string, changes: Omit<z.input<typeof PlayerConfigUpdate>, 'id'>) =>
      request<PlayerConfig>('PUT', `/api/player-config/${id(videoId)}`, { body: { id: videoId, ...changes } }),
    /** Uploads the video's player logo (feature uploadPlayerLogo); it is shown in the player at once. */
    async uploadLogo(videoId: string, image: Blob, filename = (image as File).name ?? 'logo.png') {
      const res = await core.execute((token) => {
        const form = new FormData();
        form.append('image', image, filename);
        return fetchRaw(core.fetch, `${core.baseUrl}/api/player-config/${id(videoId)}/image`, { method: 'PUT', body: form, headers: core.authHeaders(token) });
      });
      return res.body as z.infer<typeof PlayerLogoUploadResponse>;
    },
  };

  /** API keys of the acting team (its admins'): the created key is in the answer this once. */
  const apiKeys = {
    list: () => request<ApiKeyList>('GET', '/api/api-keys'),
    create: (input: ApiKeyCreate) => request<ApiKeyCreated>('POST', '/api/api-keys', { body: input }),
    revoke: (keyId: string) => request<MessageAnswer>('DELETE', `/api/api-keys/${id(keyId)}`),
  };

  return {
    ready: core.ready,
    baseUrl: core.baseUrl,
    getSession: core.getSession,
    subscribe: core.subscribe,
    /** Ends the session locally (e.g. the UI saw a ban) and tells `onSignOut`. */
    endSession: core.endSession,
    request: core.request,
    /** Selects the team every following call acts for (X-Team-Id); null: the caller's own team. */
    setTeam: core.setTeam,
    getTeam: core.getTeam,
    auth,
    teams,
    apiKeys,
    users,
    profile,
    videos,
    gifs,
    captions,
    chapters,
    folders,
    webhooks,
    playerConfig,
    admin,
    statistics,
    leads,
    payments,
    usage,
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
