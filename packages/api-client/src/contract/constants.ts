/** Business constants of the product spec (section 9). One source for server, UI and player. */
export const PASSWORD_MIN_LENGTH = 6;
/**
 * Caps on what a request may carry, checked before any database call: every string field of the
 * contract has its own, and no string anywhere (any field, query parameter or form field) may be
 * longer than INPUT_STRING_MAX_LENGTH or a JSON body nest deeper than INPUT_MAX_DEPTH.
 */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 255;
export const PASSWORD_MAX_LENGTH = 1024;
/** Refresh, reset and verification tokens, and the ID or access tokens of Google and Facebook. */
export const TOKEN_MAX_LENGTH = 4096;
export const URL_MAX_LENGTH = 2048;
export const INPUT_STRING_MAX_LENGTH = 8192;
export const INPUT_MAX_DEPTH = 32;
/** The longest time (seconds) any request names in a video: trims, GIFs, beacons. */
export const MEDIA_SECONDS_MAX = 24 * 3600;
export const CARD_NUMBER_LENGTH = 16;
export const EMAIL_CHANGE_INTERVAL_MONTHS = 6;
export const VIDEO_PAGE_SIZE_DEFAULT = 10;
export const VIDEO_PAGE_SIZES = [5, 10, 100] as const;
export const ADMIN_VIDEO_PAGE_SIZES = [5, 10, 15, 20] as const;
export const GIF_PAGE_SIZE = 6;
export const ALERT_DISMISS_MS = 6_000;
export const CONTROLS_AUTO_HIDE_MS = 6_000;
export const IMPORT_POLL_MS = 1_000;
export const DROP_OFF_INTERVAL_SECONDS = 15;
export const THUMBNAIL_FRAME_COUNT = 4;
export const THUMBNAIL_UPLOAD_SLOT = 100;
/** Times (s) of the frames offered as covers: 1/5 .. 4/5 of the duration, to the millisecond. */
export function thumbnailTimes(durationSec: number, count = THUMBNAIL_FRAME_COUNT): number[] {
  return Array.from({ length: count }, (_, i) => Math.round(((durationSec * (i + 1)) / (count + 1)) * 1000) / 1000);
}
export const EMBED_DEFAULT_SIZE = 600;
export const MOBILE_SEE_MORE_STEP = 5;
export const WATERMARK_OPACITY_DEFAULT = 100;

/**
 * The web app's refresh token lives in an HttpOnly cookie that only the refresh call receives, so
 * a script on the page can never read it. A client asks for that with the header on sign-in and
 * refresh calls; without it the token travels in the body (the desktop app, API callers).
 */
export const REFRESH_COOKIE = { name: 'reelbase_refresh', path: '/auth/refresh', header: 'x-refresh-token-transport', headerValue: 'cookie' } as const;

/** The terms' business constants (spec sections 1 and 9): the terms page shows them, the payments service applies them. */
export const TERMS = {
  moneyBackDays: 60,
  cancelNoticeDays: 7,
  removalAfterCancellationDays: 30,
  chargebackFeeDollars: 50,
  minimumAge: 18,
  judgmentPaymentDays: 30,
  liabilityFloorDollars: '1.00',
  claimsBarYears: 1,
  governingLaw: 'Ontario',
} as const;

