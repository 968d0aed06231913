/** What a signed-in client keeps: the tokens and the two flags the login answer carries. */
export interface Session {
  accessToken: string;
  /** Absent where the server keeps it in an HttpOnly cookie (the web app: `refreshTokenTransport: 'cookie'`). */
  refreshToken?: string;
  isAdmin: boolean;
  isPaymentMethodSet: boolean;
}

type MaybePromise<T> = T | Promise<T>;

/** Where tokens live (localStorage on the web, beside the refresh cookie; the keychain on the desktop): injected by the app. */
export interface TokenStorage {
  load(): MaybePromise<Session | null>;
  save(session: Session | null): MaybePromise<void>;
}

/**
 * Where an app without cookies keeps the device token of its last password sign-in (the desktop:
 * its keychain). It outlives sign-outs: it tells the server this device signed in before.
 */
export interface DeviceTokenStorage {
  load(): MaybePromise<string | null>;
  save(token: string): MaybePromise<void>;
}

export function memoryTokenStorage(initial: Session | null = null): TokenStorage {
  let value = initial;
  return {
    load: () => value,
    save(s) {
      value = s;
    },
  };
}

/** Why the client ended a session on its own. */
export type SignOutReason = 'expired' | 'banned' | 'revoked';
export interface SignOutEvent {
  reason: SignOutReason;
  message: string;
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export function isSession(v: unknown): v is Session {
  const s = v as Partial<Session> | null;
  return !!s && typeof s === 'object' && typeof s.accessToken === 'string' && (s.refreshToken === undefined || typeof s.refreshToken === 'string');
}
