import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, type PlanDuration } from '@reelbase/api-client';
import { Button, Card, Col, Empty, Flex, Result, Row, Segmented, Skeleton, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { findVariant, hasLivePlan, type PlanVariantRef, planChangeKind, planTitle } from '../../lib/billing.ts';
import { usePlans, useProfile, useSubscription } from '../../queries.ts';
import { PlanBadge } from '../admin/plan-badge.tsx';
import { PlanLimits, PlanPrice } from './plan-limits.tsx';
import { ChangePlanModal, SubscribeModal } from './plan-modals.tsx';
import { durationLabel } from './texts.ts';

const currentWith = (d: PlanDuration) => {
  const duration = durationLabel(d);
  return t`Current plan (${duration})`;
};

/**
 * The change-tariff screen: bronze, silver and gold side by side in their monthly or yearly price,
 * with what each grants and the current plan marked. Choosing another plan opens the change-plan
 * modal (a live plan) or the payment detail modal (no plan yet).
 */
export function ChangeTariffPage() {
  const plans = usePlans();
  const sub = useSubscription();
  const profile = useProfile().data;
  const { token } = theme.useToken();
  const current = findVariant(plans.data?.items ?? [], sub.data?.plan?.id);
  const [duration, setDuration] = useState<PlanDuration | null>(null);
  const shown = duration ?? current?.duration ?? '1m';
  const [changeTo, setChangeTo] = useState<PlanVariantRef | null>(null);
  const [subscribeTo, setSubscribeTo] = useState<PlanVariantRef | null>(null);
  const live = hasLivePlan(sub.data);

  function choose(v: PlanVariantRef) {
    if (live && current) setChangeTo(v);
    else setSubscribeTo(v);
  }

  return (
    <>
      <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
          <Trans>Change tariff</Trans>
        </Typography.Title>
        <Segmented<PlanDuration>
          aria-label={t`Billing period`}
          value={shown}
          onChange={setDuration}
          options={(['1m', '1y'] as const).map((d) => ({ value: d, label: durationLabel(d) }))}
        />
      </Flex>
      {plans.error ? (
        <Result status="error" title={t`The plans could not be loaded`} subTitle={errorMessage(plans.error)} />
      ) : plans.isLoading || sub.isLoading ? (
        <Row gutter={[24, 24]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} md={8}>
              <Card>
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : !plans.data?.items.length ? (
        <Empty description={t`No plans are offered right now.`} />
      ) : (
        <Row gutter={[24, 24]}>
          {plans.data.items.map((plan) => {
            const variant = plan.variants.find((v) => v.duration === shown);
            if (!variant) return null;
            const ref: PlanVariantRef = { id: variant.id, name: plan.name, duration: variant.duration, price: variant.price };
            const isCurrent = current?.id === variant.id && live;
            const isCurrentPlan = current?.name === plan.name && live;
            const kind = live && current ? planChangeKind(current, ref) : null;
            // A downgrade waits for the period's end; choosing the current plan again undoes it.
            const undo = isCurrent && !!sub.data?.pendingPlanId;
            const pendingHere = sub.data?.pendingPlanId === variant.id;
            const name = planTitle(plan.name);
            return (
              <Col key={plan.name} xs={24} md={8}>
                <Card
                  data-testid={`plan-${plan.name}`}
                  aria-current={isCurrent || undefined}
                  style={{ height: '100%', borderColor: isCurrentPlan ? token.colorPrimary : undefined, borderWidth: isCurrentPlan ? 2 : 1 }}
                  styles={{ body: { display: 'flex', flexDirection: 'column', gap: 16, height: '100%' } }}
                >
                  <Flex align="center" gap={10} wrap>
                    <PlanBadge plan={plan.name} />
                    <h2 style={{ fontSize: 20, margin: 0 }}>{name}</h2>
                    {isCurrentPlan && <Tag color="blue">{isCurrent ? t`Current plan` : currentWith(current.duration)}</Tag>}
                  </Flex>
                  <PlanPrice plan={plan} variant={variant} />
                  <PlanLimits plan={plan} />
                  <div style={{ marginTop: 'auto' }}>
                    <Button block type={isCurrent && !undo ? 'default' : 'primary'} disabled={(isCurrent && !undo) || !profile} onClick={() => choose(ref)}>
                      {isCurrent ? (undo ? t`Keep ${name}` : t`Your plan`) : kind === 'upgrade' ? t`Upgrade to ${name}` : kind === 'downgrade' ? t`Switch to ${name}` : t`Choose ${name}`}
                    </Button>
                    {pendingHere && <Typography.Text type="secondary">{t`Starts when your current period ends.`}</Typography.Text>}
                  </div>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        <Trans>
          Upgrades start at once and are pro-rated; downgrades start when the period you paid for ends. Plans renew automatically; see the{' '}
          <Link to="/terms-of-use">Terms of Use</Link> for cancellation and the money-back guarantee. <Link to="/usage">View your usage</Link>.
        </Trans>
      </Typography.Paragraph>
      {sub.data && current && <ChangePlanModal sub={sub.data} from={current} to={changeTo} onClose={() => setChangeTo(null)} />}
      {profile && <SubscribeModal profile={profile} plan={subscribeTo} onClose={() => setSubscribeTo(null)} />}
    </>
  );
}
