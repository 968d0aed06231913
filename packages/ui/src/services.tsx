import { t } from '@lingui/core/macro';
import { type ApiClient, createApiClient, errorMessage, type Session, TEAM_ERROR_CODES, TWO_FACTOR_ERROR_CODES } from '@reelbase/api-client';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { createStore, useSetAtom } from 'jotai';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Platform } from './platform.ts';
import { type AlertKind, alertAtom, initialVideoListState, selectedTeamAtom, twoFactorNeededAtom, uploadsAtom, videoListAtom } from './state/atoms.ts';

export interface Services {
  platform: Platform;
  client: ApiClient;
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
}

let alertSeq = 0;

/** The app's long-lived objects: one API client, one query cache, one atom store. */
export function createServices(platform: Platform): Services {
  const store = createStore();
  const savedTeam = platform.teamSelection?.load() ?? null;
  store.set(selectedTeamAtom, savedTeam);
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(err) {
        // The team requires two-factor sign-in: the server's words, and Settings, where it is set up.
        if ((err as { code?: string }).code === TWO_FACTOR_ERROR_CODES.required) {
          store.set(alertAtom, { id: ++alertSeq, kind: 'warning', text: (err as Error).message });
          store.set(twoFactorNeededAtom, alertSeq);
          return;
        }
        // The chosen team is no longer the caller's (removed from it, or another person signed in): back to their own team.
        if ((err as { code?: string }).code === TEAM_ERROR_CODES.notMember && store.get(selectedTeamAtom) !== null) {
          store.set(selectedTeamAtom, null);
          store.set(alertAtom, { id: ++alertSeq, kind: 'warning', text: t`You are no longer a member of that team: you are back in your own team.` });
          void queryClient.invalidateQueries();
        }
      },
    }),
    defaultOptions: {
      queries: { retry: (count, err) => count < 2 && ((err as { status?: number }).status ?? 500) >= 500, staleTime: 5_000 },
      mutations: { retry: false },
    },
  });
  const client = createApiClient({
    baseUrl: platform.apiBaseUrl,
    storage: platform.tokens,
    deviceTokens: platform.deviceTokens,
    refreshTokenTransport: platform.refreshTokenTransport,
    teamId: savedTeam,
    onSignOut(event) {
      // A forced sign-out (ban, expired refresh) leaves the reason in the alert bar for /login.
      store.set(alertAtom, { id: ++alertSeq, kind: event.reason === 'banned' ? 'error' : 'warning', text: event.message });
      resetUserState(store, queryClient);
    },
  });
  // One place turns the chosen team into X-Team-Id and keeps it across reloads.
  store.sub(selectedTeamAtom, () => {
    const teamId = store.get(selectedTeamAtom);
    client.setTeam(teamId);
    platform.teamSelection?.save(teamId);
  });
  return { platform, client, queryClient, store };
}

/** Forgets everything of the signed-out user. */
export function resetUserState(store: Services['store'], queryClient: QueryClient) {
  queryClient.clear();
  store.set(videoListAtom, initialVideoListState);
  store.set(uploadsAtom, []);
  store.set(selectedTeamAtom, null);
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices needs <ReelbaseApp>');
  return s;
}
export const useClient = () => useServices().client;
export const usePlatform = () => useServices().platform;

/** The current session, re-rendering on sign-in, refresh and sign-out. */
export function useSession(): Session | null {
  const { client } = useServices();
  return useSyncExternalStore(client.subscribe, client.getSession, client.getSession);
}

/**
 * Shows a message in the top alert bar (cleared after 6 s, and when the user goes to another page).
 * `follow`: the caller goes to another page right after, and the message goes along to it.
 */
export function useAlert() {
  const set = useSetAtom(alertAtom);
  return useCallback((kind: AlertKind, text: string, opts: { follow?: boolean } = {}) => set({ id: ++alertSeq, kind, text, ...(opts.follow && { follow: true }) }), [set]);
}

/** Copies text to the clipboard and says so in the alert bar (or why it could not). */
export function useCopyText() {
  const platform = usePlatform();
  const alert = useAlert();
  return useCallback(
    async (text: string) => {
      try {
        await platform.copyText(text);
        alert('success', t`Copied!`);
      } catch (err) {
        alert('error', errorMessage(err));
      }
    },
    [platform, alert],
  );
}
