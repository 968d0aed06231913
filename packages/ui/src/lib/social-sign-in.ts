import { type AuthProviders, SIGN_IN_CALLBACK_PATH } from '@reelbase/api-client';

/**
 * The browser side of Google's OpenID Connect implicit flow (response_type=id_token) and
 * Facebook's login dialog (response_type=token): the authorization URL, and reading the answer
 * the provider sends back to our callback page. Pure, so the web app's popup and any later
 * platform share one reading of the protocol.
 */
export type SocialProvider = 'google' | 'facebook';
export type ProviderSettings = NonNullable<AuthProviders[SocialProvider]>;

export const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook' } as const;

/** The web app's page a provider returns to. */
export const CALLBACK_PATH = SIGN_IN_CALLBACK_PATH;

/** What the callback page posts to the window that started the sign-in: its own address parts. */
export interface CallbackMessage {
  type: 'reelbase:sign-in-callback';
  search: string;
  hash: string;
}

export function isCallbackMessage(value: unknown): value is CallbackMessage {
  const v = value as Partial<CallbackMessage> | null;
  return typeof v === 'object' && v !== null && v.type === 'reelbase:sign-in-callback' && typeof v.search === 'string' && typeof v.hash === 'string';
}

/** 128 random bits, base64url: unguessable state and nonce values. */
export function randomValue(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** One sign-in attempt: what the answer must echo (state) and the ID token must carry (nonce, Google). */
export interface SocialRequest {
  provider: SocialProvider;
  redirectUri: string;
  state: string;
  nonce?: string;
}

export function newSocialRequest(provider: SocialProvider, redirectUri: string): SocialRequest {
  return { provider, redirectUri, state: randomValue(), ...(provider === 'google' && { nonce: randomValue() }) };
}

/** The provider's authorization page for this attempt (parameters already in `authUrl` are kept). */
export function authorizationUrl(settings: ProviderSettings, req: SocialRequest): string {
  const url = new URL(settings.authUrl);
  const params: Record<string, string> =
    req.provider === 'google'
      ? { client_id: settings.clientId, redirect_uri: req.redirectUri, response_type: 'id_token', scope: 'openid email profile', nonce: req.nonce ?? '', state: req.state, prompt: 'select_account' }
      : { client_id: settings.clientId, redirect_uri: req.redirectUri, response_type: 'token', scope: 'email', state: req.state };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * The provider's token from the answer in the callback page's address (fragment, or query for
 * some errors). An answer whose state is not this attempt's is refused whatever it holds: it was
 * not started here (a forged or replayed redirect trying to sign this browser in as someone else).
 */
export function readCallback(req: SocialRequest, answer: Pick<CallbackMessage, 'search' | 'hash'>): string {
  const name = PROVIDER_NAMES[req.provider];
  const params = new URLSearchParams(answer.search.replace(/^\?/, ''));
  for (const [k, v] of new URLSearchParams(answer.hash.replace(/^#/, ''))) params.set(k, v);
  if (params.get('state') !== req.state) throw new Error(`The ${name} answer does not belong to this sign-in, so it was refused. Try again.`);
  const error = params.get('error');
  if (error === 'access_denied') throw new Error(`${name} sign-in was cancelled.`);
  if (error) throw new Error(`${name} sign-in failed: ${params.get('error_description') ?? error}.`);
  const token = params.get(req.provider === 'google' ? 'id_token' : 'access_token');
  if (!token) throw new Error(`${name} did not send a sign-in token. Try again.`);
  return token;
}
