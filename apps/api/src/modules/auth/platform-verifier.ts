import type { AuthProviders } from '@reelbase/api-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface PlatformIdentity {
  platform: 'google' | 'facebook';
  platformId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Whether the provider vouches that the email is this user's: Google's `email_verified`; never for Facebook. */
  emailVerified: boolean;
  /** Google: the nonce the token carries (checked against the request) and when the token expires. */
  nonce?: { value: string; expiresAt: Date };
}

export interface PlatformVerifier {
  /** Google: `nonce` is required and must be the one the ID token carries (Facebook tokens have none). */
  verify(platform: 'google' | 'facebook', token: string, nonce?: string): Promise<PlatformIdentity | null>;
  /** The providers that can sign anyone in here, with what a browser needs to start their sign-in. */
  providers(): AuthProviders;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Checks provider tokens on the server: Google ID tokens against Google's signing keys,
 * Facebook user tokens against the Graph API. Base URLs are settings so tests use stand-ins.
 */
export function platformVerifier(cfg: {
  googleClientId: string;
  googleCertsUrl: string;
  facebookAppId: string;
  facebookAppSecret: string;
  facebookGraphUrl: string;
  googleAuthUrl: string;
  facebookDialogUrl: string;
}): PlatformVerifier {
  const googleKeys = createRemoteJWKSet(new URL(cfg.googleCertsUrl));

  async function google(token: string, nonce?: string): Promise<PlatformIdentity | null> {
    if (!cfg.googleClientId) return null;
    try {
      const { payload } = await jwtVerify(token, googleKeys, { issuer: GOOGLE_ISSUERS, audience: cfg.googleClientId });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.exp !== 'number') return null;
      // The browser's nonce ties the token to the sign-in it started, so a token taken from elsewhere fails.
      if (!nonce || payload.nonce !== nonce) return null;
      return {
        platform: 'google',
        platformId: payload.sub,
        email: payload.email.toLowerCase(),
        firstName: String(payload.given_name ?? ''),
        lastName: String(payload.family_name ?? ''),
        emailVerified: payload.email_verified === true,
        nonce: { value: nonce, expiresAt: new Date(payload.exp * 1000) },
      };
    } catch {
      return null;
    }
  }

  async function facebook(token: string): Promise<PlatformIdentity | null> {
    if (!cfg.facebookAppId || !cfg.facebookAppSecret) return null;
    const graph = cfg.facebookGraphUrl.replace(/\/$/, '');
    const appToken = `${cfg.facebookAppId}|${cfg.facebookAppSecret}`;
    const debug = await getJson(`${graph}/debug_token?${new URLSearchParams({ input_token: token, access_token: appToken })}`);
    const data = debug?.data as { is_valid?: boolean; app_id?: string; user_id?: string } | undefined;
    // A token minted for another app must not sign anyone in here.
    if (!data?.is_valid || String(data.app_id) !== cfg.facebookAppId || !data.user_id) return null;
    const me = await getJson(`${graph}/me?${new URLSearchParams({ fields: 'id,email,first_name,last_name', access_token: token })}`);
    if (!me || String(me.id) !== String(data.user_id) || typeof me.email !== 'string') return null;
    return {
      platform: 'facebook',
      platformId: String(me.id),
      email: me.email.toLowerCase(),
      firstName: String(me.first_name ?? ''),
      lastName: String(me.last_name ?? ''),
      // Facebook does not promise that a user's email was confirmed: it never joins an account by itself.
      emailVerified: false,
    };
  }

  const googleReady = !!cfg.googleClientId;
  const facebookReady = !!cfg.facebookAppId && !!cfg.facebookAppSecret;
  return {
    verify: (platform, token, nonce) => (platform === 'google' ? google(token, nonce) : facebook(token)),
    providers: () => ({
      google: googleReady ? { clientId: cfg.googleClientId, authUrl: cfg.googleAuthUrl } : null,
      facebook: facebookReady ? { clientId: cfg.facebookAppId, authUrl: cfg.facebookDialogUrl } : null,
    }),
  };
}

async function getJson(url: string): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return null;
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}
