import type { WEBHOOK_TEST_EVENT, WebhookEventType } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { captionTrackEventRow, endpointOfTeam, insertDeliveries, notifyChannel, subscribedEndpoints, videoEventRow } from './webhook-deliveries.queries.ts';

/** Woken on every commit that recorded deliveries: the workers queue them (webhook-delivery.ts). */
export const WEBHOOK_CHANNEL = 'reelbase_webhooks';

export type WebhookEventName = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/**
 * Records an event for the team's enabled endpoints that subscribed to it (or for the one endpoint
 * `endpointId`, a test event), in the caller's transaction: one delivery row per endpoint, with the
 * body it will carry (Standard Webhooks: `{ type, timestamp, data }`) and one message id shared by
 * every endpoint. Nothing is sent from here: the NOTIFY reaches the workers on commit (never on a
 * rollback), and they send it. Returns the delivery ids.
 */
export async function recordWebhookEvent(sql: Sql, teamId: string, type: WebhookEventName, data: Record<string, unknown>, o: { endpointId?: string } = {}): Promise<string[]> {
  const endpoints = o.endpointId
    ? await endpointOfTeam(sql, o.endpointId, teamId)
    : await subscribedEndpoints(sql, teamId, type);
  if (!endpoints.length) return [];
  const messageId = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
  const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  const ids = endpoints.map(() => crypto.randomUUID());
  await insertDeliveries(sql, messageId, type, body, JSON.stringify(endpoints.map((e, i) => ({ id: ids[i], endpoint_id: e.id }))));
  await notifyWebhookWorkers(sql);
  return ids;
}

/** Wakes the workers on commit: deliveries are waiting to be queued. */
export async function notifyWebhookWorkers(sql: Sql): Promise<void> {
  await notifyChannel(sql, WEBHOOK_CHANNEL);
}

/** What the video events carry about a video, read in the caller's transaction (null: no such video). */
export async function videoEventData(sql: Sql, videoId: string): Promise<{ teamId: string; data: Record<string, unknown> } | null> {
  const [v] = await videoEventRow(sql, videoId);
  if (!v) return null;
  return {
    teamId: v.user_id,
    data: { id: videoId, name: v.name, durationSec: v.duration_sec, width: v.width, height: v.height, source: v.source, visibility: v.visibility, createdAt: new Date(v.created_at).toISOString() },
  };
}

/** A video event (video.ready, video.failed, video.deleted) with the video's facts and `extra`. */
export async function recordVideoEvent(sql: Sql, videoId: string, type: 'video.ready' | 'video.failed' | 'video.deleted', extra: Record<string, unknown> = {}): Promise<void> {
  const video = await videoEventData(sql, videoId);
  if (video) await recordWebhookEvent(sql, video.teamId, type, { ...video.data, ...extra });
}

/** captions.ready: a track became ready (generated or uploaded). */
export async function recordCaptionsReady(sql: Sql, trackId: string): Promise<void> {
  const [t] = await captionTrackEventRow(sql, trackId);
  if (t) await recordWebhookEvent(sql, t.user_id, 'captions.ready', { id: trackId, videoId: t.video_id, videoName: t.video_name, language: t.language, label: t.label, kind: t.kind, cueCount: t.cue_count });
}

/**
 * The small door for services that produce events outside a transaction of theirs (leads'
 * `onCaptured`): `emit(teamId, 'lead.captured', data)` records it in a transaction of its own.
 */
export function webhookEvents(d: { orm: Orm }) {
  return {
    emit: (teamId: string, type: WebhookEventType, data: Record<string, unknown>) =>
      d.orm.em.fork().transactional((em) => recordWebhookEvent(sqlOf(em), teamId, type, data)).then(() => undefined),
  };
}
export type WebhookEvents = ReturnType<typeof webhookEvents>;
