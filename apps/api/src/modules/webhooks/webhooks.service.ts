import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { isAllowedHost } from '../../imports/address-policy.ts';
import { ImportRefusedError } from '../../imports/import-error.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { recordActivity } from '../teams/activity.ts';
import { notifyWebhookWorkers, recordWebhookEvent } from './webhook-events.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import {
  copyDelivery,
  countEndpoints,
  type DeliveryRow,
  deleteEndpoint,
  deliveryRows,
  type EndpointRow,
  endpointDeliveries,
  endpointDelivery,
  endpointRows,
  insertEndpoint,
  listEndpoints,
  lockTeamWebhooks,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhooks.queries.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const toWebhook = (r: EndpointRow): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events as Webhook['events'],
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  failingSince: iso(r.failing_since),
  createdAt: new Date(r.created_at).toISOString(),
});

export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  messageId: r.message_id,
  eventType: r.event_type,
  status: r.status,
  attempts: r.attempts,
  responseStatus: r.response_status,
  error: r.error,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
  lastAttemptAt: iso(r.last_attempt_at),
  nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
});

/** What an update changed, for the activity log: the previous address, the new events, on or off. */
function webhookChanges(before: EndpointRow, input: WebhookUpdate): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  if (input.url !== undefined && input.url !== before.url) out.previousUrl = before.url;
  if (input.events && input.events.join(',') !== before.events.join(',')) out.events = input.events.join(', ');
  if (input.enabled !== undefined && input.enabled !== before.enabled) out.enabled = input.enabled;
  return out;
}

/** Why an address is refused for webhooks, by the guard's code (the import wording speaks of imports). */
export const WEBHOOK_ADDRESS_MESSAGE = 'This address is private (loopback, internal or link-local) and cannot receive webhooks.';

export interface WebhooksDeps {
  orm: Orm;
  /** The imports' guard (imports/guarded-fetch.ts `check`): scheme, blocked names, every resolved address. */
  checkUrl: (url: string) => Promise<URL>;
  /** IMPORT_ALLOWED_HOSTS: the hosts plain http (and private addresses) are allowed for. */
  allowedHosts: readonly string[];
  /** WEBHOOK_SECRET_OVERLAP_SECONDS. */
  secretOverlapSeconds: number;
}

/** A team's webhook endpoints: registration, secrets, deliveries shown, resend and test events. */
export function createWebhooksService(d: WebhooksDeps) {
  const read = () => sqlOf(d.orm.em.fork());
  const write = <T>(fn: (sql: Sql) => Promise<T>) => d.orm.em.fork().transactional((em) => fn(sqlOf(em)));

  /** https only; plain http for an allowed host (tests). Private addresses are refused as imports refuse them. */
  async function assertUrl(url: string): Promise<void> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && !isAllowedHost(parsed.hostname, d.allowedHosts)) throw unprocessable({ url: WEBHOOK_MESSAGES.https });
    try {
      await d.checkUrl(url);
    } catch (err) {
      if (err instanceof ImportRefusedError && err.code === 'address') throw unprocessable({ url: WEBHOOK_ADDRESS_MESSAGE });
      if (err instanceof ImportRefusedError && err.code === 'invalid-url') throw unprocessable({ url: WEBHOOK_MESSAGES.url });
      // A name that does not resolve yet may later: each delivery checks it again and records why it failed.
      if (!(err instanceof ImportRefusedError)) throw err;
    }
  }

  async function own(sql: Sql, teamId: string, id: string, lock = false): Promise<EndpointRow> {
    const [row] = await endpointRows(sql, teamId, id, lock);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  async function delivery(sql: Sql, id: string): Promise<WebhookDelivery> {
    const [row] = await deliveryRows(sql, id);
    return toDelivery(row);
  }

  return {
    async list(teamId: string) {
      const rows = await listEndpoints(read(), teamId);
      return { items: rows.map(toWebhook) };
    },

    async get(teamId: string, id: string): Promise<Webhook> {
      return toWebhook(await own(read(), teamId, id));
    },

    async create(teamId: string, input: WebhookCreate): Promise<WebhookWithSecret> {
      await assertUrl(input.url);
      const secret = newWebhookSecret();
      return write(async (sql) => {
        // One team's creations in turn, so two at once cannot pass the cap together.
        await lockTeamWebhooks(sql, teamId);
        if ((await countEndpoints(sql, teamId)) >= WEBHOOK_ENDPOINTS_MAX) throw conflict(WEBHOOK_MESSAGES.tooMany);
        const [row] = await insertEndpoint(sql, crypto.randomUUID(), teamId, input.url, input.events, secret);
        await recordActivity(sql, teamId, 'webhook.created', { type: 'webhook', id: row.id, name: row.url }, { events: input.events.join(', ') });
        return { ...toWebhook(row), secret };
      });
    },

    async update(teamId: string, id: string, input: WebhookUpdate): Promise<Webhook> {
      if (input.url !== undefined) await assertUrl(input.url);
      return write(async (sql) => {
        const before = await own(sql, teamId, id, true);
        // Turned back on: its failures start over.
        const [row] = await updateEndpoint(sql, id, input);
        await recordActivity(sql, teamId, 'webhook.updated', { type: 'webhook', id: row.id, name: row.url }, webhookChanges(before, input));
        return toWebhook(row);
      });
    },

    async remove(teamId: string, id: string) {
      await write(async (sql) => {
        const gone = await own(sql, teamId, id, true);
        await deleteEndpoint(sql, id);
        await recordActivity(sql, teamId, 'webhook.deleted', { type: 'webhook', id: gone.id, name: gone.url });
      });
      return { message: WEBHOOK_MESSAGES.deleted };
    },

    /** A new secret, shown once; the current one keeps signing beside it for the overlap. */
    async rotateSecret(teamId: string, id: string): Promise<WebhookWithSecret> {
      const secret = newWebhookSecret();
      return write(async (sql) => {
        const row = await own(sql, teamId, id, true);
        await rotateEndpointSecret(sql, d.secretOverlapSeconds, secret, id);
        await recordActivity(sql, teamId, 'webhook.secret_rotated', { type: 'webhook', id: row.id, name: row.url });
        return { ...toWebhook(row), secret };
      });
    },

    async deliveries(teamId: string, id: string) {
      const sql = read();
      await own(sql, teamId, id);
      const rows = await endpointDeliveries(sql, id, WEBHOOK_DELIVERIES_SHOWN);
      return { items: rows.map(toDelivery) };
    },

    /** The same message again (same webhook-id and body; a new timestamp and signature), as a new delivery. */
    async resend(teamId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      return write(async (sql) => {
        await own(sql, teamId, id);
        const [old] = await endpointDelivery(sql, deliveryId, id);
        if (!old) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
        const newId = crypto.randomUUID();
        await copyDelivery(sql, newId, deliveryId);
        await notifyWebhookWorkers(sql);
        return delivery(sql, newId);
      });
    },

    /** A webhook.test event to this endpoint alone, whatever it subscribed to. */
    async test(teamId: string, id: string): Promise<WebhookDelivery> {
      return write(async (sql) => {
        const endpoint = await own(sql, teamId, id);
        const [deliveryId] = await recordWebhookEvent(sql, teamId, WEBHOOK_TEST_EVENT, { endpointId: endpoint.id, message: 'This is a test event from Reelbase.' }, { endpointId: endpoint.id });
        return delivery(sql, deliveryId);
      });
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
