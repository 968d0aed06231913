import type { Sql } from '../../db/sql.ts';

// The SQL of webhook deliveries: recording an event's deliveries (and what video and caption events
// carry), queueing, claiming and finishing tries, disabling a failing endpoint, pruning old rows.

/** A delivery claimed for one try, with its endpoint's address and secrets. */
export type Claimed = { id: string; endpoint_id: string; message_id: string; body: string; attempts: number; created_at: Date; url: string; secret: string; previous_secret: string | null };

/** The one endpoint `endpointId` of the team (a test event). */
export const endpointOfTeam = (sql: Sql, endpointId: string, teamId: string) => sql<{ id: string }[]>('select id from webhook_endpoints where id = ? and user_id = ?', [endpointId, teamId]);

/** The team's enabled endpoints subscribed to `type`. */
export const subscribedEndpoints = (sql: Sql, teamId: string, type: string) => sql<{ id: string }[]>('select id from webhook_endpoints where user_id = ? and enabled and ? = any(events)', [teamId, type]);

/** One delivery row per endpoint, all with the same message id, type and body (`rows`: JSON of `{ id, endpoint_id }[]`). */
export const insertDeliveries = (sql: Sql, messageId: string, type: string, body: string, rows: string) =>
  sql(
    `insert into webhook_deliveries (id, endpoint_id, message_id, event_type, body)
     select d.id, d.endpoint_id, ?, ?, ? from jsonb_to_recordset(?::jsonb) as d(id uuid, endpoint_id uuid)`,
    [messageId, type, body, rows],
  );

export const notifyChannel = (sql: Sql, channel: string) => sql('select pg_notify(?, ?)', [channel, '']);

export const videoEventRow = (sql: Sql, videoId: string) =>
  sql<{ user_id: string; name: string; duration_sec: number | null; width: number | null; height: number | null; source: string; visibility: string; created_at: Date }[]>(
    'select user_id, name, duration_sec, width, height, source, visibility, created_at from videos where id = ?',
    [videoId],
  );

/** A caption track with its video's name, for captions.ready. */
export const captionTrackEventRow = (sql: Sql, trackId: string) =>
  sql<{ user_id: string; video_id: string; video_name: string; language: string; label: string; kind: string; cue_count: number }[]>(
    'select t.user_id, t.video_id, v.name as video_name, t.language, t.label, t.kind, t.cue_count from caption_tracks t join videos v on v.id = t.video_id where t.id = ?',
    [trackId],
  );

/** Marks up to 100 deliveries waiting for a job queued: new ones, and ones lost `lostAfterSeconds` past their time. */
export const markWaitingQueued = (sql: Sql, lostAfterSeconds: number) =>
  sql<{ id: string; next_attempt_at: Date }[]>(
    `update webhook_deliveries set queued_at = now() where id in (
           select id from webhook_deliveries where status = 'pending' and (queued_at is null
             or (next_attempt_at < now() - make_interval(secs => ?) and (claimed_until is null or claimed_until < now())))
           order by next_attempt_at limit 100 for update skip locked)
         returning id, next_attempt_at`,
    [lostAfterSeconds],
  );

/** Claims a pending, due, unclaimed delivery for `claimSeconds`, counting the try (no row otherwise). */
export const claimDelivery = (sql: Sql, claimSeconds: number, deliveryId: string) =>
  sql<Claimed[]>(
    `update webhook_deliveries w set attempts = attempts + 1, claimed_until = now() + make_interval(secs => ?)
       from webhook_endpoints e
       where w.id = ? and e.id = w.endpoint_id and w.status = 'pending' and w.next_attempt_at <= now() + interval '2 seconds'
         and (w.claimed_until is null or w.claimed_until < now())
       returning w.id, w.endpoint_id, w.message_id, w.body, w.attempts, w.created_at, e.url, e.secret,
         case when e.previous_secret_until > now() then e.previous_secret end as previous_secret`,
    [claimSeconds, deliveryId],
  );

export const markSucceeded = (sql: Sql, deliveryId: string, status: number | null) =>
  sql("update webhook_deliveries set status = 'succeeded', response_status = ?, error = null, last_attempt_at = now(), next_attempt_at = null, claimed_until = null where id = ?", [status, deliveryId]);

export const clearFailingSince = (sql: Sql, endpointId: string) => sql('update webhook_endpoints set failing_since = null where id = ?', [endpointId]);

/** A failed try: pending again at `next`, or failed (`next` null). */
export const markTryFailed = (sql: Sql, deliveryId: string, status: 'pending' | 'failed', responseStatus: number | null, error: string, next: Date | null) =>
  sql(
    `update webhook_deliveries set status = ?, response_status = ?, error = ?, last_attempt_at = now(), next_attempt_at = ?, queued_at = now(), claimed_until = null where id = ?`,
    [status, responseStatus, error, next, deliveryId],
  );

export const markFailingSince = (sql: Sql, endpointId: string) => sql('update webhook_endpoints set failing_since = coalesce(failing_since, now()) where id = ?', [endpointId]);

/** Turns the endpoint off when it has failed for `failingSeconds` (no row otherwise). */
export const disableFailingEndpoint = (sql: Sql, reason: string, endpointId: string, failingSeconds: number) =>
  sql<{ user_id: string; url: string; failing_since: Date }[]>(
    `update webhook_endpoints set enabled = false, disabled_reason = ?, updated_at = now()
       where id = ? and enabled and failing_since <= now() - make_interval(secs => ?) returning user_id, url, failing_since`,
    [reason, endpointId, failingSeconds],
  );

/** The endpoint's waiting deliveries failed, as it was disabled. */
export const failPendingDeliveries = (sql: Sql, endpointId: string) =>
  sql("update webhook_deliveries set status = 'failed', next_attempt_at = null, error = coalesce(error, 'The endpoint was disabled.') where endpoint_id = ? and status = 'pending'", [endpointId]);

/** The owner of the team `teamId` (or the user of that id). */
export const teamOwner = (sql: Sql, teamId: string) =>
  sql<{ email: string; first_name: string }[]>('select email, first_name from users where id = coalesce((select owner_id from teams where id = ?), ?)', [teamId, teamId]);

/** Drops finished deliveries older than `keepDays`. */
export const pruneDeliveries = (sql: Sql, keepDays: number) =>
  sql("delete from webhook_deliveries where status <> 'pending' and created_at < now() - make_interval(days => ?)", [keepDays]);
