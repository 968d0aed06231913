import { t as tr } from '@lingui/core/macro';
import type { ReviewDecisionKind } from '@reelbase/api-client';

/** A decision in words, for the reviewer's page and the team's panel. */
export const decisionText = (d: ReviewDecisionKind, name: string) => (d === 'approved' ? tr`Approved by ${name}` : tr`Changes requested by ${name}`);
