import type { PaymentPlanList, Profile, Subscription, Usage } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { useClient, useSession } from './services.tsx';

export const keys = {
  profile: ['profile'] as const,
  authProviders: ['auth-providers'] as const,
  videos: ['videos'] as const,
  folders: ['folders'] as const,
  video: (id: string) => ['video', id] as const,
  /** The app's own players' playback answer (a preview token, not charged to the plan), per file and visibility. */
  videoPreview: (id: string, file: string) => ['video-preview', id, file] as const,
  gifs: (videoId: string) => ['gifs', videoId] as const,
  /** A video's running or last thumbnail test (issue 33). */
  thumbnailTest: (videoId: string) => ['thumbnail-test', videoId] as const,
  /** A video's caption tracks, and one track's cues (by its version, so a save shows at once). */
  captions: (videoId: string) => ['captions', videoId] as const,
  audioTracks: (videoId: string) => ['audio-tracks', videoId] as const,
  caption: (videoId: string, captionId: string, version: number) => ['captions', videoId, captionId, version] as const,
  embedSettings: (videoId: string) => ['embed-settings', videoId] as const,
  embedCode: (videoId: string, options: unknown) => ['embed-code', videoId, options] as const,
  statistics: (videoId: string, range: string) => ['statistics', videoId, range] as const,
  analyticsOverview: ['analytics-overview'] as const,
  /** Issue 33: a video's viewer sessions (a page) and engagement graph, the account trend, a lead's videos, the viewer privacy settings. */
  viewers: (videoId: string, page: number) => ['viewers', videoId, page] as const,
  engagement: (videoId: string) => ['engagement', videoId] as const,
  trend: (from: string, to: string) => ['analytics-trend', from, to] as const,
  leadVideos: (leadId: string) => ['lead-videos', leadId] as const,
  viewerSettings: ['viewer-settings'] as const,
  /** Leads of the team (no video) or of one video, by their filters. */
  leads: (videoId: string | null, filters: unknown) => ['leads', videoId, filters] as const,
  admin: ['admin'] as const,
  adminUsers: ['admin', 'users'] as const,
  adminUser: (id: string) => ['admin', 'user', id] as const,
  adminVideos: (userId: string) => ['admin', 'videos', userId] as const,
  plans: ['payment', 'plans'] as const,
  subscription: ['payment', 'subscription'] as const,
  paymentHistory: ['payment', 'history'] as const,
  usage: ['usage'] as const,
  teams: ['teams'] as const,
  teamMembers: (teamId: string) => ['team-members', teamId] as const,
  apiKeys: (teamId: string) => ['api-keys', teamId] as const,
  teamInvitations: (teamId: string) => ['team-invitations', teamId] as const,
  teamActivity: (teamId: string) => ['team-activity', teamId] as const,
  adminTeams: ['admin', 'teams'] as const,
};

/** The signed-in user's profile; refetched on focus so a ban or cancellation shows up. */
export function useProfile() {
  const client = useClient();
  const session = useSession();
  return useQuery<Profile>({
    queryKey: keys.profile,
    queryFn: () => client.profile.get(),
    enabled: !!session,
    retry: (count, err) => count < 2 && ((err as { status?: number }).status ?? 500) >= 500,
  });
}

/** The plans and their prices (they change only when an admin edits them). */
export function usePlans() {
  const client = useClient();
  return useQuery<PaymentPlanList>({ queryKey: keys.plans, queryFn: () => client.payments.plans(), staleTime: 5 * 60_000 });
}

/** The caller's subscription: plan, status, dates, payment method; `pollMs` while waiting for a change made elsewhere. */
export function useSubscription(pollMs?: number) {
  const client = useClient();
  return useQuery<Subscription>({ queryKey: keys.subscription, queryFn: () => client.payments.subscription(), refetchInterval: pollMs });
}

export function useUsage() {
  const client = useClient();
  return useQuery<Usage>({ queryKey: keys.usage, queryFn: () => client.usage.get() });
}
