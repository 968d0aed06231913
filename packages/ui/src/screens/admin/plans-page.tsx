import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { EditOutlined } from '@ant-design/icons';
import { errorMessage, FEATURE_FLAGS, type FeatureFlag, type PaymentPlan } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, InputNumber, Modal, Result, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatBytes, formatPrice, planTitle } from '../../lib/billing.ts';
import { keys, usePlans } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { featureLabel } from './features.ts';
import { PlanBadge } from './plan-badge.tsx';

const GB = 1024 ** 3;
const toGb = (bytes: number) => Math.round((bytes / GB) * 100) / 100;
const fromGb = (gb: number) => Math.round(gb * GB);

interface LevelValues {
  /** One price per duration, by variant id. */
  prices: Record<string, number | null>;
  storageGb: number | null;
  bandwidthGb: number | null;
  videoGeneratorCredits: number | null;
  membersLimit: number | null;
  features: FeatureFlag[];
}

const initialValues = (plan: PaymentPlan): LevelValues => ({
  prices: Object.fromEntries(plan.variants.map((v) => [v.id, v.price])),
  storageGb: toGb(plan.limits.storageBytes),
  bandwidthGb: toGb(plan.limits.bandwidthBytesPerMonth),
  videoGeneratorCredits: plan.limits.videoGeneratorCredits,
  membersLimit: plan.limits.membersLimit,
  features: FEATURE_FLAGS.filter((f) => plan.limits.features[f]),
});

/**
 * The spec's "Change level" modal: one plan level's prices (each duration) and limits. Limits are
 * the plan's, whichever variant carries them; each price is its variant's. Running subscriptions
 * keep their price until they change plan (the API's rule).
 */
function ChangeLevelModal({ plan, onClose }: { plan: PaymentPlan | null; onClose(): void }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LevelValues>();
  const [busy, setBusy] = useState(false);

  async function submit(v: LevelValues) {
    if (!plan) return;
    setBusy(true);
    try {
      const [first, ...rest] = plan.variants;
      const limits = {
        storageBytes: fromGb(v.storageGb ?? 0),
        bandwidthBytesPerMonth: fromGb(v.bandwidthGb ?? 0),
        videoGeneratorCredits: v.videoGeneratorCredits ?? 0,
        membersLimit: v.membersLimit ?? 1,
        features: Object.fromEntries(FEATURE_FLAGS.map((f) => [f, v.features.includes(f)])),
      };
      let list = await client.payments.updatePlan(first.id, { ...limits, price: v.prices[first.id] ?? first.price });
      for (const variant of rest) {
        const price = v.prices[variant.id];
        if (price != null && price !== variant.price) list = await client.payments.updatePlan(variant.id, { price });
      }
      queryClient.setQueryData(keys.plans, list);
      const title = planTitle(plan.name);
      alert('success', t`${title} saved.`);
      onClose();
    } catch (err) {
      const fields = (err as { errors?: Record<string, string> }).errors ?? {};
      const map: Record<string, keyof LevelValues> = { storageBytes: 'storageGb', bandwidthBytesPerMonth: 'bandwidthGb', videoGeneratorCredits: 'videoGeneratorCredits', membersLimit: 'membersLimit', features: 'features' };
      form.setFields(Object.entries(fields).flatMap(([k, m]) => (map[k] ? [{ name: map[k], errors: [m] }] : [])));
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const required = { required: true, message: t`Enter a number.` };
  const title = plan ? planTitle(plan.name) : '';
  return (
    <Modal
      title={t`Change level`}
      open={!!plan}
      onCancel={onClose}
      okText={t`Save changes`}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'change-level' }}
      destroyOnHidden
    >
      {plan && (
        <Form<LevelValues> form={form} id="change-level" name="change-level" layout="vertical" requiredMark={false} initialValues={initialValues(plan)} onFinish={submit}>
          <Typography.Paragraph>
            <PlanBadge plan={plan.name} />{' '}
            <Trans>{title}. New prices apply to new subscriptions and plan changes; running subscriptions keep theirs until they change plan.</Trans>
          </Typography.Paragraph>
          {plan.variants.map((variant) => (
            <Form.Item key={variant.id} label={variant.duration === '1y' ? t`Price a year ($)` : t`Price a month ($)`} name={['prices', variant.id]} rules={[required]}>
              <InputNumber min={0} max={100_000} step={0.01} precision={2} style={{ width: 160 }} />
            </Form.Item>
          ))}
          <Form.Item label={t`Storage (GB)`} name="storageGb" rules={[required]}>
            <InputNumber min={0.01} step={1} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label={t`Bandwidth a month (GB)`} name="bandwidthGb" rules={[required]}>
            <InputNumber min={0.01} step={1} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label={t`Team members`} name="membersLimit" rules={[required]} extra={t`Seats, the owner included. Teams above a lowered limit keep their members but cannot invite more.`}>
            <InputNumber min={1} max={10_000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label={t`Video generator credits`} name="videoGeneratorCredits" rules={[required]} extra={t`Not shown to customers until something spends them.`}>
            <InputNumber min={0} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label={t`Tools`} name="features">
            <Checkbox.Group options={FEATURE_FLAGS.map((f) => ({ value: f, label: featureLabel(f) }))} style={{ display: 'grid', gap: 4 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The admin's plans: each level's prices and limits, and "Change level" to edit them. */
export function AdminPlansPage() {
  const plans = usePlans();
  const [editing, setEditing] = useState<PaymentPlan | null>(null);
  const price = (p: PaymentPlan, d: '1m' | '1y') => {
    const v = p.variants.find((x) => x.duration === d);
    return v ? formatPrice(v.price) : '—';
  };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        <Trans>Plans</Trans>
      </Typography.Title>
      {plans.error ? (
        <Result status="error" title={t`The plans could not be loaded`} subTitle={errorMessage(plans.error)} />
      ) : plans.isLoading ? (
        <Skeleton active />
      ) : (
        <Table<PaymentPlan>
          rowKey="name"
          pagination={false}
          dataSource={plans.data?.items ?? []}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t`Level`, key: 'name', render: (_, p) => <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}><PlanBadge plan={p.name} /> {planTitle(p.name)}</span> },
            { title: t`Price a month`, key: 'month', render: (_, p) => price(p, '1m') },
            { title: t`Price a year`, key: 'year', render: (_, p) => price(p, '1y') },
            { title: t`Storage`, key: 'storage', render: (_, p) => formatBytes(p.limits.storageBytes) },
            { title: t`Bandwidth a month`, key: 'bandwidth', render: (_, p) => formatBytes(p.limits.bandwidthBytesPerMonth) },
            { title: t`Team members`, key: 'members', render: (_, p) => p.limits.membersLimit },
            { title: t`Credits`, key: 'credits', render: (_, p) => p.limits.videoGeneratorCredits },
            { title: t`Tools`, key: 'features', render: (_, p) => <div style={{ maxWidth: 240, whiteSpace: 'normal' }}>{FEATURE_FLAGS.filter((f) => p.limits.features[f]).map(featureLabel).join(', ') || t`None`}</div> },
            {
              title: <span className="rb-sr-only">{t`Actions`}</span>,
              key: 'edit',
              render: (_, p) => {
                const name = planTitle(p.name);
                return (
                  <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(p)} aria-label={t`Change level ${name}`}>
                    {t`Change level`}
                  </Button>
                );
              },
            },
          ]}
        />
      )}
      <ChangeLevelModal plan={editing} onClose={() => setEditing(null)} />
    </>
  );
}
