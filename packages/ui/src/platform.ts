import type { DeviceTokenStorage, TokenStorage } from '@reelbase/api-client';
import type { ProviderSettings, SocialProvider } from './lib/social-sign-in.ts';

export interface PickFilesOptions {
  /** An accept list as for <input type=file>, e.g. "video/*" or "image/png,image/jpeg". */
  accept: string;
  multiple?: boolean;
}

/**
 * Everything the screens need from the platform, in one object passed to <ReelbaseApp>. The web
 * app gives browser versions (localStorage, <input type=file>, navigator.clipboard, window.open);
 * the desktop app gives its own (keychain, native dialogs), and every screen is shared.
 */
export interface Platform {
  /** Origin of the API; '' when the app is served by the API itself (or proxied to it). */
  apiBaseUrl: string;
  /** Where the session (tokens and flags) is kept. */
  tokens: TokenStorage;
  /** Where an app without cookies (the desktop) keeps its device token across sign-outs; browsers use the server's cookie. */
  deviceTokens?: DeviceTokenStorage;
  /** 'cookie' where the server may keep the refresh token in an HttpOnly cookie (the browser); default 'body'. */
  refreshTokenTransport?: 'body' | 'cookie';
  /** Lets the user choose files; resolves with none when they cancel. */
  pickFiles(options: PickFilesOptions): Promise<File[]>;
  copyText(text: string): Promise<void>;
  openWindow(url: string): void;
  /**
   * Google or Facebook sign-in with the server's settings for that provider: resolves with the
   * provider's token (and, for Google, the nonce it was asked to carry); absent where the platform
   * cannot run a provider's flow.
   */
  socialToken?(provider: SocialProvider, settings: ProviderSettings): Promise<{ token: string; nonce?: string }>;
  /** Where the team chosen in the top bar is kept across reloads (null: the caller's own team); absent, each start opens the own team. */
  teamSelection?: { load(): string | null; save(teamId: string | null): void };
  /** 'browser' (history API, the default), 'hash' (file:// in the desktop app) or 'memory' (tests). */
  router?: 'browser' | 'hash' | 'memory';
  /** First location for the memory router. */
  initialPath?: string;
}
