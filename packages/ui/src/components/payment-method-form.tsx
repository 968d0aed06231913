import { t } from '@lingui/core/macro';
import { CardInfo, MESSAGES, type PaymentMethodChoice } from '@reelbase/api-client';
import type { StripeCardElement } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Form, Input, Radio, Row, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type CardFieldErrors, type CardValues, cardErrors } from '../lib/card.ts';
import { useAlert, useClient } from '../services.tsx';

/** A card typed into Stripe Elements, turned into a Stripe PaymentMethod (by Stripe.js, from the browser to Stripe). */
interface StripeCard {
  createPaymentMethod(name: string): Promise<{ id: string } | { error: string }>;
}

/**
 * Stripe Elements' card field. @stripe/stripe-js (which adds the js.stripe.com script when
 * imported) is a lazy chunk imported here only, so without a publishable key nothing of Stripe loads.
 */
function StripeCardField(props: { publishableKey: string; onReady(card: StripeCard | null): void }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { publishableKey, onReady } = props;
  useEffect(() => {
    let gone = false;
    let element: StripeCardElement | null = null;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = await loadStripe(publishableKey);
        if (gone || !host.current) return;
        if (!stripe) throw new Error('Stripe.js did not load');
        const card = stripe.elements().create('card', { hidePostalCode: true });
        element = card;
        card.mount(host.current);
        onReady({
          async createPaymentMethod(name) {
            const r = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name } });
            return r.error ? { error: r.error.message ?? MESSAGES.checkCard } : { id: r.paymentMethod.id };
          },
        });
      } catch {
        if (!gone) setFailed(true);
      }
    })();
    return () => {
      gone = true;
      element?.destroy();
      onReady(null);
    };
  }, [publishableKey, onReady]);
  if (failed) return <Alert type="error" showIcon title={t`The card form could not be loaded. Check your connection and reload the page.`} />;
  return <div ref={host} data-testid="stripe-card" style={{ padding: '8px 11px', border: '1px solid #d9d9d9', borderRadius: 6, minHeight: 38 }} />;
}

/**
 * The payment-method choice: card (the default, with the card form) or PayPal. Used first in
 * registration and by the access gate for users who have none. `onSubmit` may resolve with the
 * server's card field errors, which are shown like the form's own. When the API gives a Stripe
 * publishable key the card fields are Stripe Elements and `onSubmit` gets a `paymentMethodId`.
 */
export function PaymentMethodForm(props: {
  submitText: string;
  busy?: boolean;
  // biome-ignore lint/suspicious/noConfusingVoidType: registration passes a state setter (void); the gate answers with a promise.
  onSubmit(method: PaymentMethodChoice): void | Promise<CardFieldErrors | null | undefined>;
  extra?: ReactNode;
  /** Told when the choice moves between card and PayPal (sign-up's plan is paid by card only). */
  onTypeChange?(type: 'card' | 'paypal'): void;
}) {
  const [form] = Form.useForm<CardValues>();
  const [type, setType] = useState<'card' | 'paypal'>('card');
  const alert = useAlert();
  const client = useClient();
  // With a Stripe publishable key (read at run time) the card goes through Stripe Elements; otherwise (or if the
  // answer fails) the spec's card form, posted to the API.
  const config = useQuery({ queryKey: ['payment-config'], queryFn: () => client.users.paymentConfig(), staleTime: Number.POSITIVE_INFINITY, retry: 1 });
  const publishableKey = config.data?.stripePublishableKey ?? null;
  const [stripeCard, setStripeCard] = useState<StripeCard | null>(null);
  const [tokenising, setTokenising] = useState(false);

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
    if (publishableKey) {
      await submitToStripe(values);
      return;
    }
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

  /** Elements: the names checked here, the card by Stripe.js, which answers a PaymentMethod id for our API. */
  async function submitToStripe(values: Partial<CardValues>) {
    const { firstName, lastName } = cardErrors(values);
    if (showCardErrors({ ...(firstName && { firstName }), ...(lastName && { lastName }) })) return;
    if (!stripeCard) return;
    setTokenising(true);
    try {
      const made = await stripeCard.createPaymentMethod(`${values.firstName?.trim()} ${values.lastName?.trim()}`);
      if ('error' in made) {
        alert('error', made.error);
        return;
      }
      await props.onSubmit({ type: 'card', paymentMethodId: made.id });
    } finally {
      setTokenising(false);
    }
  }

  const nameFields = (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item label={t`First name`} name="firstName">
          <Input autoComplete="cc-given-name" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item label={t`Last name`} name="lastName">
          <Input autoComplete="cc-family-name" />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    <div>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t`Payment method`}</legend>
        <Radio.Group
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            props.onTypeChange?.(e.target.value);
          }}
        >
          <Radio value="card">{t`Card`}</Radio>
          <Radio value="paypal">{t`PayPal`}</Radio>
        </Radio.Group>
      </fieldset>
      {type === 'card' && config.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : type === 'card' && publishableKey ? (
        <Form form={form} layout="vertical" name="card" validateTrigger={[]} requiredMark={false} onFinish={submit}>
          <Form.Item label={t`Card`}>
            <StripeCardField publishableKey={publishableKey} onReady={setStripeCard} />
          </Form.Item>
          {nameFields}
          <Flex gap={8} justify="end" wrap>
            {props.extra}
            <Button type="primary" htmlType="submit" loading={props.busy || tokenising} disabled={!stripeCard}>
              {props.submitText}
            </Button>
          </Flex>
        </Form>
      ) : type === 'card' ? (
        <Form form={form} layout="vertical" name="card" validateTrigger={[]} requiredMark={false} onFinish={submit}>
          <Form.Item label={t`Card number`} name="cardNumber">
            <Input inputMode="numeric" autoComplete="cc-number" maxLength={19} />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={12} sm={8}>
              <Form.Item label={t`Exp month`} name="expMonth" extra={t`MM`}>
                <Input inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item label={t`Exp year`} name="expYear" extra={t`YY`}>
                <Input inputMode="numeric" autoComplete="cc-exp-year" maxLength={2} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={8}>
              <Form.Item label={t`CVC/CWV`} name="cvc">
                <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
              </Form.Item>
            </Col>
          </Row>
          {nameFields}
          <Flex gap={8} justify="end" wrap>
            {props.extra}
            <Button type="primary" htmlType="submit" loading={props.busy}>
              {props.submitText}
            </Button>
          </Flex>
        </Form>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t`PayPal becomes your payment method when you approve your first payment at PayPal, for the plan you choose.`}</Typography.Paragraph>
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
