import { ERROR_CODES, MESSAGES, REFRESH_COOKIE } from '../contract/constants.ts';
import { TEAM_HEADER } from '../contract/constants.ts';
import { ApiError, errorFromBody } from './errors.ts';
import { pathOf } from './route.ts';
import { postAuthRefresh } from './routes.generated.ts';
import { type DeviceTokenStorage, type SignOutEvent, type Session, SESSION_EXPIRED_MESSAGE, type TokenStorage, isSession, memoryTokenStorage } from './session.ts';
import { type FetchLike, type RawResponse, fetchRaw } from './transport.ts';

export interface CoreOptions {
  /** Origin of the API, e.g. http://localhost:3000; '' for the page's own origin. */
  baseUrl: string;
  /** Where the session's tokens live; may be left out with `apiKey` (nothing to keep). */
  storage?: TokenStorage;
  /**
   * An API key (`rbk_...`, made in Settings) to call with instead of a sign-in: sent as the bearer
   * on every call, never refreshed; a 401 (revoked) or 403 (missing scope) is thrown as an ApiError.
   */
  apiKey?: string;
  /** Apps without cookies (the desktop) keep the device token of password sign-ins here; browsers use the server's cookie. */
  deviceTokens?: DeviceTokenStorage;
  /** Called when the client ends the session itself (refresh failed, banned, session revoked). */
  onSignOut?: (event: SignOutEvent) => void;
  fetch?: FetchLike;
  /**
   * 'cookie' (the web app): the server keeps the refresh token in an HttpOnly cookie that only the
   * refresh call receives, so page scripts never see it; 'body' (default): the token is kept in
   * `storage` and sent in the body (the desktop's keychain, Node callers).
   */
  refreshTokenTransport?: 'body' | 'cookie';
  /** The team selected at start (sent as X-Team-Id on every call); null or left out: the caller's own team. */
  teamId?: string | null;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Send the bearer token and refresh it when expired (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Sends one attempt with the given access token (null when signed out or not needed). */
export type Attempt = (accessToken: string | null) => Promise<RawResponse>;

export function queryString(q: Query | undefined): string {
  if (!q) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

const isExpired = (r: RawResponse) => r.status === 401 && (r.body as { code?: string } | undefined)?.code === ERROR_CODES.tokenExpired;
const isBanned = (r: RawResponse) => r.status === 403 && (r.body as { code?: string } | undefined)?.code === ERROR_CODES.banned;

/**
 * The transport core: base URL, JSON, bearer header, the session and its refresh. An expired
 * access token is refreshed once (all calls that meet it share that one refresh, since refresh
 * tokens rotate and a reused one ends the session) and the call is retried; if that fails the
 * tokens are cleared and `onSignOut` is told why.
 */
export function createCore(options: CoreOptions) {
  const o = { ...options, storage: options.storage ?? memoryTokenStorage() };
  /** A key is the caller's whole identity: no session, no refresh. */
  const apiKey = o.apiKey ?? null;
  const fetcher: FetchLike = o.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = o.baseUrl.replace(/\/$/, '');
  let session: Session | null = null;
  const listeners = new Set<(s: Session | null) => void>();
  let refreshing: Promise<string | null> | null = null;
  /** The selected team: every call carries it in X-Team-Id; null sends none (the caller's own team). */
  let teamId: string | null = o.teamId ?? null;
  /** The headers that say who calls and for which team: the bearer token and X-Team-Id. */
  const authHeaders = (token: string | null, team: string | null = teamId): Record<string, string> => ({
    ...(token && { authorization: `Bearer ${token}` }),
    ...(team && { [TEAM_HEADER]: team }),
  });
  /** Sent with every call that starts or rotates a session: where the refresh token should go. */
  const sessionHeaders: Record<string, string> = o.refreshTokenTransport === 'cookie' ? { [REFRESH_COOKIE.header]: REFRESH_COOKIE.headerValue } : {};

  const ready: Promise<void> = Promise.resolve()
    .then(() => o.storage.load())
    .then((s) => {
      session = isSession(s) ? s : null;
    })
    .catch(() => {
      session = null;
    });

  function emit() {
    for (const l of listeners) l(session);
  }

  async function setSession(next: Session | null) {
    session = next;
    emit();
    await o.storage.save(next);
  }

  async function endSession(event: SignOutEvent) {
    const had = session !== null;
    await setSession(null);
    if (had) o.onSignOut?.(event);
  }

  async function refreshNow(): Promise<string | null> {
    // Another window may already have rotated the tokens: take its pair instead of reusing ours.
    const stored = await Promise.resolve(o.storage.load()).catch(() => null);
    if (isSession(stored) && session && (stored.refreshToken !== session.refreshToken || stored.accessToken !== session.accessToken)) {
      session = stored;
      emit();
      return stored.accessToken;
    }
    const current = session;
    if (!current) return null;
    const res = await fetchRaw(fetcher, `${baseUrl}${pathOf(postAuthRefresh)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...sessionHeaders },
      // In cookie mode the browser sends the cookie; a token kept from before goes once in the body.
      body: JSON.stringify(current.refreshToken === undefined ? {} : { refreshToken: current.refreshToken }),
    });
    if (res.status === 200) {
      const t = res.body as { accessToken: string; refreshToken?: string };
      // Signed out meanwhile: do not bring the session back.
      if (session === null) return null;
      const { refreshToken: _old, ...rest } = session;
      await setSession({ ...rest, accessToken: t.accessToken, ...(t.refreshToken !== undefined && { refreshToken: t.refreshToken }) });
      return t.accessToken;
    }
    if (res.status >= 500) throw errorFromBody(res.status, res.body, res.statusText);
    await endSession(isBanned(res) ? { reason: 'banned', message: MESSAGES.banned } : { reason: 'expired', message: SESSION_EXPIRED_MESSAGE });
    return null;
  }

  /**
   * One refresh at a time across the tabs of this origin (Web Locks, where the platform has them):
   * two tabs presenting the same refresh token (or cookie) at once would look like a replay and end
   * the session; holding the lock, the second finds the first's new tokens in the shared storage.
   */
  const locks = (globalThis as { navigator?: { locks?: { request<T>(name: string, cb: () => Promise<T>): Promise<T> } } }).navigator?.locks;
  const refreshExclusive = () => (locks ? locks.request(`reelbase-refresh ${baseUrl}`, refreshNow) : refreshNow());

  /** A fresh access token after `used` expired; concurrent callers share one refresh. */
  function refreshAfter(used: string): Promise<string | null> {
    if (session && session.accessToken !== used) return Promise.resolve(session.accessToken);
    refreshing ??= refreshExclusive().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Runs an attempt with the session's token, handling expiry, bans and ended sessions. */
  async function execute(attempt: Attempt, auth = true): Promise<RawResponse> {
    await ready;
    if (refreshing && auth) await refreshing.catch(() => {});
    if (apiKey) {
      const res = await attempt(auth ? apiKey : null);
      if (res.status >= 400) throw errorFromBody(res.status, res.body, res.statusText, res.header('retry-after'));
      return res;
    }
    const token = auth ? (session?.accessToken ?? null) : null;
    let res = await attempt(token);
    if (token && isExpired(res)) {
      const fresh = await refreshAfter(token);
      if (!fresh) throw new ApiError(401, SESSION_EXPIRED_MESSAGE, { code: ERROR_CODES.tokenExpired });
      res = await attempt(fresh);
      if (res.status === 401) {
        await endSession({ reason: 'expired', message: SESSION_EXPIRED_MESSAGE });
        throw errorFromBody(res.status, res.body, res.statusText);
      }
    }
    if (token && isBanned(res)) {
      await endSession({ reason: 'banned', message: MESSAGES.banned });
    } else if (token && res.status === 401) {
      // The session was ended elsewhere (logout, password reset, refresh-token reuse).
      await endSession({ reason: 'revoked', message: SESSION_EXPIRED_MESSAGE });
    }
    if (res.status >= 400) throw errorFromBody(res.status, res.body, res.statusText, res.header('retry-after'));
    return res;
  }

  const jsonAttempt =
    (method: string, path: string, r: RequestOptions): Attempt =>
    (token) => {
      const headers: Record<string, string> = { accept: 'application/json', ...r.headers, ...authHeaders(token) };
      if (r.body !== undefined) headers['content-type'] = 'application/json';
      return fetchRaw(fetcher, `${baseUrl}${path}${queryString(r.query)}`, {
        method,
        headers,
        body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
        signal: r.signal,
      });
    };

  return {
    baseUrl,
    ready,
    sessionHeaders,
    fetch: fetcher,
    deviceTokens: o.deviceTokens,
    /** Calls go with an API key: nothing to refresh. */
    usesApiKey: apiKey !== null,
    /** Selects the team the following calls act for (null: the caller's own team). */
    setTeam(id: string | null) {
      teamId = id;
    },
    getTeam: () => teamId,
    authHeaders,
    /** The current session (null until `ready` resolves or when signed out). */
    getSession: () => session,
    subscribe(listener: (s: Session | null) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSession,
    async updateSession(patch: Partial<Session>) {
      if (session) await setSession({ ...session, ...patch });
    },
    endSession,
    execute,
    /** Current access token, waiting for a refresh in flight. */
    async accessToken(): Promise<string | null> {
      if (apiKey) return apiKey;
      await ready;
      if (refreshing) await refreshing.catch(() => {});
      return session?.accessToken ?? null;
    },
    refreshAfter,
    async request<T>(method: string, path: string, r: RequestOptions = {}): Promise<T> {
      const res = await execute(jsonAttempt(method, path, r), r.auth ?? true);
      return res.body as T;
    },
  };
}
export type Core = ReturnType<typeof createCore>;
