import { memoryTokenStorage } from '@reelbase/api-client';
import { describe, expect, it } from 'vitest';
import type { Platform } from '../src/platform.ts';
import { createServices, resetUserState } from '../src/services.tsx';
import { selectedTeamAtom } from '../src/state/atoms.ts';

/** A platform whose team choice lives in `saved` (a browser's localStorage across reloads). */
function platformWith(saved: { value: string | null }): Platform {
  return {
    apiBaseUrl: 'http://127.0.0.1:9',
    tokens: memoryTokenStorage(),
    teamSelection: {
      load: () => saved.value,
      save(id) {
        saved.value = id;
      },
    },
    pickFiles: async () => [],
    copyText: async () => {},
    openWindow: () => {},
    router: 'memory',
  };
}

describe('the chosen team', () => {
  it('goes to the api-client (X-Team-Id) and the platform storage at once, and a new start (a reload) picks it up', () => {
    const saved = { value: null as string | null };
    const first = createServices(platformWith(saved));
    expect(first.client.getTeam()).toBeNull();
    first.store.set(selectedTeamAtom, 'team-b');
    expect(first.client.getTeam()).toBe('team-b');
    expect(saved.value).toBe('team-b');

    const reloaded = createServices(platformWith(saved));
    expect(reloaded.store.get(selectedTeamAtom)).toBe('team-b');
    expect(reloaded.client.getTeam()).toBe('team-b');
  });

  it('is forgotten on sign-out, so the next person starts in their own team', () => {
    const saved = { value: 'team-b' as string | null };
    const services = createServices(platformWith(saved));
    resetUserState(services.store, services.queryClient);
    expect(services.client.getTeam()).toBeNull();
    expect(saved.value).toBeNull();
  });
});
