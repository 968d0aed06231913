import { isSession, type Session, type TokenStorage } from '@reelbase/api-client';
import { type Platform, pickFiles } from '@reelbase/ui';
import { popupSignIn } from './social-popup.ts';

export const SESSION_KEY = 'reelbase.session';
export const TEAM_KEY = 'reelbase.team';

/**
 * The session in localStorage (spec section 4), shared by the tabs of this origin: the access
 * token (15 minutes) and the flags. The refresh token is not there: the server keeps it in an
 * HttpOnly cookie that only POST /auth/refresh receives, so a script on the page cannot take it.
 */
export function localStorageTokens(storage: Storage = window.localStorage, key = SESSION_KEY): TokenStorage {
  return {
    load() {
      try {
        const raw = storage.getItem(key);
        const value: unknown = raw ? JSON.parse(raw) : null;
        return isSession(value) ? (value as Session) : null;
      } catch {
        return null;
      }
    },
    save(session) {
      if (session) storage.setItem(key, JSON.stringify(session));
      else storage.removeItem(key);
    },
  };
}

/** The team chosen in the top bar, per browser profile (the api-client sends it as X-Team-Id). */
export function localStorageTeam(storage: Storage = window.localStorage, key = TEAM_KEY): NonNullable<Platform['teamSelection']> {
  return {
    load: () => {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    save: (teamId) => (teamId ? storage.setItem(key, teamId) : storage.removeItem(key)),
  };
}

/** navigator.clipboard where allowed, else the older selection-and-copy route. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context, or permission refused: fall through.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('The browser did not allow copying. Select the code and copy it yourself.');
}

export function browserPlatform(apiBaseUrl = ''): Platform {
  return {
    apiBaseUrl,
    tokens: localStorageTokens(),
    teamSelection: localStorageTeam(),
    refreshTokenTransport: 'cookie',
    pickFiles,
    copyText,
    openWindow: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    socialToken: (provider, settings) => popupSignIn(provider, settings),
    router: 'browser',
  };
}
