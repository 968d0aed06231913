import type { WebhookDelivery } from '@reelbase/api-client';
import { isUuid, type Sql } from '../../db/sql.ts';

// The SQL of a team's webhook endpoints: the endpoints (registration, update, secrets) and the
// deliveries shown and resent.

export type EndpointRow = { id: string; url: string; events: string[]; enabled: boolean; disabled_reason: string | null; failing_since: Date | null; created_at: Date };
export type DeliveryRow = {
  id: string;
  message_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  response_status: number | null;
  error: string | null;
  body: string;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
};

const ENDPOINT_COLUMNS = 'id, url, events, enabled, disabled_reason, failing_since, created_at';
const DELIVERY_COLUMNS = 'id, message_id, event_type, status, attempts, response_status, error, body, created_at, last_attempt_at, next_attempt_at';

/** A text[] parameter as PostgreSQL's array literal. */
const textArray = (items: readonly string[]) => `{${items.join(',')}}`;

/** The team's endpoint (locked for the transaction with `lock`); none for an id that is not a uuid. */
export const endpointRows = async (sql: Sql, teamId: string, id: string, lock: boolean): Promise<EndpointRow[]> =>
  isUuid(id) ? await sql<EndpointRow[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ? and user_id = ?${lock ? ' for update' : ''}`, [id, teamId]) : [];

export const deliveryRows = (sql: Sql, id: string) => sql<DeliveryRow[]>(`select ${DELIVERY_COLUMNS} from webhook_deliveries where id = ?`, [id]);

export const listEndpoints = (sql: Sql, teamId: string) => sql<EndpointRow[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where user_id = ? order by created_at, id`, [teamId]);

/** One team's endpoint creations run one at a time (for the transaction). */
export const lockTeamWebhooks = (sql: Sql, teamId: string) => sql('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`webhooks:${teamId}`]);

export async function countEndpoints(sql: Sql, teamId: string): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>('select count(*)::int as n from webhook_endpoints where user_id = ?', [teamId]);
  return n;
}

export const insertEndpoint = (sql: Sql, id: string, teamId: string, url: string, events: readonly string[], secret: string) =>
  sql<EndpointRow[]>(`insert into webhook_endpoints (id, user_id, url, events, secret) values (?, ?, ?, ?::text[], ?) returning ${ENDPOINT_COLUMNS}`, [id, teamId, url, textArray(events), secret]);

/** Changes what is given (null: unchanged); turned back on (`enable`), its failures start over. */
export const updateEndpoint = (sql: Sql, id: string, input: { url?: string; events?: readonly string[]; enabled?: boolean }) =>
  sql<EndpointRow[]>(
    `update webhook_endpoints set url = coalesce(?, url), events = coalesce(?::text[], events), enabled = coalesce(?, enabled),
             disabled_reason = case when ? then null else disabled_reason end,
             failing_since = case when ? then null else failing_since end, updated_at = now()
           where id = ? returning ${ENDPOINT_COLUMNS}`,
    [input.url ?? null, input.events ? textArray(input.events) : null, input.enabled ?? null, input.enabled === true, input.enabled === true, id],
  );

export const deleteEndpoint = (sql: Sql, id: string) => sql('delete from webhook_endpoints where id = ?', [id]);

/** A new secret; the current one keeps signing beside it for `overlapSeconds`. */
export const rotateEndpointSecret = (sql: Sql, overlapSeconds: number, secret: string, id: string) =>
  sql('update webhook_endpoints set previous_secret = secret, previous_secret_until = now() + make_interval(secs => ?), secret = ?, updated_at = now() where id = ?', [overlapSeconds, secret, id]);

/** The endpoint's latest `limit` deliveries, newest first. */
export const endpointDeliveries = (sql: Sql, endpointId: string, limit: number) =>
  sql<DeliveryRow[]>(`select ${DELIVERY_COLUMNS} from webhook_deliveries where endpoint_id = ? order by created_at desc, id limit ?`, [endpointId, limit]);

/** The delivery of that endpoint; none for an id that is not a uuid. */
export const endpointDelivery = async (sql: Sql, deliveryId: string, endpointId: string): Promise<{ id: string }[]> =>
  isUuid(deliveryId) ? await sql<{ id: string }[]>('select id from webhook_deliveries where id = ? and endpoint_id = ?', [deliveryId, endpointId]) : [];

/** A new delivery `newId` of the same message (endpoint, message id, type, body) as `deliveryId`. */
export const copyDelivery = (sql: Sql, newId: string, deliveryId: string) =>
  sql('insert into webhook_deliveries (id, endpoint_id, message_id, event_type, body) select ?, endpoint_id, message_id, event_type, body from webhook_deliveries where id = ?', [newId, deliveryId]);
