import { t } from '@lingui/core/macro';
import { errorMessage, type PaymentHistoryEntry } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table, Typography } from 'antd';
import { formatPrice } from '../../lib/billing.ts';
import { formatDate } from '../../lib/format.ts';
import { keys, usePlans } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { historyKindLabel, variantLabel } from './texts.ts';

const amount = (a: number | null) => (a === null ? '' : a < 0 ? `−${formatPrice(-a)}` : formatPrice(a));

/** The user's own payment history (GET /api/payment/history), newest first as the API answers. */
export function PaymentHistory() {
  const client = useClient();
  const q = useQuery({ queryKey: keys.paymentHistory, queryFn: () => client.payments.history() });
  const plans = usePlans().data?.items ?? [];
  if (q.error) return <Typography.Text type="danger">{errorMessage(q.error)}</Typography.Text>;
  return (
    <Table<PaymentHistoryEntry>
      size="small"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data?.items ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No payments yet.`} /> }}
      columns={[
        { title: t`Date`, dataIndex: 'createdAt', render: (d: string) => formatDate(d) },
        { title: t`Event`, dataIndex: 'kind', render: historyKindLabel },
        { title: t`Plan`, dataIndex: 'planId', render: (p: string | null) => variantLabel(plans, p) },
        { title: t`Amount`, dataIndex: 'amount', align: 'right', render: amount },
        { title: t`Paid with`, dataIndex: 'provider', render: (p: string | null) => (p === 'paypal' ? 'PayPal' : p === 'stripe' ? t`Card` : '') },
      ]}
    />
  );
}
