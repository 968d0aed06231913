/** What the PayPal stand-in (paypal-standin.ts) offers the tests and keeps of PayPal's objects. */
export interface PaypalStandin {
  url: string;
  clientId: string;
  secret: string;
  webhookId: string;
  /** The API's settings that point it at this stand-in. */
  env: Record<'PAYPAL_CLIENT_ID' | 'PAYPAL_SECRET' | 'PAYPAL_API_URL' | 'PAYPAL_WEBHOOK_ID', string>;
  /** Where events go (our POST /api/payment/webhook/paypal). */
  webhookUrl: string;
  /** Every call received, as 'METHOD /path'. */
  calls: string[];
  tokensIssued: number;
  subscriptions: Map<string, StandinSubscription>;
  captures: Map<string, StandinCapture>;
  /** The payer who approves on the approval page. */
  payer: { given_name: string; surname: string; email_address: string };
  /** Approves a subscription the way the payer's click does; answers where PayPal sends the browser back. */
  approve(subscriptionId: string): Promise<string>;
  /** A renewal: PayPal charges the next cycle and reports it (PAYMENT.SALE.COMPLETED). */
  renew(subscriptionId: string): Promise<Delivery>;
  /** A failed renewal attempt (BILLING.SUBSCRIPTION.PAYMENT.FAILED); at the plan's threshold the subscription is suspended (BILLING.SUBSCRIPTION.SUSPENDED). */
  failRenewal(subscriptionId: string): Promise<Delivery[]>;
  /** The payer cancels at PayPal (BILLING.SUBSCRIPTION.CANCELLED). */
  cancelAtPaypal(subscriptionId: string): Promise<Delivery>;
  /** Sends an event as PayPal does, signed. */
  send(eventType: string, resourceType: string, resource: unknown): Promise<Delivery>;
  /** Sends the same bytes with the same headers again (a retried delivery). */
  replay(d: Delivery): Promise<Delivery>;
  /** Posts to the webhook with arbitrary headers and body (nothing the stand-in will vouch for). */
  post(headers: Record<string, string>, body: string): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export interface Delivery {
  headers: Record<string, string>;
  body: string;
  event: { id: string; event_type: string; resource: any };
  status: number;
  response: any;
}

export interface StandinPlan {
  id: string;
  product_id: string;
  name: string;
  status: string;
  billing_cycles: { sequence: number; tenure_type: string; total_cycles: number; frequency: { interval_unit: 'MONTH' | 'YEAR'; interval_count: number }; pricing_scheme: { fixed_price: { value: string; currency_code: string } } }[];
  payment_preferences: { payment_failure_threshold?: number };
}

export interface StandinSubscription {
  id: string;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  plan_id: string;
  custom_id?: string;
  firstCycleValue?: string;
  return_url: string;
  cancel_url: string;
  subscriber?: { name: { given_name: string; surname: string }; email_address: string; payer_id: string };
  cycles: number;
  failed: number;
  nextBilling?: Date;
  lastPayment?: { amount: { currency_code: string; value: string }; time: string };
  /** A revision to a dearer plan waiting for the payer's consent. */
  pendingPlanId?: string;
  transactions: string[];
}

export interface StandinCapture {
  id: string;
  subscriptionId: string;
  value: string;
  time: string;
  refunded: boolean;
}
