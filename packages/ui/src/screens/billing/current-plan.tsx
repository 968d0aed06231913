import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { errorMessage, type Subscription, TERMS } from '@reelbase/api-client';
import { Button, Descriptions, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { hasLivePlan, planTitle } from '../../lib/billing.ts';
import { formatDate } from '../../lib/format.ts';
import { usePlans, useSubscription } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { PlanBadge } from '../admin/plan-badge.tsx';
import { cancelExplanation, priceLabel, subscriptionStatusLabel, variantLabel } from './texts.ts';
import { useSubscriptionAction } from './use-billing.ts';
import { i18n } from '../../i18n/index.ts';

const STATUS_COLOURS: Record<Subscription['status'], string> = { none: 'default', active: 'green', canceling: 'orange', canceled: 'red', inactive: 'red' };

type Action = 'cancel' | 'reactivate' | 'refund';

/** Texts of the confirmations; the outcome's text is the API's answer. */
function confirmText(action: Action, sub: Subscription): string {
  if (action === 'cancel') return cancelExplanation(sub);
  if (action === 'reactivate') {
    const date = formatDate(sub.nextPaymentDate);
    return date ? t`Your plan continues and renews on ${date}.` : t`Your plan continues and renews on its next payment date.`;
  }
  const days = TERMS.moneyBackDays;
  return t`The ${days}-day money-back guarantee refunds your first payment and cancels your plan at once.`;
}

const ACTIONS: Record<Action, { title: MessageDescriptor; ok: MessageDescriptor; danger: boolean }> = {
  cancel: { title: msg`Cancel your plan?`, ok: msg`Cancel plan`, danger: true },
  reactivate: { title: msg`Reactivate your plan?`, ok: msg`Reactivate`, danger: false },
  refund: { title: msg`Ask for your money back?`, ok: msg`Refund and cancel`, danger: true },
};

function cancelBy(deadline: string) {
  const date = formatDate(deadline);
  const days = TERMS.cancelNoticeDays;
  return t`Cancel by ${date} (${days} days before renewal) to stop the next payment.`;
}

/** The settings' plan panel: plan, status, dates, and cancel, reactivate or refund with the terms explained first. */
export function CurrentPlan() {
  const client = useClient();
  const subscriptionAction = useSubscriptionAction();
  const { data: sub, isLoading, error } = useSubscription();
  const plans = usePlans().data?.items ?? [];
  const navigate = useNavigate();
  const [action, setAction] = useState<Action | null>(null);

  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!sub) return <Typography.Text type="danger">{error ? errorMessage(error) : t`The plan could not be loaded.`}</Typography.Text>;

  async function run() {
    if (!action) return;
    await subscriptionAction.run(
      () => (action === 'cancel' ? client.payments.cancel() : action === 'reactivate' ? client.payments.reactivate() : client.payments.refund()),
      () => setAction(null),
    );
  }

  const live = hasLivePlan(sub);
  const refundable = !!sub.refundableUntil && new Date(sub.refundableUntil).getTime() > Date.now() && live;
  const items = [
    { key: 'status', label: t`Status`, children: <Tag color={STATUS_COLOURS[sub.status]} data-testid="plan-status">{subscriptionStatusLabel(sub.status)}</Tag> },
    ...(sub.plan ? [{ key: 'price', label: t`Price`, children: priceLabel(sub.plan) }] : []),
    ...(sub.startDate ? [{ key: 'start', label: t`Started`, children: formatDate(sub.startDate) }] : []),
    ...(sub.nextPaymentDate && sub.status === 'active' ? [{ key: 'next', label: t`Next payment`, children: <span data-testid="next-payment">{formatDate(sub.nextPaymentDate)}</span> }] : []),
    ...(sub.status === 'canceling' && sub.nextPaymentDate ? [{ key: 'ends', label: t`Active until`, children: formatDate(sub.nextPaymentDate) }] : []),
    ...(sub.cancellationDate ? [{ key: 'canceled', label: t`Canceled on`, children: formatDate(sub.cancellationDate) }] : []),
    ...(sub.pendingPlanId ? [{ key: 'pending', label: t`From the next period`, children: variantLabel(plans, sub.pendingPlanId) }] : []),
  ];

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={10}>
        <PlanBadge plan={sub.plan?.name ?? null} />
        <Typography.Text strong style={{ fontSize: 16 }} data-testid="current-plan">
          {sub.plan ? `${planTitle(sub.plan.name)} · ${sub.plan.duration === '1y' ? t`Yearly` : t`Monthly`}` : t`No plan yet`}
        </Typography.Text>
      </Flex>
      <Descriptions column={1} size="small" items={items} />
      {sub.status === 'active' && sub.cancelDeadline && (
        <Typography.Text type="secondary">
          {cancelBy(sub.cancelDeadline)}
        </Typography.Text>
      )}
      <Flex gap={8} wrap>
        <Button type="primary" onClick={() => navigate('/change-tariff')}>
          {live ? t`Change plan` : t`Choose a plan`}
        </Button>
        {sub.status === 'active' && (
          <Button danger onClick={() => setAction('cancel')}>
            {t`Cancel plan`}
          </Button>
        )}
        {sub.status === 'canceling' && <Button onClick={() => setAction('reactivate')}>{t`Reactivate`}</Button>}
        {refundable && <Button onClick={() => setAction('refund')}>{t`Money-back guarantee`}</Button>}
      </Flex>
      <Modal
        title={action ? i18n._(ACTIONS[action].title) : ''}
        open={!!action}
        okText={action ? i18n._(ACTIONS[action].ok) : 'OK'}
        cancelText={t`Keep my plan`}
        okButtonProps={{ danger: action ? ACTIONS[action].danger : false, loading: subscriptionAction.busy }}
        onOk={run}
        onCancel={() => setAction(null)}
      >
        {action && <p data-testid="plan-action-explanation">{confirmText(action, sub)}</p>}
      </Modal>
    </Flex>
  );
}
