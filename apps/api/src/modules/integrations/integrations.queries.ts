import type { CrmProvider, CrmPush } from '@reelbase/api-client';
import type { Sql } from '../../db/sql.ts';
import type { CrmLead, CrmSession } from './crm-connector.ts';

// The SQL of CRM integrations: a team's connections (the sealed secret with its hint) and their
// pushes (one row per lead or session and connection, settled by the crm-push job).

export type PushPayload = { lead: CrmLead; session?: CrmSession };
export type IntegrationRow = { provider: CrmProvider; secret: string; secret_hint: string; settings: { audienceId?: string }; account_name: string | null; created_at: Date };
export type PushRow = { id: string; provider: CrmProvider; kind: CrmPush['kind']; email: string; video_name: string | null; status: CrmPush['status']; attempts: number; error: string | null; created_at: Date; updated_at: Date };

export const connectionRows = (sql: Sql, teamId: string) =>
  sql<IntegrationRow[]>('select provider, secret, secret_hint, settings, account_name, created_at from crm_integrations where team_id = ? order by provider', [teamId]);

/** The connection's latest `limit` pushes, newest first. */
export const latestPushes = (sql: Sql, teamId: string, provider: CrmProvider, limit: number) =>
  sql<PushRow[]>('select id, provider, kind, email, video_name, status, attempts, error, created_at, updated_at from crm_pushes where team_id = ? and provider = ? order by created_at desc, id limit ?', [teamId, provider, limit]);

/** Keeps the connection's credentials (`sealed` secret, `settings` as JSON) in place of the previous ones. */
export const upsertConnection = (sql: Sql, teamId: string, provider: CrmProvider, sealed: string, secretHint: string, settings: string, accountName: string | null) =>
  sql<IntegrationRow[]>(
    `insert into crm_integrations (team_id, provider, secret, secret_hint, settings, account_name) values (?, ?, ?, ?, ?::jsonb, ?)
         on conflict (team_id, provider) do update set secret = excluded.secret, secret_hint = excluded.secret_hint, settings = excluded.settings,
           account_name = excluded.account_name, updated_at = now()
         returning provider, secret, secret_hint, settings, account_name, created_at`,
    [teamId, provider, sealed, secretHint, settings, accountName],
  );

/** The providers the team is connected to. */
export const connectedProviders = (sql: Sql, teamId: string) => sql<{ provider: CrmProvider }[]>('select provider from crm_integrations where team_id = ?', [teamId]);

/** Drops the team's pushes older than `keepDays`. */
export const pruneOldPushes = (sql: Sql, teamId: string, keepDays: number) => sql(`delete from crm_pushes where team_id = ? and created_at < now() - make_interval(days => ?)`, [teamId, keepDays]);

/** A pending push (`payload` as JSON). */
export const insertPush = (sql: Sql, id: string, teamId: string, leadId: string, provider: CrmProvider, kind: CrmPush['kind'], email: string, videoName: string | null, payload: string) =>
  sql('insert into crm_pushes (id, team_id, lead_id, provider, kind, email, video_name, payload) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)', [id, teamId, leadId, provider, kind, email, videoName, payload]);

/** Deletes the connection (its secret); answers the deleted row, none when there was no connection. */
export const deleteConnection = (sql: Sql, teamId: string, provider: string) => sql<{ provider: string }[]>('delete from crm_integrations where team_id = ? and provider = ? returning provider', [teamId, provider]);

/** The connection's waiting pushes fail with `error`. */
export const failPendingPushes = (sql: Sql, error: string, teamId: string, provider: string) =>
  sql("update crm_pushes set status = 'failed', error = ?, updated_at = now() where team_id = ? and provider = ? and status = 'pending'", [error, teamId, provider]);

export const leadConsent = (sql: Sql, leadId: string) => sql<{ consent_text: string | null }[]>('select consent_text from leads where id = ?', [leadId]);

export const pushRow = (sql: Sql, pushId: string) => sql<{ team_id: string; provider: CrmProvider; payload: PushPayload; status: string }[]>('select team_id, provider, payload, status from crm_pushes where id = ?', [pushId]);

export const connectionRow = (sql: Sql, teamId: string, provider: CrmProvider) =>
  sql<IntegrationRow[]>('select provider, secret, secret_hint, settings, account_name, created_at from crm_integrations where team_id = ? and provider = ?', [teamId, provider]);

/** A try's outcome, counted; only while the push is still pending. */
export const settlePush = (sql: Sql, status: CrmPush['status'], error: string | null, pushId: string) =>
  sql("update crm_pushes set status = ?, error = ?, attempts = attempts + 1, updated_at = now() where id = ? and status = 'pending'", [status, error, pushId]);
