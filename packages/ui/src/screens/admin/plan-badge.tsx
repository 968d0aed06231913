import { t } from '@lingui/core/macro';
import type { PlanName } from '@reelbase/api-client';
import { planTitle } from '../../lib/billing.ts';

const GRADIENTS: Record<PlanName, string> = {
  bronze: 'linear-gradient(135deg, #e2a66b 0%, #a0582a 100%)',
  silver: 'linear-gradient(135deg, #eef1f4 0%, #8e99a4 100%)',
  gold: 'linear-gradient(135deg, #ffe27a 0%, #c99400 100%)',
};

/** A plan as a round gradient badge carrying its first letter (spec: Plan names); a dash without a plan. */
export function PlanBadge({ plan }: { plan: PlanName | null }) {
  if (!plan) return <span title={t`No plan`}>—</span>;
  const name = planTitle(plan);
  return (
    <span
      role="img"
      aria-label={t`${name} plan`}
      title={plan}
      data-plan={plan}
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        width: 28,
        height: 28,
        borderRadius: '50%',
        background: GRADIENTS[plan],
        color: plan === 'silver' ? '#2b3440' : '#fff',
        fontWeight: 700,
        fontSize: 13,
        textShadow: plan === 'silver' ? 'none' : '0 1px 1px rgba(0,0,0,.35)',
        boxShadow: 'inset 0 0 0 1px rgba(0,0,0,.12)',
      }}
    >
      {plan[0]?.toUpperCase()}
    </span>
  );
}
