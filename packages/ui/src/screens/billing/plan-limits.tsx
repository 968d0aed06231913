import { plural, t } from '@lingui/core/macro';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { FEATURE_FLAGS, type PaymentPlan, type PaymentPlanVariant } from '@reelbase/api-client';
import { Typography } from 'antd';
import { formatBytes, monthsFreeWithYear } from '../../lib/billing.ts';
import { featureLabel } from '../admin/features.ts';
import { priceLabel } from './texts.ts';

/** Seats as the plan cards and the admin's table say them (the owner counts as one). */
export const membersText = (limit: number) => (limit <= 1 ? t`Just you (no team members)` : t`Team of up to ${limit} members`);

/**
 * What a plan grants, as the cards list it: storage, bandwidth, and every tool, included or not,
 * so the cards side by side show what differs. Only what the product delivers is listed (video
 * generator credits stay an admin setting until something spends them).
 */
export function PlanLimits({ plan }: { plan: PaymentPlan }) {
  const l = plan.limits;
  const storage = formatBytes(l.storageBytes);
  const bandwidth = formatBytes(l.bandwidthBytesPerMonth);
  const rows: { text: string; included: boolean }[] = [
    { text: t`${storage} storage`, included: true },
    { text: t`${bandwidth} bandwidth a month`, included: true },
    { text: membersText(l.membersLimit), included: true },
    ...FEATURE_FLAGS.map((f) => ({ text: featureLabel(f), included: l.features[f] === true })),
  ];
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}>
      {rows.map((r) => (
        <li key={r.text} style={r.included ? undefined : { color: 'rgba(0,0,0,.45)' }}>
          {r.included ? (
            <CheckOutlined aria-hidden style={{ color: '#22A9E0', marginInlineEnd: 8 }} />
          ) : (
            <CloseOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
          )}
          {r.included ? r.text : <><span className="rb-sr-only">{t`Not included:`} </span><s>{r.text}</s></>}
        </li>
      ))}
    </ul>
  );
}

/** A variant's price as the plan cards show it, with the months a yearly price saves. */
export function PlanPrice({ plan, variant, fontSize = 28 }: { plan: PaymentPlan; variant: PaymentPlanVariant; fontSize?: number }) {
  const free = monthsFreeWithYear(plan);
  return (
    <div>
      <div style={{ fontSize, fontWeight: 700 }} data-testid="plan-price">
        {priceLabel(variant)}
      </div>
      {variant.duration === '1y' && free > 0 && <Typography.Text type="success">{plural(free, { one: '# month free against paying monthly', other: '# months free against paying monthly' })}</Typography.Text>}
    </div>
  );
}
