import type { Server } from 'node:http';
import { join } from 'node:path';
import { PLAYER_DIST_DIR, PLAYER_ENTRY_FILES } from '@reelbase/player/dist-path';
import { webDistPath } from '@reelbase/web/dist-path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { createViewerServices } from './viewers.ts';
import { createShowcases, showcaseTeamBySlug } from './showcases.ts';
import { createDomains } from './domains.ts';
import { reviewLimits, reviewRouters } from './review.ts';
import { type CoreHooks, startCore } from './core.ts';
import { answerClientErrors, createApp } from './http/app.ts';
import { authGuards } from './modules/access/guards.ts';
import { createAdminTeamsService } from './modules/admin/admin-teams.service.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { createApiKeysService } from './modules/api-keys/api-keys.service.ts';
import { bindTeamAccess, teamAccess } from './modules/access/team-access.ts';
import { teamsRoutes } from './modules/teams/teams.routes.ts';
import { createTeamsService } from './modules/teams/teams.service.ts';
import { notFound } from './http/errors.ts';
import { mediaRoutes } from './http/media-routes.ts';
import { staticWeb } from './http/static-web.ts';
import { createGuardedFetch } from './imports/guarded-fetch.ts';
import { jwtSecret, storedSecret } from './jwt-secret.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAdminUsersService } from './modules/admin/admin-users.service.ts';
import { createAdminVideosService } from './modules/admin/admin-videos.service.ts';
import { readAuditLog } from './modules/admin/audit-log.ts';
import { accessTokens } from './modules/auth/access-tokens.ts';
import { refreshCookie } from './modules/auth/refresh-cookie.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { deviceTokens } from './modules/auth/device-tokens.ts';
import { passwordChecks } from './modules/auth/password-checks.ts';
import { currentPasswordCheck } from './modules/auth/current-password.ts';
import { platformVerifier } from './modules/auth/platform-verifier.ts';
import { signInNotices } from './modules/auth/sign-in-notices.ts';
import { createPasskeyService } from './modules/two-factor/passkeys.service.ts';
import { twoFactorProofs } from './modules/two-factor/proofs.ts';
import { relyingParty } from './modules/two-factor/relying-party.ts';
import { secretBox } from './modules/two-factor/totp.ts';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes.ts';
import { createTwoFactorService } from './modules/two-factor/two-factor.service.ts';
import { webAuthn } from './modules/two-factor/webauthn.ts';
import { embedRoutes } from './modules/embed/embed.routes.ts';
import { createEmbedService } from './modules/embed/embed.service.ts';
import { playerAssets } from './modules/embed/player-assets.ts';
import { redirectSigner } from './modules/embed/redirect-signature.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { viewerSessionPublicRoutes, viewerSessionRoutes } from './modules/viewer-sessions/viewer-sessions.routes.ts';
import { foldersRoutes } from './modules/folders/folders.routes.ts';
import { createFoldersService } from './modules/folders/folders.service.ts';
import { chaptersRoutes } from './modules/chapters/chapters.routes.ts';
import { createChaptersService } from './modules/chapters/chapters.service.ts';
import { thumbnailTestsRoutes } from './modules/thumbnail-tests/thumbnail-tests.routes.ts';
import { createThumbnailTestsService } from './modules/thumbnail-tests/thumbnail-tests.service.ts';
import { checkThumbnailTests } from './modules/thumbnail-tests/thumbnail-test-ending.ts';
import { countingPlays } from './modules/thumbnail-tests/session-plays.ts';
import { gifsRoutes } from './modules/gifs/gifs.routes.ts';
import { createGifsService } from './modules/gifs/gifs.service.ts';
import { rateLimits } from './modules/limits/rate-limits.ts';
import { bandwidthNotices } from './modules/payments/bandwidth-notices.ts';
import { sandboxCardBilling } from './modules/payments/billing-provider.ts';
import { paymentMethods, paymentProvider } from './modules/payments/payment-provider.ts';
import { paymentsRoutes, stripeWebhookRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { paypalRoutes, paypalSandboxRoutes, paypalWebhookRoutes } from './modules/payments/paypal.routes.ts';
import { createPaypalPayments } from './modules/payments/paypal.service.ts';
import { paypalClient } from './modules/payments/paypal-client.ts';
import { sandboxPaypal } from './modules/payments/paypal-sandbox.ts';
import { createPlansService } from './modules/payments/plans.service.ts';
import { stripeBilling } from './modules/payments/stripe-billing.ts';
import { createSubscriptions } from './modules/payments/subscriptions.service.ts';
import { usageRoutes } from './modules/payments/usage.routes.ts';
import { createUsageService } from './modules/payments/usage.service.ts';
import { embeddingGuard } from './modules/playback/embedding.ts';
import { playbackTokens } from './modules/playback/playback-tokens.ts';
import { playbackPreviewRoutes, playbackRoutes } from './modules/playback/playback.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { createPlaybackService } from './modules/playback/playback.service.ts';
import { playerConfigRoutes } from './modules/player-config/player-config.routes.ts';
import { createPlayerConfigService } from './modules/player-config/player-config.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { shareRoutes } from './modules/share/share.routes.ts';
import { createShareService } from './modules/share/share.service.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { beaconRoutes, ctaBeaconRoutes, statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { createStatisticsExport } from './modules/statistics/statistics-export.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { bandwidthCounter } from './modules/videos/delivery/bandwidth-counter.ts';
import { servableCache } from './modules/videos/delivery/servable.ts';
import { audioTrackRouters } from './audio-tracks.ts';
import { listenServingChanges } from './modules/videos/serving-changes.ts';
import { tusUploads } from './modules/videos/uploads/tus-uploads.ts';
import { videosRoutes } from './modules/videos/videos.routes.ts';
import { videoDetailsRouters } from './video-details.ts';
import { captionRouters } from './captions.ts';
import { createVideosService } from './modules/videos/videos.service.ts';
import { startMailOutbox } from './mail/outbox.ts';
import { webhookEvents } from './modules/webhooks/webhook-events.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { mailsFromConfig } from './mail/render.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';

/** Composition root shared by `main` and the tests: database -> queue -> services -> HTTP (and a worker). */
export async function startServer(config: Config, log: Logger, databaseUrl: string, opts: { inlineWorker?: boolean; hooks?: CoreHooks } = {}) {
  const core = await startCore(config, log, databaseUrl);
  const { orm, storage } = core;
  const { queue } = core;
  const mails = mailsFromConfig(config, log);
  // Mails of events recorded in transactions are sent from here, after their commits.
  const mailOutbox = await startMailOutbox({ orm, databaseUrl, mails, log });

  const limits = rateLimits(orm, {
    registration: { perAddress: config.RATE_LIMIT_REGISTRATION_PER_ADDRESS },
    // Whether an address has an account, asked by registration's first step: no faster than registering would tell.
    'email-check': { perAddress: config.RATE_LIMIT_REGISTRATION_PER_ADDRESS },
    'forgot-password': { perAccount: config.RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT, perAddress: config.RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS },
    'verification-mail': { perAccount: config.RATE_LIMIT_VERIFICATION_MAIL_PER_ACCOUNT, perAddress: config.RATE_LIMIT_VERIFICATION_MAIL_PER_ADDRESS },
    'platform-sign-in': { perAddress: config.RATE_LIMIT_PLATFORM_SIGN_IN_PER_ADDRESS },
    import: { perAccount: config.RATE_LIMIT_IMPORT_PER_ACCOUNT, perAddress: config.RATE_LIMIT_IMPORT_PER_ADDRESS },
    upload: { perAccount: config.RATE_LIMIT_UPLOAD_PER_ACCOUNT, perAddress: config.RATE_LIMIT_UPLOAD_PER_ADDRESS },
    captions: { perAccount: config.RATE_LIMIT_CAPTIONS_PER_ACCOUNT, perAddress: config.RATE_LIMIT_CAPTIONS_PER_ADDRESS },
    'payment-method': { perAccount: config.RATE_LIMIT_PAYMENT_METHOD_PER_ACCOUNT, perAddress: config.RATE_LIMIT_PAYMENT_METHOD_PER_ADDRESS },
    // Its "account" is the video and the address together (see playback.routes.ts).
    'video-unlock': { perAccount: config.RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS_AND_VIDEO, perAddress: config.RATE_LIMIT_VIDEO_UNLOCK_PER_ADDRESS },
    // Its "account" is the video: all addresses together (see playback.service.ts unlock).
    'video-unlock-video': { perAccount: config.RATE_LIMIT_VIDEO_UNLOCK_PER_VIDEO },
    // Its "account" is the email typed in the player's lead form.
    lead: { perAccount: config.RATE_LIMIT_LEADS_PER_EMAIL, perAddress: config.RATE_LIMIT_LEADS_PER_ADDRESS },
    // Its "account" is the key: each key has its own minute, whatever the address.
    'api-key': { perAccount: { count: config.API_KEY_RATE_LIMIT_PER_MINUTE, seconds: 60 } },
    ...reviewLimits(config),
  });
  const secret = await jwtSecret(orm, config.DATA_DIR, config.JWT_SECRET);
  // One bounded pool of argon2 checks for sign-ins and video unlocks alike.
  const checks = passwordChecks({ atOnce: config.PASSWORD_CHECKS_AT_ONCE, queue: config.PASSWORD_CHECK_QUEUE });
  const tokens = playbackTokens(config.PLAYBACK_TOKEN_SECRET ?? (await storedSecret(orm, 'playback-token')), config.PLAYBACK_TOKEN_TTL_SECONDS);
  const devices = deviceTokens(secret, config.PUBLIC_URL);
  const perWindow = (count: number) => ({ count, seconds: config.LOGIN_FAILURE_WINDOW_SECONDS });
  // Wrong passwords and wrong second-factor codes share these counts.
  const signInLimits = limits.signIn({
    perAddress: perWindow(config.LOGIN_MAX_FAILURES_PER_ADDRESS),
    perAccountAndAddress: perWindow(config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS),
    perAccount: perWindow(config.LOGIN_MAX_FAILURES_PER_ACCOUNT),
    perDevice: perWindow(config.LOGIN_MAX_FAILURES_PER_DEVICE),
  });
  const notices = signInNotices(mails, log, config.LOGIN_FAILURE_WINDOW_SECONDS);
  const failureLimits = { perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, perDevice: config.LOGIN_MAX_FAILURES_PER_DEVICE };
  // The current password of a signed-in person (profile, identity links, ownership) counts like a sign-in.
  const checkCurrentPassword = currentPasswordCheck({ signInLimits, passwordChecks: checks, notices, failuresPerAccount: failureLimits.perAccount });
  const auth = createAuthService({
    checkCurrentPassword,
    orm,
    mails,
    tokens: accessTokens(secret, config.ACCESS_TOKEN_TTL_SECONDS),
    signInLimits,
    devices,
    passwordChecks: checks,
    notices,
    failureLimits,
    platforms: platformVerifier({
      googleClientId: config.GOOGLE_CLIENT_ID,
      googleCertsUrl: config.GOOGLE_CERTS_URL,
      facebookAppId: config.FACEBOOK_APP_ID,
      facebookAppSecret: config.FACEBOOK_APP_SECRET,
      facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
      googleAuthUrl: config.GOOGLE_AUTH_URL,
      facebookDialogUrl: config.FACEBOOK_DIALOG_URL,
    }),
    publicUrl: config.PUBLIC_URL,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    rememberMeTtlDays: config.REMEMBER_ME_TTL_DAYS,
    refreshFamilyMaxDays: config.REFRESH_FAMILY_MAX_DAYS,
  });
  const box = secretBox(config.TWO_FACTOR_SECRET_KEY ?? (await storedSecret(orm, 'two-factor')));
  const proofs = twoFactorProofs({ orm, signInLimits, passwordChecks: checks, notices, failureLimits });
  const rp = relyingParty(config.PUBLIC_URL, config.SITE_NAME);
  const passkeys = createPasskeyService({ orm, proofs, webAuthn: rp && webAuthn(rp) });
  const twoFactor = createTwoFactorService({ orm, auth, box, proofs, passkeys });
  // Cards go to Stripe when STRIPE_SECRET_KEY is set; without it the sandbox charges nothing (local development).
  const subscriptions = createSubscriptions({ orm });
  const stripe = config.STRIPE_SECRET_KEY
    ? stripeBilling({ orm, subscriptions, log, settings: { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL } })
    : null;
  if (!stripe) log.warn('STRIPE_SECRET_KEY is not set: card payments run in the sandbox, nothing is charged');
  const payments = paymentMethods(paymentProvider(stripe ?? undefined), stripe);
  const plans = createPlansService({ orm });
  // PayPal with its app credentials; without them the PayPal sandbox: our own approval page, nothing charged.
  const paypalSandbox = config.PAYPAL_CLIENT_ID && config.PAYPAL_SECRET ? null : sandboxPaypal({ orm, publicUrl: config.PUBLIC_URL });
  if (paypalSandbox) log.warn('PAYPAL_CLIENT_ID / PAYPAL_SECRET are not set: PayPal checkouts run in the sandbox (a local approval page), nothing is charged');
  const paypal = createPaypalPayments({
    orm,
    subscriptions,
    publicUrl: config.PUBLIC_URL,
    endLeftover: (userId) => billing.endLeftover(userId),
    client: paypalSandbox
      ? paypalSandbox.client
      : paypalClient({ apiUrl: config.PAYPAL_API_URL, clientId: config.PAYPAL_CLIENT_ID as string, secret: config.PAYPAL_SECRET as string, webhookId: config.PAYPAL_WEBHOOK_ID }),
  });
  const billing = createPaymentsService({ orm, subscriptions, card: stripe ?? sandboxCardBilling(), providers: { paypal: paypal.provider } });
  const users = createUsersService({ orm, auth, payments, billing });
  const profile = createProfileService({ orm, storage, auth, payments, checkCurrentPassword });
  const teamsAccess = teamAccess(orm);
  const apiKeys = createApiKeysService({ orm, limits, maxPerTeam: config.API_KEYS_MAX_PER_TEAM });
  const guards = authGuards(auth, teamsAccess, apiKeys);
  const importGuard = createGuardedFetch({ allowedHosts: config.IMPORT_ALLOWED_HOSTS, maxBytes: config.SOURCE_MAX_BYTES, timeoutMs: 10_000, maxRedirects: 5 });
  const videos = createVideosService({
    orm,
    storage,
    queue: core.jobs,
    quota: core.quota,
    sourceMaxBytes: config.SOURCE_MAX_BYTES,
    checkImportUrl: (url) => importGuard.check(url),
    tokens,
    onServingChanged: (ids) => onServingChanged(ids),
  });
  // Webhook endpoints are checked by the imports' guard (the same allow-list); deliveries are the workers'.
  const webhooks = createWebhooksService({ orm, checkUrl: (url) => importGuard.check(url), allowedHosts: config.IMPORT_ALLOWED_HOSTS, secretOverlapSeconds: config.WEBHOOK_SECRET_OVERLAP_SECONDS });
  /** `emit(teamId, type, data)` for producers outside a transaction of theirs (leads: onCaptured). */
  const events = webhookEvents({ orm });
  const privacy = createPrivacyService({ orm, storage, tokens, onServingChanged: (ids) => onServingChanged(ids) });
  const folders = createFoldersService({ orm });
  const chapters = createChaptersService({ orm });
  const gifs = createGifsService({ orm, storage, queue: core.jobs, quota: core.quota, videos, publicUrl: config.PUBLIC_URL, tokens });
  // Limits of accounts without a plan (a plan's own replace them), and the bandwidth grace.
  const defaultLimits = {
    storageBytes: config.STORAGE_LIMIT_BYTES_PER_ACCOUNT,
    bandwidthBytesPerMonth: config.BANDWIDTH_LIMIT_BYTES_PER_MONTH,
    bandwidthGracePercent: config.BANDWIDTH_GRACE_PERCENT,
  };
  const bandwidth = bandwidthCounter(
    orm,
    config.BANDWIDTH_FLUSH_SECONDS * 1000,
    (err) => log.error({ err }, 'bandwidth flush failed'),
    bandwidthNotices({ orm, defaults: defaultLimits }),
  );
  const usage = createUsageService({ orm, quota: core.quota, defaults: defaultLimits });
  const tus = tusUploads({
    dir: join(config.DATA_DIR, 'uploads'),
    access: guards.access,
    videos,
    quota: core.quota,
    limits,
    sourceMaxBytes: config.SOURCE_MAX_BYTES,
    expiryMs: config.UPLOAD_EXPIRY_HOURS * 3600 * 1000,
    log,
  });
  /** Unfinished tus uploads past their expiry, what dead processes left, expired reservations. */
  const sweep = async () => {
    // Sessions silent for 30 minutes end; once a day, those past their retention go.
    await viewerSessions.sweep().catch((err) => log.error({ err }, 'viewer sessions sweep failed'));
    const expired = await tus.cleanUpExpired();
    if (expired) log.info({ expired }, 'removed unfinished uploads past their expiry');
    await core.sweep();
  };
  const sweeper = setInterval(() => void sweep().catch((err) => log.error({ err }, 'upload sweep failed')), Math.min(config.UPLOAD_EXPIRY_HOURS * 3600 * 1000, 15 * 60_000));
  sweeper.unref();
  const thumbnailTests = createThumbnailTestsService({ orm, storage, queue: core.jobs, quota: core.quota, tokens, flushMs: config.STATS_FLUSH_SECONDS * 1000, log });
  const playback = createPlaybackService({ orm, storage, limits: defaultLimits, tokens, checkPassword: (key, task) => checks.run(key, task), guesses: limits, covers: thumbnailTests });
  const domains = createDomains({ config, orm, owners: { showcaseTeam: showcaseTeamBySlug(orm) } });
  const embed = createEmbedService({ orm, playback, publicUrl: config.PUBLIC_URL, originFor: domains.publicOriginFor, redirects: redirectSigner(await storedSecret(orm, 'embed-redirect')) });
  const embedding = embeddingGuard({ orm, publicUrl: config.PUBLIC_URL });
  const share = createShareService({ orm, playback, embed, publicUrl: config.PUBLIC_URL, siteName: config.SITE_NAME, sitemapPageSize: config.SITEMAP_PAGE_SIZE });
  const playerConfig = createPlayerConfigService({ orm, storage });
  const { integrations, notifications } = core;
  const { statistics, viewerSessions, leads, onLeadWatched, admitProgress } = createViewerServices({ config, orm, log, tokens, playback, limits, events, integrations, notifications });
  const statisticsExport = createStatisticsExport({ orm, maxRunning: config.CSV_EXPORTS_MAX });
  const servable = servableCache(orm, config.DELIVERY_STATUS_CACHE_SECONDS * 1000, defaultLimits);
  // A block, a ban or a deletion takes effect at once in this process: the cached answers are dropped.
  const onServingChanged = (videoIds?: string[]) => {
    servable.forget(videoIds);
    statistics.forget(videoIds);
  };
  // Other API processes hear of it through PostgreSQL (NOTIFY on commit) and forget theirs too.
  const servingChanges = await listenServingChanges(databaseUrl, log, onServingChanged);
  const adminReads = readAuditLog(orm, 1000, (err) => log.error({ err }, 'audit log flush failed'));
  const adminUsers = createAdminUsersService({ orm, storage, reads: adminReads, onServingChanged, payments: billing, auth, log });
  const adminVideos = createAdminVideosService({ orm, storage, tokens, reads: adminReads, onServingChanged, supportEmail: mails.context.seller.email });
  const teams = createTeamsService({ orm, mails, publicUrl: config.PUBLIC_URL, membersWithoutPlan: config.TEAM_MEMBERS_WITHOUT_PLAN, checkPassword: checkCurrentPassword });
  const adminTeams = createAdminTeamsService({ orm, teams, membersWithoutPlan: config.TEAM_MEMBERS_WITHOUT_PLAN });
  const showcases = await createShowcases({ config, orm, storage, queue, limits, guards, checkPassword: (key, task) => checks.run(key, task), originFor: domains.publicOriginFor, delivery: { bandwidth, servable } });
  const assets = playerAssets({ dir: PLAYER_DIST_DIR, prefix: '/embed-assets', entries: PLAYER_ENTRY_FILES, log });

  await users.ensureFirstAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, log });

  const app = createApp({
    log,
    publicUrl: config.PUBLIC_URL,
    corsOrigins: config.CORS_ORIGINS,
    health: async () => ({
      database: (await orm.isConnected()) ? 'ok' : 'unreachable',
      queue: await queue.status(),
      media: core.mediaTools,
    }),
    isAdmin: guards.isAdmin,
    trustProxy: config.TRUST_PROXY,
    hostGuard: domains.guard,
    rawRouters: [
      tus.router,
      beaconRoutes(statistics),
      ctaBeaconRoutes(statistics),
      viewerSessionPublicRoutes(countingPlays(viewerSessions, thumbnailTests), (v) => statistics.admit(v), admitProgress, embedding),
      stripeWebhookRoutes(async (payload, signature) => {
        if (!stripe) throw notFound();
        await stripe.handleWebhook(payload, signature);
      }),
      paypalWebhookRoutes(paypal),
      ...(paypalSandbox ? [paypalSandboxRoutes(paypalSandbox, new URL(config.PUBLIC_URL).origin)] : []),
    ],
    routers: bindTeamAccess([
      authRoutes(auth, twoFactor, guards, limits, devices, refreshCookie({ secure: new URL(config.PUBLIC_URL).protocol === 'https:' })),
      adminRoutes(adminUsers, adminVideos, guards),
      usersRoutes(users, guards, limits, adminUsers),
      profileRoutes(profile, auth, guards, limits),
      twoFactorRoutes(twoFactor, passkeys, guards),
      paymentsRoutes(plans, billing, guards, { stripePublishableKey: stripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null }),
      paypalRoutes(paypal, guards),
      usageRoutes(usage, guards),
      leadsRoutes(leads, guards, embedding),
      viewerSessionRoutes(viewerSessions, guards),
      videosRoutes(videos, guards, limits, core.multipartDir),
      ...videoDetailsRouters({ orm, storage, videos, guards }),
      playbackPreviewRoutes(playback, (userId, id) => videos.get(userId, id), guards),
      privacyRoutes(privacy, guards),
      foldersRoutes(folders, guards),
      // The API only asks the engines which languages they take; the workers run them.
      ...captionRouters({ config, orm, queue: core.queue, jobs: core.jobs, guards, limits, log }),
      chaptersRoutes(chapters, guards),
      thumbnailTestsRoutes(thumbnailTests, guards),
      gifsRoutes(gifs, guards),
      ...audioTrackRouters({ config, core, guards, bandwidth, servable, tokens, chapters: chapters.track }),
      mediaRoutes(storage),
      playbackRoutes(playback, limits, embedding),
      playerConfigRoutes(playerConfig, guards),
      statisticsRoutes(statistics, { files: statisticsExport, timeoutMs: config.CSV_EXPORT_TIMEOUT_SECONDS * 1000 }, guards),
      teamsRoutes(teams, adminTeams, guards),
      webhooksRoutes(webhooks, guards),
      integrationsRoutes(integrations, guards),
      notificationsRoutes(notifications, guards),
      apiKeysRoutes(apiKeys, guards),
      domains.routes(guards),
      ...(await reviewRouters({ config, orm, playback, limits, guards, checks })),
      embedRoutes({ embed, assets, guards, embedding, entries: PLAYER_ENTRY_FILES, mediaOrigins: [new URL(storage.url('')).origin] }),
      shareRoutes({ share, assets, entries: PLAYER_ENTRY_FILES, mediaOrigins: [new URL(storage.url('')).origin], publicUrl: config.PUBLIC_URL, extraUrls: showcases.sitemapEntries }),
      ...showcases.routers,
      assets.router,
    ], { requireUser: guards.requireUser, check: guards.team }),
    // Last: every other GET is the web app (its files, or index.html for its client routes).
    fallback: staticWeb(webDistPath, { mediaOrigins: [new URL(storage.url('')).origin] }),
  });
  // Behind a proxy, the viewer is the address the nearest proxy appended, not one a client made up.
  if (config.TRUST_PROXY) app.maxIpsCount = 1;
  void assets.warm();
  // Tests run a worker in this process; `main` runs it as a child process instead.
  if (opts.inlineWorker) await core.startWorkers(opts.hooks);

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    // Large uploads over slow links take long; the default 5-minute request limit would cut them.
    s.requestTimeout = 6 * 3600 * 1000;
    answerClientErrors(s);
  });
  const { port } = server.address() as { port: number };
  log.info({ url: `http://localhost:${port}`, publicUrl: config.PUBLIC_URL }, 'Reelbase is listening');

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    routes: app.routes,
    services: { orm, queue, storage, quota: core.quota, limits, auth, users, profile, subscriptions, plans, billing, paypal, accountRemoval: core.accountRemoval, videos, folders, gifs, bandwidth, playback, playerConfig, statistics, statisticsExport, leads, viewerSessions, sweep, adminUsers, adminVideos, adminReads, usage, mailOutbox, webhooks, events, thumbnailTests, thumbnailTestsCheck: () => checkThumbnailTests({ orm, storage, quota: core.quota }), integrations, notifications, onLeadWatched, domains: domains.service },
    async close() {
      clearInterval(sweeper);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await bandwidth.stop();
      await statistics.stop();
      await viewerSessions.stop();
      await thumbnailTests.stop();
      await servingChanges.close();
      await mailOutbox.close();
      await adminReads.stop();
      await core.close();
    },
  };
}
export type RunningServer = Awaited<ReturnType<typeof startServer>>;
