import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { openDatabase } from './db/orm.ts';
import { createApp } from './http/app.ts';
import { authGuards } from './http/auth.ts';
import { mediaRoutes } from './http/media-routes.ts';
import { startQueue } from './jobs/queue.ts';
import { createMailer } from './mail/mailer.ts';
import { accessTokens } from './modules/auth/access-tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { loginLimiter } from './modules/auth/login-limiter.ts';
import { platformVerifier } from './modules/auth/platform-verifier.ts';
import { sandboxPaymentProvider } from './modules/payments/payment-provider.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { jwtSecret } from './secrets-file.ts';
import { localStorage } from './storage/local-storage.ts';

/** Composition root shared by `main` and the tests: database -> queue -> services -> HTTP. */
export async function startServer(config: Config, log: Logger, databaseUrl: string) {
  const orm = await openDatabase(databaseUrl, log);
  const queue = await startQueue(databaseUrl, log);
  const storage = localStorage(join(config.DATA_DIR, 'media'), config.PUBLIC_URL);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: join(config.DATA_DIR, 'outbox'), log });

  const auth = createAuthService({
    orm,
    mailer,
    tokens: accessTokens(await jwtSecret(config.DATA_DIR, config.JWT_SECRET), config.ACCESS_TOKEN_TTL_SECONDS),
    limiter: loginLimiter({
      perAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      perAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: config.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
    }),
    platforms: platformVerifier({
      googleClientId: config.GOOGLE_CLIENT_ID,
      googleCertsUrl: config.GOOGLE_CERTS_URL,
      facebookAppId: config.FACEBOOK_APP_ID,
      facebookAppSecret: config.FACEBOOK_APP_SECRET,
      facebookGraphUrl: config.FACEBOOK_GRAPH_URL,
    }),
    publicUrl: config.PUBLIC_URL,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    rememberMeTtlDays: config.REMEMBER_ME_TTL_DAYS,
  });
  const users = createUsersService({ orm, auth, payments: sandboxPaymentProvider() });
  const profile = createProfileService({ orm, storage, auth });
  const guards = authGuards(auth);

  await users.ensureFirstAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, log });

  const app = createApp({
    log,
    publicUrl: config.PUBLIC_URL,
    corsOrigins: config.CORS_ORIGINS,
    health: async () => ({
      database: (await orm.isConnected()) ? 'ok' : 'unreachable',
      queue: await queue.status(),
    }),
    routers: [authRoutes(auth, guards), usersRoutes(users, guards), profileRoutes(profile, guards), mediaRoutes(storage)],
  });

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  log.info({ url: `http://localhost:${port}`, publicUrl: config.PUBLIC_URL }, 'Reelbase is listening');

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    services: { orm, queue, storage, auth, users, profile },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await queue.stop();
      await orm.close();
    },
  };
}
export type RunningServer = Awaited<ReturnType<typeof startServer>>;
