import { errorMessage, type Subscription, TERMS } from '@reelbase/api-client';
import { Button, Descriptions, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { cancelExplanation, hasLivePlan, planTitle, priceLabel, subscriptionStatusLabel, variantLabel } from '../../lib/billing.ts';
import { formatDate } from '../../lib/format.ts';
import { usePlans, useSubscription } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { PlanBadge } from '../admin/plan-badge.tsx';
import { useSubscriptionAction } from './use-billing.ts';

const STATUS_COLOURS: Record<Subscription['status'], string> = { none: 'default', active: 'green', canceling: 'orange', canceled: 'red', inactive: 'red' };

type Action = 'cancel' | 'reactivate' | 'refund';

/** Texts of the confirmations; the outcome's text is the API's answer. */
function confirmText(action: Action, sub: Subscription): string {
  if (action === 'cancel') return cancelExplanation(sub);
  if (action === 'reactivate') return `Your plan continues and renews on ${formatDate(sub.nextPaymentDate) || 'its next payment date'}.`;
  return `The ${TERMS.moneyBackDays}-day money-back guarantee refunds your first payment and cancels your plan at once.`;
}

const ACTIONS: Record<Action, { title: string; ok: string; danger: boolean }> = {
  cancel: { title: 'Cancel your plan?', ok: 'Cancel plan', danger: true },
  reactivate: { title: 'Reactivate your plan?', ok: 'Reactivate', danger: false },
  refund: { title: 'Ask for your money back?', ok: 'Refund and cancel', danger: true },
};

/** The settings' plan panel: plan, status, dates, and cancel, reactivate or refund with the terms explained first. */
export function CurrentPlan() {
  const client = useClient();
  const subscriptionAction = useSubscriptionAction();
  const { data: sub, isLoading, error } = useSubscription();
  const plans = usePlans().data?.items ?? [];
  const navigate = useNavigate();
  const [action, setAction] = useState<Action | null>(null);

  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!sub) return <Typography.Text type="danger">{error ? errorMessage(error) : 'The plan could not be loaded.'}</Typography.Text>;

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
    { key: 'status', label: 'Status', children: <Tag color={STATUS_COLOURS[sub.status]} data-testid="plan-status">{subscriptionStatusLabel(sub.status)}</Tag> },
    ...(sub.plan ? [{ key: 'price', label: 'Price', children: priceLabel(sub.plan) }] : []),
    ...(sub.startDate ? [{ key: 'start', label: 'Started', children: formatDate(sub.startDate) }] : []),
    ...(sub.nextPaymentDate && sub.status === 'active' ? [{ key: 'next', label: 'Next payment', children: <span data-testid="next-payment">{formatDate(sub.nextPaymentDate)}</span> }] : []),
    ...(sub.status === 'canceling' && sub.nextPaymentDate ? [{ key: 'ends', label: 'Active until', children: formatDate(sub.nextPaymentDate) }] : []),
    ...(sub.cancellationDate ? [{ key: 'canceled', label: 'Canceled on', children: formatDate(sub.cancellationDate) }] : []),
    ...(sub.pendingPlanId ? [{ key: 'pending', label: 'From the next period', children: variantLabel(plans, sub.pendingPlanId) }] : []),
  ];

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={10}>
        <PlanBadge plan={sub.plan?.name ?? null} />
        <Typography.Text strong style={{ fontSize: 16 }} data-testid="current-plan">
          {sub.plan ? `${planTitle(sub.plan.name)} · ${sub.plan.duration === '1y' ? 'Yearly' : 'Monthly'}` : 'No plan yet'}
        </Typography.Text>
      </Flex>
      <Descriptions column={1} size="small" items={items} />
      {sub.status === 'active' && sub.cancelDeadline && (
        <Typography.Text type="secondary">
          Cancel by {formatDate(sub.cancelDeadline)} ({TERMS.cancelNoticeDays} days before renewal) to stop the next payment.
        </Typography.Text>
      )}
      <Flex gap={8} wrap>
        <Button type="primary" onClick={() => navigate('/change-tariff')}>
          {live ? 'Change plan' : 'Choose a plan'}
        </Button>
        {sub.status === 'active' && (
          <Button danger onClick={() => setAction('cancel')}>
            Cancel plan
          </Button>
        )}
        {sub.status === 'canceling' && <Button onClick={() => setAction('reactivate')}>Reactivate</Button>}
        {refundable && <Button onClick={() => setAction('refund')}>Money-back guarantee</Button>}
      </Flex>
      <Modal
        title={action ? ACTIONS[action].title : ''}
        open={!!action}
        okText={action ? ACTIONS[action].ok : 'OK'}
        cancelText="Keep my plan"
        okButtonProps={{ danger: action ? ACTIONS[action].danger : false, loading: subscriptionAction.busy }}
        onOk={run}
        onCancel={() => setAction(null)}
      >
        {action && <p data-testid="plan-action-explanation">{confirmText(action, sub)}</p>}
      </Modal>
    </Flex>
  );
}
