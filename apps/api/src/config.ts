import { resolve } from 'node:path';
import { SITEMAP_PAGE_SIZE } from '@reelbase/api-client';
import { z } from 'zod';

const csv = z
  .string()
  .default('')
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A rate limit written `count/seconds`, e.g. `10/3600` for ten an hour. */
const limit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(v);
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'Must be count/seconds, such as 10/3600' });
        return z.NEVER;
      }
      return { count: Number(m[1]), seconds: Number(m[2]) };
    });

/** Every setting, read once from the environment. Defaults give a working local product. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(1),
  REMEMBER_ME_TTL_DAYS: positiveInt(30),
  /** However often a sign-in is refreshed (Remember Me included), it ends this many days after it began. */
  REFRESH_FAMILY_MAX_DAYS: positiveInt(90),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Reelbase <no-reply@reelbase.local>'),
  /** The seller on receipts and their PDF invoices. */
  SELLER_NAME: z.string().min(1).default('Reelbase'),
  /** Postal address on invoices; commas or newlines separate its lines. */
  SELLER_ADDRESS: z.string().default(''),
  /** With a VAT id set, invoices show the VAT included in the price at SELLER_VAT_RATE_PERCENT. */
  SELLER_VAT_ID: z.string().default(''),
  SELLER_VAT_RATE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  SELLER_EMAIL: z.string().email().default('billing@reelbase.local'),
  CORS_ORIGINS: csv,
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CERTS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Where the browser's Google sign-in window goes (the OpenID Connect authorization endpoint). */
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  FACEBOOK_APP_ID: z.string().default(''),
  FACEBOOK_APP_SECRET: z.string().default(''),
  FACEBOOK_GRAPH_URL: z.string().url().default('https://graph.facebook.com'),
  /** Where the browser's Facebook sign-in window goes (the OAuth login dialog). */
  FACEBOOK_DIALOG_URL: z.string().url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  /** Failed sign-ins per window: on one account from devices it was never signed in on (all addresses together: distributed guessing). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(20),
  /** ...on one account from one address; must stay below the account's, so one address never pauses the owner elsewhere. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: positiveInt(5),
  /** ...from one address, whatever the accounts. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: positiveInt(20),
  /** ...on one device the account signed in on before (its device cookie or the desktop's token); past it the device is distrusted. */
  LOGIN_MAX_FAILURES_PER_DEVICE: positiveInt(5),
  LOGIN_FAILURE_WINDOW_SECONDS: positiveInt(15 * 60),
  /** Password checks (argon2) running at once in one API process, and how many may wait; one per client address at a time. */
  PASSWORD_CHECKS_AT_ONCE: positiveInt(2),
  PASSWORD_CHECK_QUEUE: z.coerce.number().int().min(0).default(16),
  /** Abuse limits kept in PostgreSQL (shared by every API process), per account and per address (IPv6 by /64). */
  RATE_LIMIT_REGISTRATION_PER_ADDRESS: limit('10/3600'),
  RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: limit('3/3600'),
  RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: limit('20/3600'),
  RATE_LIMIT_VERIFICATION_MAIL_PER_ACCOUNT: limit('5/3600'),
  RATE_LIMIT_VERIFICATION_MAIL_PER_ADDRESS: limit('20/3600'),
  RATE_LIMIT_PLATFORM_SIGN_IN_PER_ADDRESS: limit('30/900'),
  RATE_LIMIT_IMPORT_PER_ACCOUNT: limit('30/3600'),
  RATE_LIMIT_IMPORT_PER_ADDRESS: limit('60/3600'),
  RATE_LIMIT_UPLOAD_PER_ACCOUNT: limit('200/3600'),
  RATE_LIMIT_UPLOAD_PER_ADDRESS: limit('400/3600'),
  // Caption writes (a file added or replaced, an editor's save): each parses and indexes up to 20,000 cues.
  RATE_LIMIT_CAPTIONS_PER_ACCOUNT: limit('600/3600'),
  RATE_LIMIT_CAPTIONS_PER_ADDRESS: limit('1200/3600'),
  // Card testing: each payment-method change (and a registration's card) asks the card network about a card.
  RATE_LIMIT_PAYMENT_METHOD_PER_ACCOUNT: limit('5/3600'),
  RATE_LIMIT_PAYMENT_METHOD_PER_ADDRESS: limit('20/3600'),
  // Password guessing on a protected video: tries per address on one video, and per address on all.
  RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS_AND_VIDEO: limit('10/900'),
  RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS: limit('100/3600'),
  // ... and on one video from all addresses together (guessing spread over many addresses); the owner is mailed once per window.
  RATE_LIMIT_VIDEO_UNLOCK_PER_VIDEO: limit('20/3600'),
  // Lead forms (issue 27): submissions per client address, and per email typed (filling owners' lists with one victim's address).
  RATE_LIMIT_LEADS_PER_ADDRESS: limit('30/3600'),
  RATE_LIMIT_LEADS_PER_EMAIL: limit('10/3600'),
  // Client review (issue 34): reviewers' comments and decisions per client address, and per email typed.
  RATE_LIMIT_REVIEW_WRITES_PER_ADDRESS: limit('60/3600'),
  RATE_LIMIT_REVIEW_WRITES_PER_EMAIL: limit('60/3600'),
  /** Comments through one review link are mailed to the team at most once in this many minutes. */
  REVIEW_COMMENT_MAIL_MINUTES: z.coerce.number().int().min(0).default(5),
  /** Stripe: the secret key, the webhook signing secret, and where its API is (a local stand-in in tests). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** Set: the browser collects cards with Stripe Elements, so card numbers never reach this server. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** PayPal REST: app credentials, the API base (sandbox, live, or a local stand-in) and the webhook id its signatures are checked against. */
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_SECRET: z.string().optional(),
  PAYPAL_API_URL: z.string().url().default('https://api-m.paypal.com'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  /**
   * CRM connectors (issue 33): where HubSpot's and Mailchimp's APIs are (local stand-ins in tests).
   * Mailchimp's `server` in the address is replaced by the data centre the API key ends with.
   */
  HUBSPOT_API_BASE: z.string().url().default('https://api.hubapi.com'),
  MAILCHIMP_API_BASE: z.string().url().default('https://server.api.mailchimp.com/3.0'),
  /** One call to a CRM: connecting, sending and the answer. */
  CRM_TIMEOUT_SECONDS: z.coerce.number().positive().default(15),
  /** Tries of one CRM push after the first (429, 5xx, no answer), the waits doubling from JOB_RETRY_DELAY_SECONDS. */
  CRM_PUSH_RETRIES: z.coerce.number().int().min(0).max(20).default(6),
  /**
   * Caption translation (issue 37): 'apertium' (Debian's, in the media box, the language pairs
   * installed by scripts/ensure-ffmpeg.mjs) or 'http' (a hosted API of DeepL's shape at
   * TRANSLATION_API_BASE with the key TRANSLATION_API_KEY; a local stand-in in tests).
   */
  TRANSLATION_ENGINE: z.enum(['apertium', 'http']).default('apertium'),
  TRANSLATION_API_BASE: z.string().url().default('https://api-free.deepl.com'),
  TRANSLATION_API_KEY: z.string().default(''),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** Address space and CPU time of one ffmpeg/ffprobe run (prlimit), and whether bubblewrap isolates it. */
  MEDIA_MEMORY_LIMIT_MB: positiveInt(6144),
  MEDIA_CPU_LIMIT_SECONDS: positiveInt(24 * 3600),
  MEDIA_SANDBOX: z.enum(['auto', 'off']).default('auto'),
  /**
   * The engine of generated captions (media/transcription.ts): 'pocketsphinx' (Debian's, English,
   * installed by scripts/ensure-ffmpeg.mjs), 'whisper' (whisper.cpp through the optional npm binding
   * @fugood/whisper.node, with the model CAPTIONS_WHISPER_MODEL) or 'off' (POST
   * /api/videos/{id}/captions/generate answers 503).
   */
  CAPTIONS_ENGINE: z.enum(['pocketsphinx', 'whisper', 'off']).default('pocketsphinx'),
  /** A ggml whisper.cpp model file (ggml-base.en.bin, ...) for CAPTIONS_ENGINE=whisper; missing: the engine is refused with a log line. */
  CAPTIONS_WHISPER_MODEL: z.string().default(''),
  /** A pocketsphinx model folder laid out as Debian's pocketsphinx-en-us (en-us/, en-us.lm.bin, cmudict-en-us.dict). */
  CAPTIONS_POCKETSPHINX_MODEL: z.string().default('/usr/share/pocketsphinx/model/en-us'),
  WORKER_CONCURRENCY: positiveInt(2),
  /** Whether `npm start` also runs one worker (as a child process of the API). */
  RUN_WORKER: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  JOB_RETRY_DELAY_SECONDS: positiveInt(5),
  /** A worker silent this long is taken for dead and its job retried by another (pg-boss: at least 10). */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  /** One deadline for a whole processing, trim or frame job, whatever ffmpeg runs it holds. */
  JOB_TIMEOUT_SECONDS: positiveInt(12 * 3600),
  /** Jobs of one account that run at once (per kind of job), and that may wait besides; past them a new one answers 429. */
  JOBS_MAX_RUNNING_PER_ACCOUNT: positiveInt(2),
  JOBS_MAX_QUEUED_PER_ACCOUNT: positiveInt(20),
  /**
   * How long the files a video no longer lists (the picture a replace, trim or watermark replaced,
   * a first rendition the ladder replaced) stay served after the switch, for players that loaded
   * the old playlists just before it.
   */
  STALE_MEDIA_GRACE_SECONDS: z.coerce.number().int().min(0).default(120),
  /**
   * Deadline of each ffmpeg/ffprobe run, sized to its work (media/deadlines.ts): a probe and a frame
   * grab get a fixed time; an encode or remux a multiple of the length it writes, never under the floor.
   */
  MEDIA_PROBE_DEADLINE_SECONDS: z.coerce.number().positive().default(30),
  MEDIA_FRAME_DEADLINE_SECONDS: z.coerce.number().positive().default(30),
  MEDIA_ENCODE_DEADLINE_FACTOR: z.coerce.number().positive().default(10),
  MEDIA_ENCODE_DEADLINE_FLOOR_SECONDS: z.coerce.number().positive().default(120),
  STORAGE_LIMIT_BYTES_PER_ACCOUNT: positiveInt(50 * 1024 ** 3),
  /** Seats of a team whose account has no plan (never subscribed, created by an admin); a plan's members limit replaces it. */
  TEAM_MEMBERS_WITHOUT_PLAN: positiveInt(1),
  /** Requests one API key may make a minute (in every API process together); past it a 429 with Retry-After. */
  API_KEY_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  /** API keys one team may have; creating another is a 422 until one is revoked. */
  API_KEYS_MAX_PER_TEAM: positiveInt(25),
  /** Custom domains one team may have (verified or not); adding another is a 422 until one is removed. */
  CUSTOM_DOMAINS_MAX_PER_TEAM: positiveInt(5),
  /** The DNS server custom-domain verification asks for TXT records (host:port); unset: the system's resolvers. */
  DNS_RESOLVER: z.string().regex(/^[\w.:[\]-]+$/, { error: 'Must be host:port, such as 127.0.0.1:53' }).optional(),
  /** Uploads are refused while the disk of DATA_DIR has less free space than this (it also protects PostgreSQL). */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(2048),
  /** An unfinished resumable upload is removed this long after it started (fractions allowed). */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(24),
  /** What a source may be at most: larger, faster or longer ones are refused with a reason. */
  SOURCE_MAX_BYTES: positiveInt(10 * 1024 ** 3),
  SOURCE_MAX_WIDTH: positiveInt(7680),
  SOURCE_MAX_HEIGHT: positiveInt(4320),
  SOURCE_MAX_FPS: positiveInt(120),
  SOURCE_MAX_DURATION_SECONDS: positiveInt(6 * 3600),
  BANDWIDTH_FLUSH_SECONDS: z.coerce.number().positive().default(5),
  /** Bytes delivered a month (UTC) for an account without a plan; a plan's own limit replaces it. */
  BANDWIDTH_LIMIT_BYTES_PER_MONTH: positiveInt(250 * 1024 ** 3),
  /** Past its monthly bandwidth an owner is mailed once; past it by this much more, its media stops until the next month. */
  BANDWIDTH_GRACE_PERCENT: z.coerce.number().min(0).max(1000).default(10),
  /** How long a playback token (the media URLs of a video that is not public) lasts; players renew it before it ends. */
  PLAYBACK_TOKEN_TTL_SECONDS: z.coerce.number().int().min(2).max(86_400).default(600),
  /** The playback tokens' HMAC secret; unset: generated once and kept in the database (shared by every API process). Set it to check tokens at a CDN or nginx too. */
  PLAYBACK_TOKEN_SECRET: z.string().min(32).optional(),
  /** The key sealing the authenticator (TOTP) secrets at rest; unset: generated once and kept in the database. Set it to keep the key out of database backups. */
  TWO_FACTOR_SECRET_KEY: z.string().min(32).optional(),
  /** How long delivery trusts its cached 'may this video be served' answer. */
  DELIVERY_STATUS_CACHE_SECONDS: z.coerce.number().min(0).default(5),
  /** Videos per sitemap file (the protocol's most, 50,000); past it /sitemap.xml is an index of /sitemaps/{n}.xml. */
  SITEMAP_PAGE_SIZE: z.coerce.number().int().min(1).max(SITEMAP_PAGE_SIZE).default(SITEMAP_PAGE_SIZE),
  /** The name link previews and oEmbed give the service (og:site_name, provider_name). */
  SITE_NAME: z.string().min(1).max(100).default('Reelbase'),
  /** One deadline for a whole import (download, remux, check, store). */
  IMPORT_TIMEOUT_SECONDS: positiveInt(3600),
  /** An import slower than this over any IMPORT_RATE_WINDOW_SECONDS is stopped (a server that drips bytes). */
  IMPORT_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(16 * 1024),
  IMPORT_RATE_WINDOW_SECONDS: positiveInt(30),
  IMPORT_ALLOWED_HOSTS: csv,
  /**
   * Webhooks (issue 27 item 2): the waits before each try after the first (seconds; the last wait
   * repeats), tried until WEBHOOK_RETRY_WINDOW_SECONDS after the event (Standard Webhooks / Svix:
   * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 10 h for 3 days).
   */
  WEBHOOK_RETRY_SCHEDULE_SECONDS: z
    .string()
    .default('5,300,1800,7200,18000,36000')
    .transform((v, ctx) => {
      const waits = v.split(',').map((x) => Number(x.trim()));
      if (!waits.length || waits.some((w) => !Number.isFinite(w) || w < 0)) {
        ctx.addIssue({ code: 'custom', message: 'Must be comma-separated seconds, such as 5,300,1800' });
        return z.NEVER;
      }
      return waits;
    }),
  WEBHOOK_RETRY_WINDOW_SECONDS: positiveInt(3 * 24 * 3600),
  /** One try's time limit: connecting, sending and the answer's status. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** An endpoint whose every delivery failed for this long (no success since its first failure) is disabled, and its team's owner mailed. */
  WEBHOOK_DISABLE_AFTER_DAYS: z.coerce.number().positive().default(5),
  /** After a secret rotation, the old secret signs beside the new one this long (receivers switch without losing a delivery). */
  WEBHOOK_SECRET_OVERLAP_SECONDS: z.coerce.number().int().min(0).default(24 * 3600),
  /** Behind a reverse proxy: take the viewer's address (statistics, rate caps) from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** How often the in-memory viewer statistics are written to the database. */
  STATS_FLUSH_SECONDS: z.coerce.number().positive().default(10),
  /** Statistics beacons per address: sustained rate per second and burst. */
  STATS_BEACONS_PER_SECOND: z.coerce.number().positive().default(1),
  STATS_BEACON_BURST: positiveInt(20),
  /** Viewer-session progress reports per address and second (ten seconds' worth as burst): 10 covers a hundred viewers behind one address. */
  SESSION_PROGRESS_PER_SECOND: z.coerce.number().positive().default(10),
  /** Progress reports one session may send at once (then two per report interval): a player sends one per interval, pause and hiding. */
  SESSION_PROGRESS_SESSION_BURST: positiveInt(20),
  /** CSV downloads of the analytics streamed at once per API process (each holds a database connection while it streams); past it, 429. */
  CSV_EXPORTS_MAX: positiveInt(3),
  /** A CSV download still streaming after this long is cut off, so a reader that never reads cannot hold a connection. */
  CSV_EXPORT_TIMEOUT_SECONDS: positiveInt(600),
  /** geoip-lite data folder (e.g. refreshed with a MaxMind licence key); unset: the data shipped in npm. */
  GEODATADIR: z.string().optional(),
  /** Where media and images live: DATA_DIR/media on this machine, or an S3-compatible bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO-like servers want. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** The origin of media URLs handed out (a CDN whose origin is this service's /media); unset: PUBLIC_URL. */
  MEDIA_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.input<typeof schema>;

export interface Config extends Omit<z.output<typeof schema>, 'PUBLIC_URL'> {
  PUBLIC_URL: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.STORAGE === 's3' && !c.S3_BUCKET) throw new Error('Invalid settings:\n  S3_BUCKET: required when STORAGE=s3');
  if (c.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS >= c.LOGIN_MAX_FAILURES_PER_ACCOUNT)
    throw new Error('Invalid settings:\n  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: must be below LOGIN_MAX_FAILURES_PER_ACCOUNT, so failures from one address cannot pause the account everywhere');
  return {
    ...c,
    DATA_DIR: resolve(c.DATA_DIR),
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    MEDIA_BASE_URL: c.MEDIA_BASE_URL?.replace(/\/$/, ''),
  };
}
