import { CardInfo, MESSAGES, type PaymentMethodChoice } from '@reelbase/api-client';
import { Button, Col, Flex, Form, Input, Radio, Row, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { type CardFieldErrors, type CardValues, cardErrors } from '../lib/card.ts';
import { useAlert } from '../services.tsx';

/**
 * The payment-method choice: card (the default, with the card form) or PayPal. Used first in
 * registration and by the access gate for users who have none. `onSubmit` may resolve with the
 * server's card field errors, which are shown like the form's own.
 */
export function PaymentMethodForm(props: {
  submitText: string;
  busy?: boolean;
  // biome-ignore lint/suspicious/noConfusingVoidType: registration passes a state setter (void); the gate answers with a promise.
  onSubmit(method: PaymentMethodChoice): void | Promise<CardFieldErrors | null | undefined>;
  extra?: ReactNode;
}) {
  const [form] = Form.useForm<CardValues>();
  const [type, setType] = useState<'card' | 'paypal'>('card');
  const alert = useAlert();

  /** Shows card field errors (clearing the others); true when there were any. */
  function showCardErrors(errors: CardFieldErrors): boolean {
    form.setFields((Object.keys(CardInfo.shape) as (keyof CardInfo)[]).map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] })));
    if (!Object.keys(errors).length) return false;
    alert('error', MESSAGES.checkCard);
    return true;
  }

  async function submit() {
    if (type === 'paypal') {
      await props.onSubmit({ type: 'paypal' });
      return;
    }
    const values = form.getFieldsValue(true) as Partial<CardValues>;
    if (showCardErrors(cardErrors(values))) return;
    const rejected = await props.onSubmit({
      type: 'card',
      cardInfo: {
        cardNumber: (values.cardNumber ?? '').replace(/\s+/g, ''),
        cvc: values.cvc ?? '',
        expMonth: values.expMonth ?? '',
        expYear: values.expYear ?? '',
        firstName: (values.firstName ?? '').trim(),
        lastName: (values.lastName ?? '').trim(),
      },
    });
    if (rejected) showCardErrors(rejected);
  }

  return (
    <div>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>Payment method</legend>
        <Radio.Group value={type} onChange={(e) => setType(e.target.value)}>
          <Radio value="card">Card</Radio>
          <Radio value="paypal">PayPal</Radio>
        </Radio.Group>
      </fieldset>
      {type === 'card' ? (
        <Form form={form} layout="vertical" name="card" validateTrigger={[]} requiredMark={false} onFinish={submit}>
          <Form.Item label="Card number" name="cardNumber">
            <Input inputMode="numeric" autoComplete="cc-number" maxLength={19} />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={12} sm={8}>
              <Form.Item label="Exp month" name="expMonth" extra="MM">
                <Input inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item label="Exp year" name="expYear" extra="YY">
                <Input inputMode="numeric" autoComplete="cc-exp-year" maxLength={2} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item label="CVC/CWV" name="cvc">
                <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={24} sm={12}>
              <Form.Item label="First name" name="firstName">
                <Input autoComplete="cc-given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Last name" name="lastName">
                <Input autoComplete="cc-family-name" />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8} justify="end" wrap>
            {props.extra}
            <Button type="primary" htmlType="submit" loading={props.busy}>
              {props.submitText}
            </Button>
          </Flex>
        </Form>
      ) : (
        <>
          <Typography.Paragraph type="secondary">You will confirm PayPal payments when you choose a plan.</Typography.Paragraph>
          <Flex gap={8} justify="end" wrap>
            {props.extra}
            <Button type="primary" loading={props.busy} onClick={submit}>
              {props.submitText}
            </Button>
          </Flex>
        </>
      )}
    </div>
  );
}
