import { t } from '@lingui/core/macro';
import { errorMessage, type PlanDuration } from '@reelbase/api-client';
import { Alert, Flex, Segmented, Skeleton, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { findVariant, planTitle } from '../../lib/billing.ts';
import { usePlans } from '../../queries.ts';
import { PlanBadge } from '../admin/plan-badge.tsx';
import { PlanLimits, PlanPrice } from '../billing/plan-limits.tsx';
import { durationLabel, priceLabel } from '../billing/texts.ts';

/**
 * Sign-up's plan: the plans as the change-tariff screen shows them (badge, price by month or year,
 * what each grants) as radio cards, and "Decide later" (the account starts without a plan, as
 * before, and chooses one after signing in). `off` says why no plan can be paid here (PayPal's
 * plan is approved at PayPal after sign-in); the cards are then disabled.
 */
export function PlanChoice(props: { value: string | null; onChange(id: string | null): void; off?: ReactNode }) {
  const plans = usePlans();
  const { token } = theme.useToken();
  const items = plans.data?.items ?? [];
  const chosen = findVariant(items, props.value);
  const [duration, setDuration] = useState<PlanDuration>(chosen?.duration ?? '1m');

  /** Month or Year: a chosen plan stays chosen, in the other billing period. */
  function showDuration(d: PlanDuration) {
    setDuration(d);
    const same = chosen && items.find((p) => p.name === chosen.name)?.variants.find((v) => v.duration === d);
    if (same) props.onChange(same.id);
  }

  const box = (checked: boolean, disabled: boolean) => ({
    display: 'flex',
    flexDirection: 'column' as const,
    gap: 12,
    padding: 16,
    borderRadius: token.borderRadiusLG,
    border: `${checked ? 2 : 1}px solid ${checked ? token.colorPrimary : token.colorBorderSecondary}`,
    background: checked ? token.colorPrimaryBg : token.colorBgContainer,
    cursor: disabled ? 'not-allowed' : 'pointer',
    opacity: disabled ? 0.55 : 1,
  });
  const off = !!props.off;

  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 20px', minWidth: 0 }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t`Plan`}</legend>
      <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{off ? t`Choose it after signing in.` : t`Paid now with your card, renewing automatically. You can change it at any time.`}</Typography.Text>
        <Segmented<PlanDuration>
          aria-label={t`Billing period`}
          value={duration}
          onChange={showDuration}
          disabled={off}
          options={(['1m', '1y'] as const).map((d) => ({ value: d, label: durationLabel(d) }))}
        />
      </Flex>
      {plans.error ? (
        <Alert type="error" showIcon title={t`The plans could not be loaded: ${errorMessage(plans.error)}. You can register now and choose a plan after signing in.`} />
      ) : plans.isLoading ? (
        <Skeleton active />
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: 12 }}>
          {items.map((plan) => {
            const variant = plan.variants.find((v) => v.duration === duration);
            if (!variant) return null;
            const checked = props.value === variant.id;
            return (
              <label key={plan.name} data-testid={`signup-plan-${plan.name}`} style={box(checked, off)}>
                <Flex align="center" gap={10}>
                  <input
                    type="radio"
                    name="signup-plan"
                    value={variant.id}
                    checked={checked}
                    disabled={off}
                    onChange={() => props.onChange(variant.id)}
                    aria-label={`${planTitle(plan.name)}, ${priceLabel(variant)}`}
                  />
                  <PlanBadge plan={plan.name} />
                  <span style={{ fontSize: 18, fontWeight: 600 }}>{planTitle(plan.name)}</span>
                </Flex>
                <PlanPrice plan={plan} variant={variant} fontSize={22} />
                <PlanLimits plan={plan} />
              </label>
            );
          })}
        </div>
      )}
      <label style={{ ...box(props.value === null, false), flexDirection: 'row', alignItems: 'center', marginTop: 12, padding: '10px 16px' }}>
        <input type="radio" name="signup-plan" value="" checked={props.value === null} onChange={() => props.onChange(null)} aria-label={t`Decide later`} />
        <span>
          <strong>{t`Decide later`}</strong>
          <Typography.Text type="secondary">{' '}{t`— register without a plan and choose one after signing in.`}</Typography.Text>
        </span>
      </label>
      {props.off && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {props.off}
        </Typography.Paragraph>
      )}
    </fieldset>
  );
}
