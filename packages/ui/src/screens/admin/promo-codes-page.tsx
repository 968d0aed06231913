import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, type PromoCode } from '@reelbase/api-client';
import { Button, Card, Col, DatePicker, type DatePickerProps, Empty, Form, Input, InputNumber, Radio, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatPrice } from '../../lib/billing.ts';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { useAlert, useClient } from '../../services.tsx';
import { intlLocale } from '../../i18n/index.ts';

type Dayjs = Exclude<NonNullable<DatePickerProps['value']>, unknown[]>;

interface PromoValues {
  code: string;
  kind: 'percent' | 'amount';
  percentOff?: number;
  amountOff?: number;
  validFrom?: Dayjs | null;
  validUntil?: Dayjs | null;
  maxUses?: number | null;
}

const FIELD_OF: Record<string, keyof PromoValues> = { code: 'code', percentOff: 'percentOff', amountOff: 'amountOff', validFrom: 'validFrom', validUntil: 'validUntil', maxUses: 'maxUses' };

/** The date pickers' pattern, the same as formatDate writes: MM/DD/YYYY in English (spec), DD.MM.YYYY in German. */
function datePattern(locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2006, 0, 2));
  return parts.map((p) => (p.type === 'day' ? 'DD' : p.type === 'month' ? 'MM' : p.type === 'year' ? 'YYYY' : p.value)).join('');
}

/**
 * Promo codes: the admin creates one (a percentage or an amount off the first payment, optional
 * validity dates and use limit). The API has no list of codes; the ones created here since the page
 * opened are listed below the form.
 */
export function PromoCodesPage() {
  const client = useClient();
  const alert = useAlert();
  const [form] = Form.useForm<PromoValues>();
  const kind = Form.useWatch('kind', form) ?? 'percent';
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<PromoCode[]>([]);

  async function submit(v: PromoValues) {
    setBusy(true);
    const input = {
      code: v.code,
      ...(v.kind === 'percent' ? { percentOff: v.percentOff } : { amountOff: v.amountOff }),
      ...(v.validFrom && { validFrom: v.validFrom.startOf('day').toISOString() }),
      ...(v.validUntil && { validUntil: v.validUntil.endOf('day').toISOString() }),
      ...(v.maxUses && { maxUses: v.maxUses }),
    };
    try {
      const code = await client.payments.createPromoCode(input);
      setCreated((list) => [code, ...list]);
      const name = code.code;
      alert('success', t`Promo code ${name} created.`);
      form.resetFields();
    } catch (err) {
      const fields = (err as { errors?: Record<string, string> }).errors ?? {};
      form.setFields(Object.entries(fields).flatMap(([k, m]) => (FIELD_OF[k] ? [{ name: FIELD_OF[k], errors: [m] }] : [])));
      // A code that exists is a 409 with a message only: said beside the code.
      if ((err as { status?: number }).status === 409) form.setFields([{ name: 'code', errors: [errorMessage(err)] }]);
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const dateFormat = datePattern(intlLocale());
  const off = (p: PromoCode) => (p.percentOff != null ? formatNumber(p.percentOff / 100, { style: 'percent' }) : formatPrice(p.amountOff ?? 0));
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        <Trans>Promo codes</Trans>
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t`New promo code`}</h2>}>
            <Form<PromoValues> form={form} name="promo-code" layout="vertical" requiredMark={false} initialValues={{ kind: 'percent' }} onFinish={submit}>
              <Form.Item label={t`Code`} name="code" rules={[{ required: true, message: t`Enter a code.` }, { pattern: /^[A-Za-z0-9_-]+$/, message: t`Letters, digits, - and _ only` }, { max: 64, message: t`At most 64 characters.` }]}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item label={t`Discount on the first payment`} name="kind">
                <Radio.Group options={[{ value: 'percent', label: t`Percentage` }, { value: 'amount', label: t`Amount` }]} />
              </Form.Item>
              {kind === 'percent' ? (
                <Form.Item label={t`Percent off`} name="percentOff" rules={[{ required: true, message: t`Enter a percentage from 1 to 100.` }]}>
                  <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: 160 }} />
                </Form.Item>
              ) : (
                <Form.Item label={t`Amount off ($)`} name="amountOff" rules={[{ required: true, message: t`Enter an amount.` }]}>
                  <InputNumber min={0.01} step={1} precision={2} style={{ width: 160 }} />
                </Form.Item>
              )}
              <Form.Item label={t`Valid from (optional)`} name="validFrom">
                <DatePicker format={dateFormat} />
              </Form.Item>
              <Form.Item
                label={t`Valid until (optional)`}
                name="validUntil"
                dependencies={['validFrom']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: Dayjs | null) => (!v || !getFieldValue('validFrom') || !v.isBefore(getFieldValue('validFrom'), 'day') ? Promise.resolve() : Promise.reject(new Error(t`Must not end before it starts.`))),
                  }),
                ]}
              >
                <DatePicker format={dateFormat} />
              </Form.Item>
              <Form.Item label={t`Uses at most (optional)`} name="maxUses">
                <InputNumber min={1} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy}>
                <Trans>Create promo code</Trans>
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t`Created here`}</h2>}>
            {created.length ? (
              <Table<PromoCode>
                rowKey="code"
                pagination={false}
                dataSource={created}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: t`Code`, dataIndex: 'code' },
                  { title: t({ message: 'Off', context: 'promo code discount' }), key: 'off', render: (_, p) => off(p) },
                  { title: t`Valid from`, key: 'from', render: (_, p) => (p.validFrom ? formatDate(p.validFrom) : t`Now`) },
                  { title: t`Valid until`, key: 'until', render: (_, p) => (p.validUntil ? formatDate(p.validUntil) : t`No end`) },
                  {
                    title: t`Uses`,
                    key: 'uses',
                    render: (_, p) => {
                      const used = p.usedCount;
                      const max = p.maxUses ?? t`unlimited`;
                      return t`${used} of ${max}`;
                    },
                  },
                ]}
              />
            ) : (
              <Empty description={t`Codes you create appear here. Customers enter them at checkout or in their settings.`} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
