import { type ApiClient, createApiClient, type Session } from '@reelbase/api-client';
import { QueryClient } from '@tanstack/react-query';
import { createStore, useSetAtom } from 'jotai';
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Platform } from './platform.ts';
import { type AlertKind, alertAtom, initialVideoListState, uploadsAtom, videoListAtom } from './state/atoms.ts';

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
  const queryClient = new QueryClient({
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
    onSignOut(event) {
      // A forced sign-out (ban, expired refresh) leaves the reason in the alert bar for /login.
      store.set(alertAtom, { id: ++alertSeq, kind: event.reason === 'banned' ? 'error' : 'warning', text: event.message });
      resetUserState(store, queryClient);
    },
  });
  return { platform, client, queryClient, store };
}

/** Forgets everything of the signed-out user. */
export function resetUserState(store: Services['store'], queryClient: QueryClient) {
  queryClient.clear();
  store.set(videoListAtom, initialVideoListState);
  store.set(uploadsAtom, []);
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
