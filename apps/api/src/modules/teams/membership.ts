import type { TeamRole } from '@reelbase/api-client';

/** A person's membership of one team, as the principal of a request carries it. */
export interface Membership {
  teamId: string;
  role: TeamRole;
  lastActiveAt: Date | null;
  /** The team's owner requires two-factor sign-in of its members. */
  requireTwoFactor: boolean;
}
