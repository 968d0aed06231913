import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export const GOOGLE_CLIENT_ID = 'reelbase-test.apps.googleusercontent.com';
export const FB_APP_ID = '424242';
export const FB_APP_SECRET = 'fb-app-secret';
const KID = 'test-key-1';

export type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

export interface FacebookUser {
  id: string;
  email?: string;
  first_name: string;
  last_name: string;
}

export interface GoogleTokenOptions {
  key?: KeyPair;
  audience?: string;
  issuer?: string;
  expiresAt?: number | string;
}

/**
 * A local stand-in for Google (its OpenID Connect authorization endpoint and signing keys) and
 * Facebook (its login dialog and the Graph API's /debug_token and /me), speaking their protocols
 * so the API and the browser talk to it unchanged; only the base URL settings differ.
 *
 * The authorization pages answer at once, as a provider does for a user already signed in and
 * consenting: the browser's `account` cookie on this origin names that user (their email); without
 * it the user is taken to have pressed Cancel (error=access_denied).
 */
export async function startOAuthIssuer(host = '127.0.0.1') {
  const googleKeys = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(googleKeys.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const facebookTokens = new Map<string, { appId: string; valid: boolean; me: FacebookUser }>();
  /** The app tokens (`id|secret`) the Graph stand-in was called with. */
  const appTokenCalls: string[] = [];

  /** A Google ID token; it carries a fresh nonce unless `claims` names one (read it back with `nonceOf`). */
  function googleToken(claims: JWTPayload = {}, opts: GoogleTokenOptions = {}) {
    return new SignJWT({ email_verified: true, given_name: 'Goo', family_name: 'Gle', nonce: crypto.randomUUID(), ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setIssuer(opts.issuer ?? 'https://accounts.google.com')
      .setAudience(opts.audience ?? GOOGLE_CLIENT_ID)
      .setSubject(String(claims.sub ?? crypto.randomUUID()))
      .setIssuedAt()
      .setExpirationTime(opts.expiresAt ?? '10m')
      .sign((opts.key ?? googleKeys).privateKey);
  }

  /** A Facebook user token the Graph stand-in knows (`token` names it; a random one otherwise). */
  function facebookToken(me: FacebookUser, opts: { appId?: string; valid?: boolean; token?: string } = {}) {
    const token = opts.token ?? `fb-${crypto.randomUUID()}`;
    facebookTokens.set(token, { appId: opts.appId ?? FB_APP_ID, valid: opts.valid ?? true, me });
    return token;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const q = url.searchParams;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const page = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(text);
      };
      /** Back to the app's redirect_uri with the answer in the fragment, as the implicit flow does. */
      const back = (answer: Record<string, string>) => {
        const state = q.get('state');
        const fragment = new URLSearchParams({ ...answer, ...(state !== null && { state }) });
        res.writeHead(302, { location: `${q.get('redirect_uri')}#${fragment}` });
        res.end();
      };
      const account = /(?:^|;\s*)account=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      const email = account && decodeURIComponent(account);

      if (url.pathname === '/certs') return json(200, { keys: [jwk] });
      if (url.pathname === '/o/oauth2/v2/auth') {
        // Google shows its own error page (no redirect) for a request it cannot trust.
        if (q.get('client_id') !== GOOGLE_CLIENT_ID) return page(401, 'Error 401: invalid_client');
        if (q.get('response_type') !== 'id_token' || !q.get('scope')?.split(' ').includes('openid') || !q.get('nonce') || !q.get('redirect_uri')) {
          return page(400, 'Error 400: invalid_request');
        }
        if (!email) return back({ error: 'access_denied' });
        return back({ id_token: await googleToken({ sub: `google-${email}`, email, nonce: q.get('nonce') }) });
      }
      if (url.pathname === '/dialog/oauth') {
        if (q.get('client_id') !== FB_APP_ID || q.get('response_type') !== 'token' || !q.get('redirect_uri')) return page(400, 'Invalid App ID or request');
        if (!email) return back({ error: 'access_denied', error_reason: 'user_denied', error_description: 'Permissions error' });
        const token = facebookToken({ id: `fb-${email}`, email, first_name: 'Face', last_name: 'Book' });
        return back({ access_token: token, token_type: 'bearer', expires_in: '5183999' });
      }
      if (url.pathname === '/debug_token') {
        const appToken = q.get('access_token') ?? '';
        appTokenCalls.push(appToken);
        if (appToken !== `${FB_APP_ID}|${FB_APP_SECRET}`) return json(400, { error: { message: 'Invalid OAuth access token.' } });
        const t = facebookTokens.get(q.get('input_token') ?? '');
        if (!t) return json(200, { data: { is_valid: false } });
        return json(200, { data: { is_valid: t.valid, app_id: t.appId, user_id: t.me.id } });
      }
      if (url.pathname === '/me') {
        const t = facebookTokens.get(q.get('access_token') ?? '');
        if (!t) return json(400, { error: { message: 'Invalid OAuth access token.' } });
        return json(200, t.me);
      }
      json(404, { error: 'not found' });
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The API settings that point it at this stand-in. */
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_CERTS_URL: `${url}/certs`,
      GOOGLE_AUTH_URL: `${url}/o/oauth2/v2/auth`,
      FACEBOOK_APP_ID: FB_APP_ID,
      FACEBOOK_APP_SECRET: FB_APP_SECRET,
      FACEBOOK_GRAPH_URL: url,
      FACEBOOK_DIALOG_URL: `${url}/dialog/oauth`,
    },
    googleToken,
    facebookToken,
    appTokenCalls,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export type OAuthIssuer = Awaited<ReturnType<typeof startOAuthIssuer>>;

/** The nonce a Google ID token carries (what the browser that asked for it would send along). */
export function nonceOf(idToken: string): string | undefined {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString() || '{}') as { nonce?: string };
  return payload.nonce;
}
