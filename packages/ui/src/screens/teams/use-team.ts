import { roleCan, type TeamPermission, type TeamRole, type TeamSummary } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { keys, useProfile } from '../../queries.ts';
import { useClient, useSession } from '../../services.tsx';
import { selectedTeamAtom } from '../../state/atoms.ts';

/**
 * The caller's teams with the caller's role in each (admins have none: they work in the admin area).
 * `fresh`: read again on arrival (the Team page, where an ownership offer or a role change made by
 * someone else should show).
 */
export function useTeams({ fresh = false }: { fresh?: boolean } = {}) {
  const client = useClient();
  const session = useSession();
  return useQuery({
    queryKey: keys.teams,
    queryFn: () => client.teams.list(),
    enabled: !!session && !session.isAdmin,
    staleTime: 30_000,
    ...(fresh && { refetchOnMount: 'always' as const }),
  });
}

/**
 * The team the app works in: the chosen one, or the caller's own when none is chosen or the choice
 * is no longer in the list. Undefined while the list loads.
 */
export function useCurrentTeam(): TeamSummary | undefined {
  const teams = useTeams().data;
  const selected = useAtomValue(selectedTeamAtom);
  if (!teams) return undefined;
  return teams.items.find((t) => t.id === selected) ?? teams.items.find((t) => t.id === teams.defaultTeamId) ?? teams.items[0];
}

/**
 * The caller's role in the current team. Until the list has loaded, the least (a viewer), so no
 * button shows that the role may not have; if the list cannot be read, the buttons show and the
 * server answers each call by the role it knows.
 */
export function useRole(): TeamRole {
  const teams = useTeams();
  const team = useCurrentTeam();
  if (team) return team.role;
  return teams.isError ? 'owner' : 'viewer';
}

/** Whether the caller's role in the current team allows `permission` (the contract's one table, which the API checks too). */
export function useCan(permission: TeamPermission): boolean {
  return roleCan(useRole(), permission);
}

/**
 * Whether the current team may change things: the own team's subscription is active (the profile
 * says); another team's standing is the server's to judge, and it answers each call.
 */
export function useTeamActive(): boolean {
  const team = useCurrentTeam();
  const profile = useProfile().data;
  return team && !team.isOwn ? true : !!profile?.isActive;
}

/**
 * The tools the current team's plan and flags allow: the own team's from the profile, another
 * team's from its usage (which the API answers for the team in X-Team-Id).
 */
export function useTeamFeatures(): Record<string, boolean> | undefined {
  const team = useCurrentTeam();
  const own = !team || team.isOwn;
  const profile = useProfile().data;
  const client = useClient();
  const usage = useQuery({ queryKey: keys.usage, queryFn: () => client.usage.get(), enabled: !own });
  return own ? profile?.features : usage.data?.features;
}

/** Switches the app to another team: every answer of the old one is dropped, then loaded again for the new one. */
export function useSwitchTeam() {
  const setTeam = useSetAtom(selectedTeamAtom);
  const queryClient = useQueryClient();
  const teams = useTeams().data;
  return useCallback(
    async (teamId: string | null) => {
      // The own team is the one used without X-Team-Id.
      setTeam(teamId === teams?.defaultTeamId ? null : teamId);
      // The list of teams and the caller's own profile stay; everything else belonged to the team just left.
      const kept = new Set<unknown>([keys.teams[0], keys.profile[0]]);
      queryClient.removeQueries({ predicate: (q) => !kept.has(q.queryKey[0]) });
      await queryClient.invalidateQueries();
    },
    [setTeam, queryClient, teams],
  );
}