export const FEATURE_FLAGS = ['uploadPlayerLogo', 'videoTrimmer', 'setVideoImage', 'createGif', 'addWatermark'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const DEFAULT_COLOR_SCHEME = {
  playerCanvas: '#1974BB',
  transparentCanvas: false,
  playerPlayButton: '#22A9E0',
  playerControlBar: '#43C3D7',
} as const;

// Issue 26 (controls): the player's extra controls, each one the owner can hide (PlayerConfig), on by default.
export const PLAYER_CONTROL_DEFAULTS = {
  speedMenu: true,
  qualityMenu: true,
  pictureInPicture: true,
  captionsButton: true,
  keyboardShortcuts: true,
  resumePlayback: true,
  /** Issue 34: the download button, off unless the owner turns it on. */
  allowDownload: false,
} as const;

/** Texts the spec fixes word for word. */
export const MESSAGES = {
  banned: 'User was baned',
  featureDisabled: 'This action is disabled. Contact your administrator.',
  checkCard: 'Check the card.',
  messageSent: 'Message sent successfully',
  passwordUpdated: 'Password updated successfully',
  registrationCompleted: 'Registration completed successfully!',
  verificationSent: 'An email with verification instructions has been sent to your email address.',
  profileUpdated: 'Profile updated successfully!',
  folderCreated: 'Folder created successfully!',
  folderUpdated: 'Folder updated successfully!',
  folderDeleted: 'Folder deleted successfully!',
  accountCanceled: 'Your account is canceled. Reactivate it to make changes.',
  /** 402: the API refuses uploads, imports, edits and new embeds of an account without a payment method. */
  paymentMethodRequired: 'Add a payment method to continue.',
  /** Public media of an owner past the monthly bandwidth (and its grace) until the next month or a bigger plan. */
  bandwidthExceeded: 'This video is temporarily unavailable.',
  emailChangeHint: 'Can be changed once every 6 months',
  emailTaken: 'Email is already taken',
  emailChangeConfirmed: 'Your new email address is confirmed. Sign in with it from now on.',
  emailChangeCanceled: 'The email change was canceled and every session was signed out. Choose a new password with the link we sent to this address.',
  /** A social sign-in whose email matches an account it may not join by email alone. */
  socialLinkFromSettings: 'An account with this email already exists. Sign in with your password, then link {provider} in Settings.',
  socialAwaitingConfirmation: 'An account with this email is waiting for its address to be confirmed. Open the confirmation link we sent, or use Forgot Password, then link {provider} in Settings.',
  socialEmailUnverified: 'Your {provider} account does not confirm this email address. Sign in with your password, then link {provider} in Settings.',
  googleNonceRequired: 'Google sign-in needs the nonce of the request that started it.',
  identityTaken: 'This {provider} account is already linked to another Reelbase account.',
  validationFailed: 'Validation failed',
  invalidCredentials: 'Invalid email or password',
  /** 422 on `currentPassword` of a profile change or a sign-in link (counted like a failed sign-in). */
  currentPasswordWrong: 'Current password is incorrect',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again later.',
  /** 429: this address already has a password being checked and more waiting. */
  signInsBusyFromAddress: 'Too many sign-ins from your address at once. Try again in a moment.',
  /** 503: every password check slot and its queue are taken. */
  signInsBusy: 'The server is busy checking other sign-ins. Try again in a moment.',
  tooManyRequests: 'Too many requests. Try again later.',
  /** 429: the account has JOBS_MAX_RUNNING + JOBS_MAX_QUEUED_PER_ACCOUNT jobs (uploads, imports, edits, GIFs, covers) waiting or running. */
  tooManyJobs: 'Too many of your videos and edits are waiting to be processed. Try again when some have finished.',
  tokenExpired: 'Access token expired',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not found',
} as const;

/** The 429 of a sign-in paused by failed attempts, saying when to try again. */
export function tooManyAttemptsFor(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const when = retryAfterSeconds < 60 ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Try again in ${when}.`;
}

/** The machine-readable `code` of a team route's 403 while the team requires two-factor sign-in and the member has none. */
export const TWO_FACTOR_ERROR_CODES = { required: 'two_factor_required' } as const;

/** Whether a sign-in answered the challenge of its second step (two-factor sign-in on) instead of tokens (here: the sign-in page loads no zod). */
export const isTwoFactorChallenge = (r: object): r is { twoFactorRequired: true; challenge: string; methods: TwoFactorMethod[] } => (r as { twoFactorRequired?: unknown }).twoFactorRequired === true;
/** The second factors an account may have (recovery codes work with either). */
export const TWO_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const ERROR_CODES = {
  tokenExpired: 'TOKEN_EXPIRED_ERROR',
  invalidToken: 'INVALID_TOKEN_ERROR',
  banned: 'USER_BANNED_ERROR',
  rateLimited: 'RATE_LIMITED_ERROR',
} as const;

/** GIF output sizes as ffmpeg scale width:height (-1: keep the aspect ratio). */
export const GIF_SIZES = ['800:-1', '600:-1', '540:-1', '500:-1', '480:-1', '400:-1', '320:-1', '-1:480', '-1:320', '1200:300', '300:1200'] as const;
export type GifSize = (typeof GIF_SIZES)[number];
/** The frame rate limits a GIF's length: fps -> longest clip in seconds. */
export const GIF_FPS_MAX_SECONDS = { 5: 60, 7: 40, 10: 30, 12: 25, 20: 15, 25: 10 } as const;
export type GifFps = keyof typeof GIF_FPS_MAX_SECONDS;
// Pure: a bundle that does not use it (the embed player) drops it.
export const GIF_FPS_CHOICES = /* @__PURE__ */ Object.keys(GIF_FPS_MAX_SECONDS).map(Number) as GifFps[];
export const GIF_FONTS = ['Dancing Script', 'Roboto'] as const;
export type GifFont = (typeof GIF_FONTS)[number];
/** Text weights 200 to 800 with the spec's labels. */
export const GIF_FONT_WEIGHTS = { 200: 'Thin', 300: 'Light', 400: 'Normal', 500: 'Dark', 600: 'Bold', 700: 'UltraBold', 800: 'Black' } as const;
export type GifFontWeight = keyof typeof GIF_FONT_WEIGHTS;
export const GIF_FONT_WEIGHT_CHOICES = /* @__PURE__ */ Object.keys(GIF_FONT_WEIGHTS).map(Number) as GifFontWeight[];
export const GIF_FONT_SIZE_MIN = 8;
export const GIF_FONT_SIZE_MAX = 96;
export const GIF_TEXT_DEFAULTS = { color: '#000000', fontFamily: 'Roboto', fontWeight: 400, fontSize: 12 } as const satisfies { color: string; fontFamily: GifFont; fontWeight: GifFontWeight; fontSize: number };

/**
 * The web app's page a Google or Facebook sign-in window returns to (register `{origin}/oauth-callback`
 * at the provider); the API serves it with an opener policy that lets it reach the app's window.
 */
export const SIGN_IN_CALLBACK_PATH = '/oauth-callback';

/** The header naming the team a request acts for; without it, the caller's own team (here, not in teams.ts, so the client's core stays light). */
export const TEAM_HEADER = 'X-Team-Id';
/** The header (or `?access=`) carrying the access a review link's password unlock answered (zod-free here, so the client's first page carries no schema). */
export const REVIEW_ACCESS_HEADER = 'X-Review-Access';

/** Header in which an app without cookies (the desktop) sends the device token it stored. */
export const DEVICE_TOKEN_HEADER = 'X-Device-Token';

// Team roles, permissions and error codes: here, not in teams.ts, so that the app shell (the client's
// error handling, the team switcher's permission checks) loads without the teams schemas.

/** A member's role in one team; exactly one owner per team. */
export const TEAM_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles an invitation or a role change may give (ownership moves only by transfer). */
export const ASSIGNABLE_TEAM_ROLES = ['admin', 'editor', 'viewer'] as const;
export type AssignableTeamRole = (typeof ASSIGNABLE_TEAM_ROLES)[number];

/**
 * What a route needs of the member's role. billing: the subscription and payments; ownership:
 * transferring the team and deleting the account; manageTeam: members, invitations, the activity
 * log; edit: upload, import, edit, organise, player settings, captions, delete videos; view: watch
 * in the app, analytics, copy embed codes.
 */
/** `readLeads`: the emails and names prospects left in lead forms (personal data), not for viewers. */
export const TEAM_PERMISSIONS = ['billing', 'ownership', 'manageTeam', 'edit', 'readLeads', 'view'] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

/** The one map from role to permissions: the API checks it, the UI shows buttons by it, the OpenAPI document states it. */
export const ROLE_PERMISSIONS: Record<TeamRole, readonly TeamPermission[]> = {
  owner: TEAM_PERMISSIONS,
  admin: ['manageTeam', 'edit', 'readLeads', 'view'],
  editor: ['edit', 'readLeads', 'view'],
  viewer: ['view'],
};
export const roleCan = (role: TeamRole, permission: TeamPermission): boolean => ROLE_PERMISSIONS[role].includes(permission);

export const TEAM_ERROR_CODES = {
  /** 403: X-Team-Id (or the path's team) names a team the caller is not a member of. */
  notMember: 'TEAM_NOT_MEMBER_ERROR',
  /** 403: the member's role lacks the operation's permission. */
  permission: 'TEAM_PERMISSION_ERROR',
  /** 402: the plan's seats are taken (members and pending invitations). */
  seatLimit: 'TEAM_SEAT_LIMIT_ERROR',
} as const;

/**
 * API keys (issue 27): what a key may do. videos:write covers upload, import, edit and delete;
 * each contract Endpoint names the scope that covers it (none: keys are refused there). Here, not
 * in api-keys.ts, so the client's core recognises a key without the schemas.
 */
export const API_KEY_SCOPES = ['videos:read', 'videos:write', 'analytics:read', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every key starts with this, then base64url of 32 random bytes. */
export const API_KEY_PREFIX = 'rbk_';
export const API_KEY_ERROR_CODES = {
  /** 403: the route takes no API key (account, password, payment, admin, teams, keys). */
  notAllowed: 'API_KEY_NOT_ALLOWED_ERROR',
  /** 403: the key lacks the route's scope. */
  scope: 'API_KEY_SCOPE_ERROR',
  /** 401: unknown or revoked key. */
  invalid: 'API_KEY_INVALID_ERROR',
} as const;
