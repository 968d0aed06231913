import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, FEATURE_FLAGS, type Usage } from '@reelbase/api-client';
import { Button, Card, Col, Descriptions, Empty, Flex, Progress, Result, Row, Skeleton, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatBytes, planTitle, usagePercent } from '../../lib/billing.ts';
import { useUsage } from '../../queries.ts';
import { featureLabel } from '../admin/features.ts';
import { PlanBadge } from '../admin/plan-badge.tsx';
import { monthLabel } from './texts.ts';

// The charts library loads after the figures, with this chart only.
const UsageChart = lazy(() => import('./usage-chart.tsx'));

function Meter({ title, used, limit, testId, note }: { title: string; used: number; limit: number; testId: string; note: string }) {
  const percent = usagePercent(used, limit);
  const limitText = formatBytes(limit);
  const share = `${percent} %`;
  return (
    <Card title={<h2 style={{ fontSize: 17, margin: 0 }}>{title}</h2>} data-testid={testId} style={{ height: '100%' }}>
      <div style={{ fontSize: 22, fontWeight: 600 }}>
        <span data-testid={`${testId}-used`}>{formatBytes(used)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400 }}>
          {' '}
          {t`of ${limitText}`}
        </Typography.Text>
      </div>
      <Progress percent={percent} status={percent >= 100 ? 'exception' : 'normal'} aria-label={t`${title}: ${share} used`} />
      <Typography.Text type="secondary">{note}</Typography.Text>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return <Card title={<h2 style={{ fontSize: 17, margin: 0 }}>{title}</h2>}>{children}</Card>;
}

function UsageView({ usage }: { usage: Usage }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const months = usage.bandwidth.months;
  const features = FEATURE_FLAGS.filter((f) => usage.features[f]).map(featureLabel);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={12}>
        <Meter title={t`Storage`} testId="storage" used={usage.storage.usedBytes} limit={usage.storage.limitBytes} note={t`Every file of your videos, GIFs and images counts.`} />
      </Col>
      <Col xs={24} md={12}>
        <Meter title={t`Bandwidth this month`} testId="bandwidth" used={usage.bandwidth.thisMonthBytes} limit={usage.bandwidth.limitBytesPerMonth} note={t`What your viewers have streamed since the 1st (UTC).`} />
      </Col>
      <Col xs={24} lg={16}>
        <Section title={t`Bandwidth per month`}>
          {months.length && months.some((m) => m.bytes > 0) ? (
            <>
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
                <UsageChart months={months} limit={usage.bandwidth.limitBytesPerMonth} color={token.colorPrimary} />
              </Suspense>
              <table className="rb-sr-only">
                <caption>{t`Bandwidth per month`}</caption>
                <thead>
                  <tr>
                    <th>{t({ message: 'Month', context: 'table column' })}</th>
                    <th>{t`Bandwidth`}</th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((m) => (
                    <tr key={m.month}>
                      <td>{monthLabel(m.month)}</td>
                      <td>{formatBytes(m.bytes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <Empty description={t`No bandwidth used yet. It shows here once viewers watch your videos.`} />
          )}
        </Section>
      </Col>
      <Col xs={24} lg={8}>
        <Section title={t`Your plan's limits`}>
          <Flex align="center" gap={10} style={{ marginBottom: 12 }}>
            {usage.plan && <PlanBadge plan={usage.plan} />}
            <Typography.Text strong data-testid="usage-plan">
              {usage.plan ? planTitle(usage.plan) : t`No plan: the account defaults apply`}
            </Typography.Text>
          </Flex>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'storage', label: t`Storage`, children: formatBytes(usage.storage.limitBytes) },
              { key: 'bandwidth', label: t`Bandwidth a month`, children: formatBytes(usage.bandwidth.limitBytesPerMonth) },
              { key: 'features', label: t`Tools`, children: features.length ? features.join(', ') : t`None` },
            ]}
          />
          <Button type="primary" style={{ marginTop: 12 }} onClick={() => navigate('/change-tariff')}>
            {usage.plan ? t`Change plan` : t`Choose a plan`}
          </Button>
        </Section>
      </Col>
    </Row>
  );
}

/** 'View Usage': storage and this month's bandwidth against the plan's limits, bandwidth per month, the limits. */
export function UsagePage() {
  const usage = useUsage();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        <Trans>Usage</Trans>
      </Typography.Title>
      {usage.isLoading ? (
        <Row gutter={[24, 24]}>
          {[0, 1].map((i) => (
            <Col key={i} xs={24} md={12}>
              <Card>
                <Skeleton active paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : usage.data ? (
        <UsageView usage={usage.data} />
      ) : (
        <Result status="error" title={t`Your usage could not be loaded`} subTitle={errorMessage(usage.error)} />
      )}
    </>
  );
}
