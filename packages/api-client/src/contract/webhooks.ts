import { z } from 'zod';

/** The events an endpoint can subscribe to (issue 27 item 2). */
export const WEBHOOK_EVENTS = ['video.ready', 'video.failed', 'video.deleted', 'captions.ready', 'lead.captured', 'viewer.session'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The event `POST /api/webhooks/{id}/test` sends; endpoints need not subscribe to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Standard Webhooks: a secret is `whsec_` and the base64 of its random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;
export const WEBHOOK_URL_MAX = 2000;
/** Endpoints one team may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Deliveries shown per endpoint (newest first). */
export const WEBHOOK_DELIVERIES_SHOWN = 50;
/** The User-Agent of every delivery. */
export const WEBHOOK_USER_AGENT = 'Reelbase-Webhooks/1.0';

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  url: 'Enter a valid https:// address.',
  https: 'Webhook addresses must use https://.',
  events: 'Choose at least one event.',
  event: `Must be one of: ${WEBHOOK_EVENTS.join(', ')}.`,
  tooMany: `A team can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  deleted: 'Webhook endpoint deleted',
  resent: 'The delivery is being sent again.',
} as const;

const url = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.url })
  .max(WEBHOOK_URL_MAX, { error: WEBHOOK_MESSAGES.url })
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && new URL(v).hostname !== '', { error: WEBHOOK_MESSAGES.url });

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.event }), { error: WEBHOOK_MESSAGES.events })
  .min(1, { error: WEBHOOK_MESSAGES.events })
  .max(WEBHOOK_EVENTS.length * 2, { error: WEBHOOK_MESSAGES.events })
  .transform((list) => [...new Set(list)]);

export const WebhookCreate = z.object({ url, events });
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/** A field left out stays as it is; `enabled: true` turns a disabled endpoint back on. */
export const WebhookUpdate = z.object({ url: url.optional(), events: events.optional(), enabled: z.boolean({ error: 'Must be true or false.' }).optional() });
export type WebhookUpdate = z.infer<typeof WebhookUpdate>;

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was disabled (5 days of failed deliveries), or null. */
  disabledReason: z.string().nullable(),
  /** Since when every delivery failed (no success since), or null. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

/** The answer of a create or a rotation: the secret, shown this once. */
export const WebhookWithSecret = Webhook.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const WebhookList = z.object({ items: z.array(Webhook) });
export type WebhookList = z.infer<typeof WebhookList>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const WebhookDelivery = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same for every try and resend of one message. */
  messageId: z.string(),
  eventType: z.string(),
  /** pending: waiting for its next try; succeeded: answered 2xx; failed: no more tries. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last answer, or null when none came (refused address, timeout, no connection). */
  responseStatus: z.number().int().nullable(),
  /** Why the last try failed, or null. */
  error: z.string().nullable(),
  /** The JSON body sent. */
  body: z.string(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.object({ items: z.array(WebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
