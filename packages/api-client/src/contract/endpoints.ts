import { z } from 'zod';
import { AdminUser, AdminUserList, AdminUserUpdate, FeatureToggle, UserBulkRequest, UserBulkResult } from './admin.ts';
import {
  AuthProviders,
  EmailChangeCanceled,
  EmailChangeConfirmed,
  EmailChangeTokenRequest,
  ForgotPasswordRequest,
  LinkIdentityRequest,
  LinkIdentityResponse,
  LoginRequest,
  PasswordLoginResponse,
  PlatformLoginRequest,
  RefreshRequest,
  ResetPasswordRequest,
  Tokens,
  VerifyEmailRequest,
} from './auth.ts';
import { ApiKeyCreate, ApiKeyCreated, ApiKeyList } from './api-keys.ts';
import { CaptionGenerateRequest, CaptionSettings } from './caption-generation.ts';
import { CaptionList, CaptionTrack, CaptionTrackDetail, CaptionUpdate } from './captions.ts';
import { ChapterList, ChaptersUpdate } from './chapters.ts';
import { MessageBody } from './common.ts';
import type { ApiKeyScope } from './constants.ts';
import { FolderCreate, FolderDetail, FolderList, FolderListQuery, FolderSaved, FolderUpdate } from './folders.ts';
import { Gif, GifCreate, GifList } from './gifs.ts';
import { Lead, LeadList, LeadsCsvQuery, LeadsQuery, LeadSubmit, LeadSubmitQuery } from './leads.ts';
import { ChangePlanRequest, PaymentCaptureResponse, PaymentConfig, PaymentHistoryList, PaymentOrder, PaymentOrderRequest, PaymentPlanList, PaymentPlanUpdate, PromoCode, PromoCodeCreate, SubscribeRequest, Subscription, SubscriptionResponse, Usage } from './payments.ts';
import { AnalyticsOverview, AnalyticsOverviewCsvQuery, BeaconQuery, DropOffBeacon, EmbedCodeQuery, EmbedCodeResponse, EmbedSettings, EmbedSettingsUpdate, PlaybackInfo, PlayerConfigUpdate, PlayerLogoUploadResponse, VideoStatistics, VideoStatisticsCsvQuery } from './player.ts';
import { PlaybackQuery, PlaybackToken, UnlockRequest, VideoPrivacy } from './privacy.ts';
import { Profile, ProfileUpdate, ProfileUpdateResponse, ProfileUploadResponse } from './profile.ts';
import { OEmbedQuery, OEmbedVideo } from './share.ts';
import {
  PasskeyAdded,
  PasskeyCreationOptions,
  PasskeyList,
  PasskeyOptionsRequest,
  PasskeyRegisterRequest,
  PasskeyRemoveRequest,
  PasskeyRequestOptions,
  PasskeySignInOptionsRequest,
  TeamPolicy,
  TotpConfirmed,
  TotpConfirmRequest,
  TotpSetup,
  TotpSetupRequest,
  TwoFactorChallenge,
  TwoFactorDisableRequest,
  TwoFactorSignInRequest,
} from './two-factor.ts';
import { EmailCheckRequest, EmailCheckResponse, RegisterRequest, RegisterResponse } from './users.ts';
import {
  AdminOwnershipMove,
  AdminTeam,
  AdminTeamList,
  AdminTeamListQuery,
  Invitation,
  InvitationAccepted,
  InvitationCreate,
  InvitationList,
  InvitationPreview,
  InvitationToken,
  OwnershipTransfer,
  OwnershipTransferAccepted,
  OwnershipTransferRequest,
  type TeamAccess,
  TeamActivityList,
  TeamActivityQuery,
  TeamList,
  TeamMember,
  TeamMemberList,
  TeamMemberUpdate,
  TeamSummary,
  TeamUpdate,
} from './teams.ts';
import {
  CoverFromFrame,
  ImportRequest,
  ImportStarted,
  ImportStatus,
  PlayerConfig,
  Video,
  VideoBulkRequest,
  VideoBulkResult,
  VideoEdit,
  VideoImageResponse,
  VideoList,
  VideoListQuery,
} from './videos.ts';
import {
  AnalyticsTrend,
  AnalyticsTrendQuery,
  Engagement,
  LeadVideos,
  SessionOpen,
  SessionOpened,
  SessionOpenQuery,
  SessionProgress,
  ViewerSessionList,
  ViewerSettings,
  ViewerSettingsUpdate,
  ViewersQuery,
} from './viewer-sessions.ts';
import { Webhook, WebhookCreate, WebhookDelivery, WebhookDeliveryList, WebhookList, WebhookUpdate, WebhookWithSecret } from './webhooks.ts';

export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  path: string;
  summary: string;
  auth: 'none' | 'user' | 'admin' | 'optional';
  /**
   * For auth 'user': what the member's role in the acting team must allow (ROLE_PERMISSIONS), or
   * 'personal' for calls about the signed-in person alone. The OpenAPI document states it as
   * `x-permission` and the roles allowed as `x-roles`; the API checks it on every route.
   */
  team?: TeamAccess;
  /**
   * The API-key scope that covers this call (`Authorization: Bearer rbk_...`); without one, keys
   * are refused here (403). In OpenAPI as `x-api-key-scope` and the apiKey security requirement.
   */
  scope?: ApiKeyScope;
  /** A stable operationId when the one derived from method and path (openapi.ts) would not do. */
  operationId?: string;
  body?: z.ZodType;
  /** Query parameters, validated with this schema. */
  query?: z.ZodType;
  multipart?: Record<string, 'file' | 'string'>;
  response?: z.ZodType;
  /** A response that is not JSON (a page, media, a script), by its content type. */
  produces?: string;
  /** Calls of the tus resumable-upload protocol: its headers and plain-text errors, not this API's JSON. */
  tus?: true;
}

/** Strangers get the status alone; admins also see each part's state. */
export const Health = z.object({ status: z.enum(['ok', 'degraded']), database: z.string().optional(), queue: z.string().optional() });

/**
 * Every call of the API, for the OpenAPI document. Routes validate with the same schemas. Kept
 * literal (`as const`) so that the client's calls take their path, body and answer types from here.
 */
const operations = [
  { method: 'get', path: '/api/health', summary: 'ok or not; an admin also sees the state of each part', auth: 'optional', response: Health },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', auth: 'none' },
  { method: 'post', path: '/auth/refresh', summary: 'Rotate a refresh token: the body\'s, or with X-Refresh-Token-Transport: cookie the reelbase_refresh cookie (then the new one comes as that cookie, not in the body)', auth: 'none', body: RefreshRequest, response: Tokens },
  { method: 'post', path: '/api/auth/login', summary: 'Sign in with email and password. Send the device token of an earlier sign-in (cookie, or the X-Device-Token header) to get in while new devices are paused; 429 with Retry-After while paused, 503 when password checks are busy', auth: 'none', body: LoginRequest, response: z.union([PasswordLoginResponse, TwoFactorChallenge]) },
  { method: 'post', path: '/api/auth/2fa/passkey/options', summary: "A sign-in's second step with a passkey: WebAuthn request options for the account's passkeys (navigator.credentials.get()); the WebAuthn challenge is kept with the sign-in's challenge and works once", auth: 'none', body: PasskeySignInOptionsRequest, response: PasskeyRequestOptions },
  { method: 'post', path: '/api/auth/2fa', summary: "A sign-in's second step: the challenge the first answered (5 minutes, once) and an authenticator code or a recovery code (each works once), or `passkey`, a passkey's assertion for the options of POST /api/auth/2fa/passkey/options; answers what the first step would have without two-factor sign-in (tokens, refresh cookie, device token). Wrong codes count like wrong passwords: 429 with Retry-After", auth: 'none', body: TwoFactorSignInRequest, response: PasswordLoginResponse },
  { method: 'post', path: '/api/auth/platform', summary: 'Sign in with a Google or Facebook token; answers a device token as a password sign-in does (with two-factor sign-in on: a challenge for POST /api/auth/2fa instead of tokens)', auth: 'none', body: PlatformLoginRequest, response: z.union([PasswordLoginResponse, TwoFactorChallenge]) },
  { method: 'get', path: '/api/auth/providers', summary: 'Public: the sign-in providers configured here, with the client id and authorization URL a browser needs', auth: 'none', response: AuthProviders },
  { method: 'post', path: '/api/auth/logout', summary: 'End this session', auth: 'user', team: 'personal', response: MessageBody },
  { method: 'post', path: '/api/auth/forgot-password', summary: 'Mail a password reset link', auth: 'none', body: ForgotPasswordRequest, response: MessageBody },
  { method: 'post', path: '/api/auth/reset-password', summary: 'Set a new password with a reset token', auth: 'none', body: ResetPasswordRequest, response: MessageBody },
  {
    method: 'post',
    path: '/api/auth/verify-email',
    summary: "Confirm a registration's address and sign in (only with the account's newest link, while nothing of the account changed since); answers a device token as a password sign-in does",
    auth: 'none',
    body: VerifyEmailRequest,
    response: z.union([PasswordLoginResponse, TwoFactorChallenge]),
  },
  {
    method: 'post',
    path: '/api/auth/confirm-email-change',
    summary: 'Confirm the change of address the link was made for, while the address is free; signs nobody in',
    auth: 'none',
    body: EmailChangeTokenRequest,
    response: EmailChangeConfirmed,
  },
  {
    method: 'post',
    path: '/api/auth/cancel-email-change',
    summary: '"This was not me" from the old address: undo the change, end every session, drop the password and mail a reset link',
    auth: 'none',
    body: EmailChangeTokenRequest,
    response: EmailChangeCanceled,
  },
  { method: 'post', path: '/api/users', summary: 'Register (or, as admin, create a user)', auth: 'optional', body: RegisterRequest, response: RegisterResponse },
  {
    method: 'post',
    path: '/api/users/email-check',
    summary: "Registration's account step: whether an address is still free (per address, the same limit as registration; 429 past it)",
    auth: 'none',
    body: EmailCheckRequest,
    response: EmailCheckResponse,
  },
  {
    method: 'get',
    path: '/api/users',
    summary: 'Admin: users (query: limit, page, inactive=true or isActive&ban, only-banned or only-canceled, search, direction, field)',
    auth: 'admin',
    response: AdminUserList,
  },
  { method: 'get', path: '/api/users/{id}', summary: 'Admin: one user (the Admin user view)', auth: 'admin', response: AdminUser },
  { method: 'put', path: '/api/users/{id}', summary: 'Admin: cancel/reactivate, ban/unban (a ban ends every session), features, video generator credits', auth: 'admin', body: AdminUserUpdate, response: AdminUser },
  { method: 'delete', path: '/api/users/{id}', summary: 'Admin: delete a user, their media and rows', auth: 'admin', response: MessageBody },
  { method: 'post', path: '/api/users/bulk', summary: 'Admin: ban/unban, cancel/reactivate or delete several users (all or none)', auth: 'admin', body: UserBulkRequest, response: UserBulkResult },
  { method: 'put', path: '/api/feature/{id}', summary: 'Admin: toggle (or with value, set) one feature flag of a user', auth: 'admin', body: FeatureToggle, response: AdminUser },
  { method: 'get', path: '/api/videos', summary: "The caller's videos; as admin with user-id, that user's videos (sortable by ban, size, bandwidth, date)", auth: 'user', team: 'view', scope: 'videos:read', response: VideoList },
  { method: 'get', path: '/api/profile', summary: 'The signed-in user profile', auth: 'user', team: 'personal', response: Profile },
  { method: 'put', path: '/api/profile', summary: 'Update the profile', auth: 'user', team: 'personal', body: ProfileUpdate, response: ProfileUpdateResponse },
  {
    method: 'post',
    path: '/api/profile/identities',
    summary: 'Link a Google or Facebook account to this one (current password required when the account has one)',
    auth: 'user', team: 'personal',
    body: LinkIdentityRequest,
    response: LinkIdentityResponse,
  },
  { method: 'post', path: '/api/profile/2fa/totp', summary: 'Start setting up an authenticator app (current password required): a new secret and its otpauth:// URL, on only once confirmed with a code', auth: 'user', team: 'personal', body: TotpSetupRequest, response: TotpSetup },
  { method: 'post', path: '/api/profile/2fa/totp/confirm', summary: 'Turn two-factor sign-in on with a code of the new secret: answers 10 single-use recovery codes, shown this once', auth: 'user', team: 'personal', body: TotpConfirmRequest, response: TotpConfirmed },
  { method: 'post', path: '/api/profile/2fa/passkeys/options', summary: 'Start adding a passkey (current password required): WebAuthn creation options for navigator.credentials.create(), valid 2 minutes', auth: 'user', team: 'personal', body: PasskeyOptionsRequest, response: PasskeyCreationOptions },
  { method: 'post', path: '/api/profile/2fa/passkeys', summary: "Add a passkey: the browser's attestation for the options and a name; the first two-factor method turns two-factor sign-in on and answers 10 single-use recovery codes, shown this once", auth: 'user', team: 'personal', body: PasskeyRegisterRequest, response: PasskeyAdded },
  { method: 'get', path: '/api/profile/2fa/passkeys', summary: "The signed-in person's passkeys", auth: 'user', team: 'personal', response: PasskeyList },
  { method: 'delete', path: '/api/profile/2fa/passkeys/{id}', summary: 'Remove a passkey (current password required); the only two-factor method is not removed (409): turn two-factor sign-in off instead', auth: 'user', team: 'personal', body: PasskeyRemoveRequest, response: MessageBody },
  { method: 'delete', path: '/api/profile/2fa', summary: 'Turn two-factor sign-in off (current password and an authenticator or recovery code; passkeys are removed too)', auth: 'user', team: 'personal', body: TwoFactorDisableRequest, response: MessageBody },
  { method: 'post', path: '/api/profile/upload', summary: 'Upload the avatar or default player logo', auth: 'user', team: 'personal', multipart: { file: 'file', image: 'string' }, response: ProfileUploadResponse },
  { method: 'get', path: '/api/payment/config', summary: "Public: the browser's payment settings: the Stripe publishable key when cards go through Stripe Elements, else null (the card form)", auth: 'none', response: PaymentConfig },
  { method: 'get', path: '/api/payment/plan', summary: 'Public: the plans (bronze, silver, gold), their variants (1m, 1y) with prices in dollars, and what each grants', auth: 'none', response: PaymentPlanList },
  { method: 'put', path: '/api/payment/plan/{id}', summary: "Admin: change a variant's price or its plan's limits (both durations); running subscriptions keep their price until they change plan", auth: 'admin', body: PaymentPlanUpdate, response: PaymentPlanList },
  { method: 'post', path: '/api/payment/promo-codes', summary: 'Admin: create a promo code (percentage or fixed amount off the first payment, validity dates, use limit); 409 when it exists', auth: 'admin', body: PromoCodeCreate, response: PromoCode },
  { method: 'get', path: '/api/payment/subscription', summary: "The caller's subscription: status, plan, dates, cancel deadline (7 days before expiry), refundable until (60 days)", auth: 'user', team: 'billing', response: Subscription },
  { method: 'post', path: '/api/payment/subscription', summary: 'Subscribe with the saved card (Stripe), with an optional promo code; 402 when the card is refused or missing, 409 when subscribed', auth: 'user', team: 'billing', body: SubscribeRequest, response: SubscriptionResponse },
  { method: 'put', path: '/api/payment/subscription', summary: "Change plan: an upgrade at once (the difference charged pro-rated), a downgrade at the period's end; the current plan undoes a pending downgrade", auth: 'user', team: 'billing', body: ChangePlanRequest, response: SubscriptionResponse },
  { method: 'post', path: '/api/payment/subscription/cancel', summary: 'Cancel: ends with the paid period when asked at least 7 days before it, otherwise after one more renewal', auth: 'user', team: 'billing', response: SubscriptionResponse },
  { method: 'post', path: '/api/payment/subscription/reactivate', summary: 'Undo a cancellation before the subscription ends', auth: 'user', team: 'billing', response: SubscriptionResponse },
  { method: 'post', path: '/api/payment/refund', summary: 'Money-back guarantee: refund the first payment within 60 days of it and cancel at once (409 after)', auth: 'user', team: 'billing', response: SubscriptionResponse },
  { method: 'get', path: '/api/payment/history', summary: "The caller's payment history, newest first (payments, refunds, plan changes, cancellations)", auth: 'user', team: 'billing', response: PaymentHistoryList },
  { method: 'post', path: '/api/payment/webhook/stripe', summary: 'Stripe webhooks: raw body signed (Stripe-Signature) with STRIPE_WEBHOOK_SECRET; each event applied once; 400 on a bad signature', auth: 'none' },
  { method: 'post', path: '/api/payment', summary: 'Start paying a plan with PayPal (optional promo code off the first period): the PayPal order id and where the payer approves it; 409 when subscribed', auth: 'user', team: 'billing', body: PaymentOrderRequest, response: PaymentOrder },
  { method: 'post', path: '/api/payment/{orderId}/capture', summary: "After the payer's approval: PayPal takes the first payment and the subscription starts ('Transaction completed by {name}'); 409 before approval or when done, 404 for another user's order", auth: 'user', team: 'billing', response: PaymentCaptureResponse },
  { method: 'post', path: '/api/payment/webhook/paypal', summary: "PayPal webhooks: verified by PayPal's verify-webhook-signature with PAYPAL_WEBHOOK_ID; renewals, failed renewals, suspensions, cancellations; each event applied once; 400 when not genuine", auth: 'none' },
  { method: 'get', path: '/api/payment/sandbox/paypal/checkout', summary: "PayPal sandbox only (no PAYPAL_CLIENT_ID/PAYPAL_SECRET): the local approval page of a PayPal order (query token), marked 'Sandbox — not PayPal', in place of PayPal's; 404 for no waiting order", auth: 'none', produces: 'text/html' },
  { method: 'post', path: '/api/payment/sandbox/paypal/approve', summary: "PayPal sandbox only: the approval page's form (token); approves the order as the payer's click at PayPal does and answers 303 to the order's return page, where the capture completes it; 404 for no waiting order", auth: 'none' },
  { method: 'get', path: '/api/usage', summary: "The caller's storage and bandwidth (this month and the last 12) against the plan's limits (or the defaults without a plan), credits, effective feature flags", auth: 'user', team: 'view', response: Usage },
  { method: 'options', path: '/api/playback/{id}', summary: 'CORS preflight of the public playback call', auth: 'none' },
  { method: 'get', path: '/api/playback/{id}', summary: 'Public: sources, poster and player configuration of a video (CORS *). A video that is not public answers tokened media URLs and the token (renew it with ?token= before it ends); private: 403 VIDEO_PRIVATE; password: 403 VIDEO_PASSWORD until unlocked', auth: 'none', query: PlaybackQuery, response: PlaybackInfo },
  { method: 'options', path: '/api/videos/{id}/unlock', summary: 'CORS preflight of the unlock call', auth: 'none' },
  { method: 'post', path: '/api/videos/{id}/unlock', summary: "A password video's playback token for the right password (403 'Wrong password'; 429 past the tries per address and video)", auth: 'none', body: UnlockRequest, response: PlaybackToken },
  { method: 'get', path: '/api/videos', summary: 'My videos, a page at a time (query: limit, page, direction, field, folder_id, search). search matches the name, or every word of it said in one line of a caption track; each video then carries `matches` (the first lines said, with their startSec)', auth: 'user', team: 'view', scope: 'videos:read', query: VideoListQuery, response: VideoList },
  { method: 'post', path: '/api/videos', summary: "Upload a video file (multipart: video, name, folderId); 413 past the storage limit, 429 with Retry-After past the account's queued jobs; 503 while this server cannot process videos (no current ffmpeg in its box)", auth: 'user', team: 'edit', scope: 'videos:write', multipart: { video: 'file', name: 'string', folderId: 'string' }, response: Video },
  { method: 'post', path: '/api/videos/import', summary: "Import a video from a link (202); progress at GET /api/videos/{id}/import; 413 when the account is full, 429 with Retry-After past the account's queued jobs; 503 while this server cannot process videos", auth: 'user', team: 'edit', scope: 'videos:write', body: ImportRequest, response: ImportStarted },
  { method: 'get', path: '/api/videos/{id}/preview', summary: "The playback answer of the app's own players (the owner's and team members' previews): any visibility, even past the monthly bandwidth, media URLs signed with a preview token whose bytes are not charged to the plan (renew it here, not at /api/playback)", auth: 'user', team: 'view', scope: 'videos:read', response: PlaybackInfo },
  { method: 'get', path: '/api/videos/{id}', summary: 'One of my videos', auth: 'user', team: 'view', scope: 'videos:read', response: Video },
  { method: 'get', path: '/api/videos/{id}/import', summary: 'Progress of an import', auth: 'user', team: 'view', scope: 'videos:read', response: ImportStatus },
  { method: 'delete', path: '/api/videos/{id}', summary: 'Delete a video and its files', auth: 'user', team: 'edit', scope: 'videos:write', response: MessageBody },
  { method: 'post', path: '/api/uploads', summary: "tus: create a resumable upload (Upload-Length, Upload-Metadata: filename, filetype, name, folderId, or replaces: the id of a video whose file it replaces); 413 past the storage limit, 429 with Retry-After past the account's queued jobs; 503 while this server cannot process videos", auth: 'user', team: 'edit', scope: 'videos:write', tus: true },
  { method: 'head', path: '/api/uploads/{id}', summary: 'tus: the offset an upload has reached', auth: 'user', team: 'edit', scope: 'videos:write', tus: true },
  { method: 'patch', path: '/api/uploads/{id}', summary: 'tus: append bytes at Upload-Offset; the last byte makes the video (X-Video-Id)', auth: 'user', team: 'edit', scope: 'videos:write', tus: true },
  { method: 'delete', path: '/api/uploads/{id}', summary: 'tus: abandon an upload', auth: 'user', team: 'edit', scope: 'videos:write', tus: true },
  { method: 'options', path: '/api/uploads', summary: 'tus: the protocol versions and extensions served', auth: 'none', tus: true },
  { method: 'post', path: '/api/videos/bulk', summary: 'addToFolder, delete or setVisibility (public, unlisted, private) of several videos at once (all or none; a foreign id is a 404); block (admin): ban true stops serving the videos at once', auth: 'user', team: 'edit', scope: 'videos:write', body: VideoBulkRequest, response: VideoBulkResult },
  { method: 'get', path: '/api/folders', summary: 'Folders of one level (query: parent_id, direction) with counts, and the breadcrumbs to it', auth: 'user', team: 'view', scope: 'videos:read', query: FolderListQuery, response: FolderList },
  { method: 'post', path: '/api/folders', summary: 'Create a folder', auth: 'user', team: 'edit', scope: 'videos:write', body: FolderCreate, response: FolderSaved },
  { method: 'get', path: '/api/folders/{id}', summary: 'A folder with its breadcrumbs', auth: 'user', team: 'view', scope: 'videos:read', response: FolderDetail },
  { method: 'put', path: '/api/folders/{id}', summary: 'Rename or move a folder (not into itself or a subfolder)', auth: 'user', team: 'edit', scope: 'videos:write', body: FolderUpdate, response: FolderSaved },
  { method: 'delete', path: '/api/folders/{id}', summary: 'Delete a folder; its videos and subfolders move to its parent', auth: 'user', team: 'edit', scope: 'videos:write', response: MessageBody },
  { method: 'get', path: '/api/videos/{id}/embed', summary: 'The iframe embed code: responsive (the video\'s aspect ratio at any width) unless width or height asks for a fixed size (query: width, height, redirect, new-window, type)', auth: 'user', team: 'view', scope: 'videos:read', query: EmbedCodeQuery, response: EmbedCodeResponse },
  { method: 'get', path: '/api/videos/{id}/embed-settings', summary: 'The embedding panel\'s saved choices for a video', auth: 'user', team: 'view', scope: 'videos:read', response: EmbedSettings },
  { method: 'put', path: '/api/videos/{id}/embed-settings', summary: 'Save one or more of the embedding panel\'s choices for a video', auth: 'user', team: 'edit', scope: 'videos:write', body: EmbedSettingsUpdate, response: EmbedSettings },
  { method: 'post', path: '/api/videos/{id}/create/image', summary: "Make the frame at `time` seconds the cover (feature setVideoImage; 413 when the account is full, 429 with Retry-After past the account's queued jobs)", auth: 'user', team: 'edit', scope: 'videos:write', body: CoverFromFrame, response: VideoImageResponse },
  { method: 'post', path: '/api/videos/{id}/upload/image', summary: 'Upload the cover (JPG, GIF, PNG or SVG; feature setVideoImage), or with type watermark a watermark burnt into every rendition by a job (202; feature addWatermark; placement as shares of the video size, opacity 0 to 1; a watermark: 413 when the video\'s bytes do not fit again, 429 with Retry-After past the account\'s queued jobs)', auth: 'user', team: 'edit', scope: 'videos:write', multipart: { image: 'file', type: 'string', positionX: 'string', positionY: 'string', width: 'string', height: 'string', opacity: 'string' }, response: VideoImageResponse },
  { method: 'delete', path: '/api/videos/{id}/watermark', summary: "Remove the watermark: the renditions are made again from the kept source (202; feature addWatermark; 413 when the video's bytes do not fit again, 429 with Retry-After past the account's queued jobs)", auth: 'user', team: 'edit', scope: 'videos:write', response: Video },
  { method: 'get', path: '/api/videos/{id}/captions', summary: "The video's caption tracks (without cues), the default first, then by label", auth: 'user', team: 'view', scope: 'videos:read', response: CaptionList },
  {
    method: 'post',
    path: '/api/videos/{id}/captions',
    summary: "Add a caption track (201): a WebVTT or SRT file (SRT converted to WebVTT; UTF-8 with or without BOM, Latin-1 detected), its language (BCP 47) and label (the language's name when left out); isDefault makes it the video's default. 422 with the file's line for malformed files, over 2 MB or 20,000 cues",
    auth: 'user',
    team: 'edit', scope: 'videos:write',
    multipart: { file: 'file', language: 'string', label: 'string', isDefault: 'string' },
    response: CaptionTrack,
  },
  { method: 'get', path: '/api/videos/{id}/captions/{captionId}', summary: 'One caption track with its cues (the editor reads it)', auth: 'user', team: 'view', scope: 'videos:read', response: CaptionTrackDetail },
  {
    method: 'put',
    path: '/api/videos/{id}/captions/{captionId}',
    summary: "Change a track: as JSON its label, language, isDefault, or cues (the editor's save: a new version, kind 'edited'); as multipart (file, language, label, isDefault) replace its file (a new version, kind 'uploaded')",
    auth: 'user',
    team: 'edit', scope: 'videos:write',
    body: CaptionUpdate,
    response: CaptionTrack,
  },
  { method: 'get', path: '/api/captions/settings', summary: "The acting account's language for generated captions of every new upload (null: off)", auth: 'user', team: 'view', scope: 'videos:read', response: CaptionSettings },
  { method: 'put', path: '/api/captions/settings', summary: "Set the acting account's language for generated captions of every new upload (null: off); 422 for a language the engine cannot transcribe", auth: 'user', team: 'edit', scope: 'videos:write', body: CaptionSettings, response: CaptionSettings },
  {
    method: 'post',
    path: '/api/videos/{id}/captions/generate',
    summary: "Generate a caption track from the video's speech (202): a track labelled '<language> (generated)', kind 'generated', status 'processing' until the transcription job on the workers makes it 'ready' (or 'failed' with the reason). While that language is already being generated, the same track is answered again (one track, one job, however many requests). 422 for a language the engine cannot transcribe, 409 while the video is not ready, 503 when no engine runs here",
    auth: 'user',
    team: 'edit', scope: 'videos:write',
    body: CaptionGenerateRequest,
    response: CaptionTrack,
  },
  { method: 'delete', path: '/api/videos/{id}/captions/{captionId}', summary: 'Delete a caption track', auth: 'user', team: 'edit', scope: 'videos:write', response: MessageBody },
  { method: 'get', path: '/api/videos/{id}/captions/{captionId}.{format}', summary: 'Download a track as WebVTT (vtt), SRT (srt) or the plain transcript (txt); 409 while a generated track is not ready', auth: 'user', team: 'view', scope: 'videos:read', produces: 'text/vtt' },
  { method: 'get', path: '/api/videos/{id}/chapters', summary: "The video's chapters (start in seconds, title), by start", auth: 'user', team: 'view', scope: 'videos:read', response: ChapterList },
  {
    method: 'put',
    path: '/api/videos/{id}/chapters',
    summary: "Set the video's chapters (the whole list; [] removes them): the first at 0, each after the one before, all before the video's end, titles 1 to 100 characters, at most 100; 422 with the line (`chapters.N.start`, `chapters.N.title`) otherwise. Players get them in the playback answer and as a WebVTT chapters track (/media/videos/{id}/chapters.vtt)",
    auth: 'user',
    team: 'edit',
    scope: 'videos:write',
    body: ChaptersUpdate,
    response: ChapterList,
  },
  { method: 'get', path: '/api/gifs', summary: 'The caller\'s GIFs, newest first (query: limit (6), page, video-id)', auth: 'user', team: 'view', scope: 'videos:read', response: GifList },
  { method: 'post', path: '/api/gifs', summary: 'Make an animated GIF (and a muted looping MP4) of a clip with text; answers when made (201; feature createGif; the end is clipped to the frame rate\'s limit; 413 when the clip\'s GIF may not fit, 429 with Retry-After past the account\'s queued jobs)', auth: 'user', team: 'edit', scope: 'videos:write', body: GifCreate, response: Gif },
  { method: 'delete', path: '/api/gifs/{id}', summary: 'Delete a GIF and its files', auth: 'user', team: 'edit', scope: 'videos:write', response: MessageBody },
  { method: 'post', path: '/api/videos/{id}/replace', summary: "Replace a video's file (multipart: video; 202): id, name, folder, embed code, player settings and statistics stay; the current picture plays until the new one is ready, then every media URL is new. 404 for another user's video, 409 while it is busy or watermarked, 413 past the storage limit, 429 with Retry-After past the account's queued jobs. Over tus: Upload-Metadata `replaces` = the video's id", auth: 'user', team: 'edit', scope: 'videos:write', multipart: { video: 'file' }, response: Video },
  { method: 'post', path: '/api/videos/{id}/copy', summary: "Copy a video: its files, folder and player settings, named '<name> (copy)' (201; 409 while processing, 413 over the storage limit, 429 with Retry-After past the account's queued jobs)", auth: 'user', team: 'edit', scope: 'videos:write', response: Video },
  { method: 'put', path: '/api/videos/{id}/privacy', summary: 'Who may watch the video (public, unlisted, private, password) and where it may be embedded (a domain allowlist); 422 when a password is needed or a domain is not one', auth: 'user', team: 'edit', scope: 'videos:write', body: VideoPrivacy, response: Video },
  { method: 'put', path: '/api/videos/{id}/edit', summary: 'Rename (200), or trim into a new video or over this one (202, feature videoTrimmer; the answer is the video receiving the cut; 413 when the cut\'s share of the video does not fit, 429 with Retry-After past the account\'s queued jobs)', auth: 'user', team: 'edit', scope: 'videos:write', body: VideoEdit, response: Video },
  { method: 'put', path: '/api/player-config/{id}', summary: 'Change one or more player settings of a video', auth: 'user', team: 'edit', scope: 'videos:write', body: PlayerConfigUpdate, response: PlayerConfig },
  { method: 'put', path: '/api/player-config/{id}/image', summary: 'Upload the player logo of a video (feature uploadPlayerLogo)', auth: 'user', team: 'edit', scope: 'videos:write', multipart: { image: 'file' }, response: PlayerLogoUploadResponse },
  { method: 'options', path: '/api/statistics/drop-off/{id}', summary: 'CORS preflight of the public beacon', auth: 'none' },
  { method: 'post', path: '/api/statistics/drop-off/{id}', summary: 'Public beacon: the viewer reached this second (204; 429 over the per-address cap). A private or password video needs ?token= from its playback answer (404 without a valid one)', auth: 'none', query: BeaconQuery, body: DropOffBeacon },
  { method: 'options', path: '/api/statistics/cta-click/{id}', summary: 'CORS preflight of the public call-to-action beacon', auth: 'none' },
  { method: 'post', path: '/api/statistics/cta-click/{id}', summary: "Public beacon: the viewer clicked the video's call to action (204; counted per video and day; 429 over the per-address cap; 404 when the video has no call to action, or is private or password and ?token= is not its valid playback token)", auth: 'none', query: BeaconQuery },
  // issue 27: lead capture
  { method: 'options', path: '/api/videos/{id}/leads', summary: 'CORS preflight of the public lead form', auth: 'none' },
  { method: 'post', path: '/api/videos/{id}/leads', summary: "Public: the player's email form (201). Only while the video's lead form is on (404 otherwise) and the caller may watch it (a video that is not public needs ?token= from its playback answer; private: 404); 422 field messages; 429 with Retry-After past the tries per address", auth: 'none', query: LeadSubmitQuery, body: LeadSubmit, response: Lead },
  { method: 'get', path: '/api/videos/{id}/leads', summary: 'The leads of one video, newest first (search, from, to, page, limit)', auth: 'user', team: 'readLeads', scope: 'analytics:read', query: LeadsQuery, response: LeadList },
  { method: 'get', path: '/api/videos/{id}/leads.csv', summary: 'The leads of one video as CSV (search, from, to), streamed', auth: 'user', team: 'readLeads', scope: 'analytics:read', query: LeadsCsvQuery, produces: 'text/csv' },
  { method: 'get', path: '/api/leads', summary: "The leads of every video of the team, newest first (search, from, to, page, limit)", auth: 'user', team: 'readLeads', scope: 'analytics:read', query: LeadsQuery, response: LeadList },
  { method: 'get', path: '/api/leads.csv', summary: 'The leads of every video of the team as CSV (search, from, to), streamed', auth: 'user', team: 'readLeads', scope: 'analytics:read', query: LeadsCsvQuery, produces: 'text/csv' },
  { method: 'delete', path: '/api/leads/{id}', summary: "Delete a lead (a viewer's erasure request): their identity leaves every viewer session (written to the activity log); 404 for another team's lead", auth: 'user', team: 'edit', scope: 'videos:write', response: MessageBody },
  // issue 33: viewer sessions
  { method: 'options', path: '/api/videos/{id}/sessions', summary: 'CORS preflight of the public session opening', auth: 'none' },
  { method: 'post', path: '/api/videos/{id}/sessions', summary: "Public: the player opens a viewer session on the first play (201). Follows the playback rules and the embed allowlist as the drop-off beacon does (a video that is not public needs ?token= from its playback answer; 404 otherwise); 429 over the per-address cap. With DNT: 1 or Sec-GPC: 1, or the account's anonymousOnly, the viewer id and email are ignored (anonymous: true)", auth: 'none', query: SessionOpenQuery, body: SessionOpen, response: SessionOpened },
  { method: 'options', path: '/api/sessions/{sessionId}/progress', summary: 'CORS preflight of the public progress beacon', auth: 'none' },
  { method: 'post', path: '/api/sessions/{sessionId}/progress', summary: 'Public beacon (sendBeacon: text/plain JSON, 4 KB at most): the ranges watched since the last report, `ended: true` when the viewer is done (204). Kept in memory and written once per session per flush; 404 for an unknown or ended session, 422 for a range past the video\'s end', auth: 'none', body: SessionProgress },
  { method: 'get', path: '/api/videos/{id}/viewers', summary: "The video's viewer sessions, newest first (page, limit): who (when known), when, how much, a heatmap of at most 100 bars (0 skipped, 1 watched, 2+ rewatched), country, device, browser", auth: 'user', team: 'readLeads', scope: 'analytics:read', query: ViewersQuery, response: ViewerSessionList },
  { method: 'get', path: '/api/videos/{id}/viewers.csv', summary: "The video's viewer sessions as CSV, newest first, streamed", auth: 'user', team: 'readLeads', scope: 'analytics:read', produces: 'text/csv' },
  { method: 'get', path: '/api/videos/{id}/engagement', summary: 'The engagement graph: plays, unique viewers (distinct viewer ids), the average share watched, and per second (at most 1000 points) the percent of plays that watched it', auth: 'user', team: 'readLeads', scope: 'analytics:read', response: Engagement },
  { method: 'get', path: '/api/analytics/trend', summary: 'Plays, minutes watched and unique viewers per UTC day of the whole team (from, to: YYYY-MM-DD, both included; default the last 30 days; at most 366 days)', auth: 'user', team: 'readLeads', scope: 'analytics:read', query: AnalyticsTrendQuery, response: AnalyticsTrend },
  { method: 'get', path: '/api/leads/{id}/videos', summary: 'Every video a lead watched: sessions, last watched, seconds and share watched, a heatmap over all their sessions', auth: 'user', team: 'readLeads', scope: 'analytics:read', response: LeadVideos },
  { method: 'get', path: '/api/analytics/viewer-settings', summary: "The team's viewer privacy: identify viewers by lead or ?email=, anonymous viewers only, months sessions are kept", auth: 'user', team: 'readLeads', scope: 'analytics:read', response: ViewerSettings },
  { method: 'put', path: '/api/analytics/viewer-settings', summary: 'Change any of the viewer privacy settings (written to the activity log); 422 field messages', auth: 'user', team: 'edit', scope: 'videos:write', body: ViewerSettingsUpdate, response: ViewerSettings },
  { method: 'get', path: '/api/statistics/video/{id}', summary: 'Viewer statistics of a video over a range (7, 30, 90, all): drop-off, country, device, browser, totals, per day', auth: 'user', team: 'view', scope: 'analytics:read', response: VideoStatistics },
  { method: 'get', path: '/api/statistics/videos', summary: "Plays and watch time of each of the caller's videos over a range, sortable, with totals", auth: 'user', team: 'view', scope: 'analytics:read', response: AnalyticsOverview },
  { method: 'get', path: '/api/statistics/video/{id}.csv', summary: "One chart of a video's analytics as CSV over a range (query: range, chart = daily, dropOff, country, device or browser): the same figures as its JSON, streamed; a header row, ISO dates, cells starting with = + - @ quoted; an attachment named after the video, the chart and the days", auth: 'user', team: 'view', scope: 'analytics:read', query: VideoStatisticsCsvQuery, produces: 'text/csv' },
  { method: 'get', path: '/api/statistics/videos.csv', summary: "Every row of the analytics overview as CSV over a range, in the table's order (query: range, field, direction), streamed; 429 with Retry-After while this process streams its most exports", auth: 'user', team: 'view', scope: 'analytics:read', query: AnalyticsOverviewCsvQuery, produces: 'text/csv' },
  { method: 'get', path: '/api/teams', summary: "The caller's teams with their role and permissions in each, their own first, and the team used without X-Team-Id", auth: 'user', team: 'personal', response: TeamList },
  { method: 'put', path: '/api/teams/{teamId}', summary: 'Rename the team', auth: 'user', team: 'manageTeam', body: TeamUpdate, response: TeamSummary },
  { method: 'put', path: '/api/teams/{teamId}/policy', summary: "The owner's security policy: with requireTwoFactor, a member without two-factor sign-in gets 403 (code two_factor_required) from the team's routes until they set it up", auth: 'user', team: 'ownership', body: TeamPolicy, response: TeamPolicy },
  { method: 'get', path: '/api/teams/{teamId}/members', summary: 'Members with role, last activity and who invited them, and the seats used of the plan', auth: 'user', team: 'manageTeam', response: TeamMemberList },
  { method: 'put', path: '/api/teams/{teamId}/members/{userId}', summary: "Change a member's role (admin, editor, viewer; the owner's only by transfer); the change holds at the member's next request", auth: 'user', team: 'manageTeam', body: TeamMemberUpdate, response: TeamMember },
  { method: 'delete', path: '/api/teams/{teamId}/members/{userId}', summary: 'Remove a member (not the owner): refused at their next request in every API process', auth: 'user', team: 'manageTeam', response: MessageBody },
  { method: 'post', path: '/api/teams/{teamId}/leave', summary: 'Leave the team (not its owner)', auth: 'user', team: 'view', response: MessageBody },
  { method: 'get', path: '/api/teams/{teamId}/invitations', summary: 'Invitations waiting for acceptance (expired ones included, marked), and the seats used', auth: 'user', team: 'manageTeam', response: InvitationList },
  {
    method: 'post',
    path: '/api/teams/{teamId}/invitations',
    summary: 'Invite someone by email with a role (201); the mail links to {PUBLIC_URL}/invitation?token=... for 7 days, once; 402 beyond the plan\'s members (with the upgrade hint), 409 for a member or a pending invitation',
    auth: 'user',
    team: 'manageTeam',
    body: InvitationCreate,
    response: Invitation,
  },
  { method: 'post', path: '/api/teams/{teamId}/invitations/{invitationId}/resend', summary: 'Mail the invitation again with a new link and 7 more days (the old link stops working)', auth: 'user', team: 'manageTeam', response: Invitation },
  { method: 'delete', path: '/api/teams/{teamId}/invitations/{invitationId}', summary: 'Revoke an invitation: its link stops working', auth: 'user', team: 'manageTeam', response: MessageBody },
  { method: 'post', path: '/api/invitations/lookup', summary: 'Public: what an invitation link offers (team, role, invited address), for the invitation page before signing in; 404 used or revoked, 410 expired', auth: 'none', body: InvitationToken, response: InvitationPreview },
  { method: 'post', path: '/api/invitations/accept', summary: 'Join the team of an invitation (signed in with the invited address); the link works once; 404 used or revoked, 410 expired, 403 another address, 402 when the seats are gone', auth: 'user', team: 'personal', body: InvitationToken, response: InvitationAccepted },
  { method: 'post', path: '/api/teams/{teamId}/ownership-transfer', summary: "Ask to transfer ownership to a member (the owner's password required, 403 when wrong); the new owner accepts within 7 days; the old owner stays as admin", auth: 'user', team: 'ownership', body: OwnershipTransferRequest, response: OwnershipTransfer },
  { method: 'delete', path: '/api/teams/{teamId}/ownership-transfer', summary: 'Cancel (the owner) or decline (the member asked) a waiting ownership transfer', auth: 'user', team: 'view', response: MessageBody },
  { method: 'post', path: '/api/teams/{teamId}/ownership-transfer/accept', summary: 'The member asked accepts: they become the owner (billing, account deletion) and the old owner an admin; 404 when no transfer waits for the caller', auth: 'user', team: 'view', response: OwnershipTransferAccepted },
  { method: 'get', path: '/api/teams/{teamId}/activity', summary: 'The activity log, newest first, the last 90 days: who uploaded, deleted, changed privacy or roles (query: limit, page, action, actor-id, video-id, from, to)', auth: 'user', team: 'manageTeam', query: TeamActivityQuery, response: TeamActivityList },
  // Webhooks (issue 27 item 2): endpoints belong to the team; managing them is the team's admins' (manageTeam).
  { method: 'get', path: '/api/webhooks', summary: "The team's webhook endpoints (secrets are never shown again)", auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', response: WebhookList },
  { method: 'post', path: '/api/webhooks', summary: "Register an endpoint (201) for events (video.ready, video.failed, video.deleted, captions.ready, lead.captured, viewer.session); answers its whsec_ secret this once. https only (plain http for hosts of IMPORT_ALLOWED_HOSTS); 422 for private addresses", auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', body: WebhookCreate, response: WebhookWithSecret },
  { method: 'get', path: '/api/webhooks/{id}', summary: 'One endpoint', auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', response: Webhook },
  { method: 'put', path: '/api/webhooks/{id}', summary: 'Change the address, the events, or turn the endpoint on or off', auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', body: WebhookUpdate, response: Webhook },
  { method: 'delete', path: '/api/webhooks/{id}', summary: 'Delete an endpoint and its deliveries', auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', response: MessageBody },
  { method: 'post', path: '/api/webhooks/{id}/rotate-secret', summary: 'A new secret, shown this once; the old one still signs beside it for WEBHOOK_SECRET_OVERLAP_SECONDS', auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', response: WebhookWithSecret },
  { method: 'get', path: '/api/webhooks/{id}/deliveries', summary: 'Recent deliveries, newest first: event, status, tries, last answer code or reason, body sent', auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', response: WebhookDeliveryList },
  { method: 'post', path: '/api/webhooks/{id}/deliveries/{deliveryId}/resend', summary: 'Send a delivery again (202; same webhook-id, new timestamp and signature)', auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', response: WebhookDelivery },
  { method: 'post', path: '/api/webhooks/{id}/test', summary: 'Send a webhook.test event to the endpoint (202)', auth: 'user', team: 'manageTeam', scope: 'webhooks:manage', response: WebhookDelivery },
  // API keys (issue 27): the team's admins manage them; a key never manages keys.
  { method: 'get', path: '/api/api-keys', summary: "The acting team's API keys: name, prefix, scopes, who created it, created and last used (written at most once a minute); never the key", auth: 'user', team: 'manageTeam', response: ApiKeyList },
  { method: 'post', path: '/api/api-keys', summary: "Create an API key (201) with a name and scopes (videos:read, videos:write, analytics:read, webhooks:manage); the answer's `key` is shown this once. It works while its creator may manage the team", auth: 'user', team: 'manageTeam', body: ApiKeyCreate, response: ApiKeyCreated },
  { method: 'delete', path: '/api/api-keys/{id}', summary: 'Revoke an API key: refused at its next request in every API process; 404 for another team\'s key', auth: 'user', team: 'manageTeam', response: MessageBody },
  { method: 'get', path: '/api/admin/teams', summary: 'Admin: teams with their owner, plan, seats and members (query: limit, page, search by team name or member name or email)', auth: 'admin', query: AdminTeamListQuery, response: AdminTeamList },
  { method: 'post', path: '/api/admin/teams/{teamId}/owner', summary: 'Admin: move ownership to a member of the team for a support case (written to the audit log; the old owner stays as admin)', auth: 'admin', body: AdminOwnershipMove, response: AdminTeam },
  { method: 'get', path: '/embed/{type}/{id}', summary: 'Public player page (type hls or mp4), framable by any site', auth: 'none', produces: 'text/html' },
  { method: 'get', path: '/watch/{id}', summary: "Public share page of a video: the player, the owner's logo, Open Graph, Twitter card and JSON-LD; noindex unless public", auth: 'none', produces: 'text/html' },
  { method: 'get', path: '/oembed', summary: 'oEmbed 1.0 video answer for a share or embed URL of a public or unlisted video (404 otherwise, 501 for format=xml)', auth: 'none', query: OEmbedQuery, response: OEmbedVideo },
  { method: 'get', path: '/sitemap.xml', summary: 'Video sitemap of the public videos (an index of /sitemaps/{file} past SITEMAP_PAGE_SIZE URLs)', auth: 'none', produces: 'application/xml' },
  { method: 'get', path: '/sitemaps/{file}', summary: 'One page of the video sitemap (1.xml, 2.xml...)', auth: 'none', produces: 'application/xml' },
  { method: 'get', path: '/robots.txt', summary: 'Crawler rules, pointing to the sitemap', auth: 'none', produces: 'text/plain' },
  { method: 'get', path: '/embed-assets/{file}', summary: 'Public player script and stylesheet', auth: 'none', produces: 'text/javascript' },
  { method: 'get', path: '/media/videos/{id}/{file}', summary: 'Public video files (main.mp4, covers, chapters.vtt; Range)', auth: 'none', produces: 'video/mp4' },
  { method: 'get', path: '/media/videos/{id}/{folder}/{file}', summary: 'Public video files one folder deeper (the HLS master playlist)', auth: 'none', produces: 'application/vnd.apple.mpegurl' },
  { method: 'get', path: '/media/videos/{id}/{folder}/{rendition}/{file}', summary: 'Public HLS rendition playlists and segments (or, below a ~{token} segment, files one folder up)', auth: 'none', produces: 'video/mp2t' },
  // One path for both (the router tells them apart by the segment's form: ~<token> or v-<version>).
  { method: 'get', path: '/media/videos/{id}/{tokenOrVersion}/{folder}/{rendition}/{file}', summary: 'HLS rendition playlists and segments of a video that is not public, below its playback token (~{token}; 403 without a valid one), or of a changed public video (v-<version>/hls/...: every replace, trim over the video or watermark gets new names)', auth: 'none', produces: 'video/mp2t' },
  { method: 'get', path: '/media/videos/{id}/{token}/{version}/{folder}/{rendition}/{file}', summary: 'HLS rendition playlists and segments of a changed video that is not public, below its playback token (~{token}/v-<version>/hls/...); 403 without a valid token', auth: 'none', produces: 'video/mp2t' },
  { method: 'get', path: '/media/images/{owner}/{file}', summary: 'Public images (avatars, logos, covers)', auth: 'none', produces: 'image/*' },
] as const satisfies readonly Endpoint[];

/** One operation of the contract with its literal method, path and schemas. */
export type ContractOperation = (typeof operations)[number];
export const endpoints: Endpoint[] = [...operations];
