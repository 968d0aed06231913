import { CRM_PROVIDERS, CRM_PUSHES_SHOWN, type CrmProvider, type CrmPush, type HubspotConnect, type Integration, INTEGRATION_MESSAGES, type Lead, type MailchimpConnect } from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { recordActivity } from '../teams/activity.ts';
import { type CrmConnector, CrmError, type CrmSession } from './crm-connector.ts';
import { type EndedSession, isoOf } from './ended-session.ts';
import {
  connectedProviders,
  connectionRow,
  connectionRows,
  deleteConnection,
  failPendingPushes,
  type IntegrationRow,
  insertPush,
  latestPushes,
  leadConsent,
  type PushPayload,
  type PushRow,
  pruneOldPushes,
  pushRow,
  settlePush,
  upsertConnection,
} from './integrations.queries.ts';

/** How a team's secret is kept: sealed (AES-GCM) with a key of this install. */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** The stored credentials of one connection, opened. */
export interface CrmCredentials {
  secret: string;
  settings: { audienceId?: string };
}
export type ConnectorFactory = (provider: CrmProvider, c: CrmCredentials) => CrmConnector;

const PUSH_KEEP_DAYS = 30;
/** What identifies a secret without giving it: its last 4 characters (a Mailchimp key's before its data centre, which every key of that centre shares). */
const hint = (provider: CrmProvider, secret: string) => {
  if (provider !== 'mailchimp') return secret.slice(-4);
  const [key, dc] = [secret.slice(0, secret.lastIndexOf('-')), secret.slice(secret.lastIndexOf('-') + 1)];
  return `${key.slice(-4)}-${dc}`.slice(0, 16);
};
const toPush = (r: PushRow): CrmPush => ({
  id: r.id,
  kind: r.kind,
  email: r.email,
  videoName: r.video_name,
  status: r.status,
  attempts: r.attempts,
  error: r.error,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/**
 * A team's CRM connections (issue 33 item 5): connect (the credentials checked with the service,
 * the secret sealed), list (a hint of the secret, never it), disconnect; and the pushes: each
 * captured lead and each session a known lead watched becomes one crm_pushes row per connection
 * and one job (`sendJob`), which `push` runs with the connector.
 */
export function createIntegrationsService(d: {
  orm: Orm;
  box: SecretSealer;
  connectors: ConnectorFactory;
  /** Queues a push's job (pg-boss, with its retries). */
  sendJob: (pushId: string) => Promise<unknown>;
  /** Tries after the first: the last failure of a retryable error fails the push. */
  retries: number;
  log?: Logger;
}) {
  const read = () => sqlOf(d.orm.em.fork());
  const write = <T>(fn: (sql: Sql) => Promise<T>) => d.orm.em.fork().transactional((em) => fn(sqlOf(em)));

  async function connections(sql: Sql, teamId: string): Promise<IntegrationRow[]> {
    return connectionRows(sql, teamId);
  }

  async function view(sql: Sql, teamId: string, provider: CrmProvider, row?: IntegrationRow): Promise<Integration> {
    const pushes = row
      ? await latestPushes(sql, teamId, provider, CRM_PUSHES_SHOWN)
      : [];
    return {
      provider,
      connected: !!row,
      secretHint: row?.secret_hint ?? null,
      accountName: row?.account_name ?? null,
      audienceId: row?.settings.audienceId ?? null,
      connectedAt: row ? new Date(row.created_at).toISOString() : null,
      pushes: pushes.map(toPush),
    };
  }

  /** Checks the credentials with the service, then keeps them (sealed) in place of the previous ones. */
  async function connect(teamId: string, provider: CrmProvider, credentials: CrmCredentials): Promise<Integration> {
    let accountName: string | null;
    try {
      ({ accountName } = await d.connectors(provider, credentials).verify());
    } catch (err) {
      if (err instanceof CrmError && err.field) throw unprocessable({ [err.field]: err.message });
      // Any other refusal (a 400 of the service) is the credentials' too; 429, 5xx and silence are the service's.
      if (err instanceof CrmError && !err.retryable) throw unprocessable({ [provider === 'hubspot' ? 'accessToken' : 'apiKey']: err.message });
      d.log?.warn({ err, provider }, 'a CRM could not be reached to check credentials');
      throw new HttpError(503, INTEGRATION_MESSAGES.unreachable);
    }
    return write(async (sql) => {
      const [row] = await upsertConnection(sql, teamId, provider, d.box.seal(credentials.secret), hint(provider, credentials.secret), JSON.stringify(credentials.settings), accountName);
      await recordActivity(sql, teamId, 'integration.connected', { type: 'integration', id: provider, name: provider }, { secretHint: row.secret_hint, ...(credentials.settings.audienceId && { audienceId: credentials.settings.audienceId }) });
      return view(sql, teamId, provider, row);
    });
  }

  /** One pending push per connection of the team, each with its job. */
  async function enqueue(teamId: string, leadId: string, kind: CrmPush['kind'], payload: PushPayload): Promise<void> {
    const ids = await write(async (sql) => {
      const providers = await connectedProviders(sql, teamId);
      if (!providers.length) return [];
      // Old pushes go as new ones come: the card shows the last few, kept a month.
      await pruneOldPushes(sql, teamId, PUSH_KEEP_DAYS);
      const made: string[] = [];
      for (const { provider } of providers) {
        const id = crypto.randomUUID();
        await insertPush(sql, id, teamId, leadId, provider, kind, payload.lead.email, payload.session?.videoName.slice(0, 255) ?? null, JSON.stringify(payload));
        made.push(id);
      }
      return made;
    });
    for (const id of ids) await d.sendJob(id);
  }

  return {
    async list(teamId: string): Promise<{ items: Integration[] }> {
      const sql = read();
      const rows = await connections(sql, teamId);
      return { items: await Promise.all(CRM_PROVIDERS.map((p) => view(sql, teamId, p, rows.find((r) => r.provider === p)))) };
    },

    connectHubspot: (teamId: string, input: HubspotConnect) => connect(teamId, 'hubspot', { secret: input.accessToken, settings: {} }),
    connectMailchimp: (teamId: string, input: MailchimpConnect) => connect(teamId, 'mailchimp', { secret: input.apiKey, settings: { audienceId: input.audienceId } }),

    /** The secret is deleted; pushes still waiting are not sent. */
    async disconnect(teamId: string, provider: string) {
      if (!(CRM_PROVIDERS as readonly string[]).includes(provider)) throw notFound(INTEGRATION_MESSAGES.notFound);
      await write(async (sql) => {
        const gone = await deleteConnection(sql, teamId, provider);
        if (!gone.length) throw notFound(INTEGRATION_MESSAGES.notFound);
        await failPendingPushes(sql, INTEGRATION_MESSAGES.disconnected, teamId, provider);
        await recordActivity(sql, teamId, 'integration.disconnected', { type: 'integration', id: provider, name: provider });
      });
      return { message: INTEGRATION_MESSAGES.disconnected };
    },

    /** leads' onCaptured: the lead to every connected CRM. */
    async onLeadCaptured(teamId: string, lead: Lead): Promise<void> {
      await enqueue(teamId, lead.id, 'contact', { lead: { email: lead.email, name: lead.name, consent: lead.consentText !== null } });
    },

    /** viewer sessions' onSessionEnded: a session of a known lead to every connected CRM. */
    async onSessionEnded(teamId: string, s: EndedSession): Promise<void> {
      if (!s.lead) return;
      const [row] = await leadConsent(read(), s.lead.id);
      const session: CrmSession = { videoId: s.videoId, videoName: s.videoName, startedAt: isoOf(s.startedAt), endedAt: isoOf(s.endedAt), watchedSeconds: s.watchedSeconds, percentWatched: s.percentWatched };
      await enqueue(teamId, s.lead.id, 'session', { lead: { email: s.lead.email, name: s.lead.name, consent: !!row?.consent_text }, session });
    },

    /**
     * One try of a push (the crm-push job; `attempt` counts from 0). A refusal fails it at once; a
     * retryable error throws for pg-boss to try again, and fails it on the last try.
     */
    async push(pushId: string, attempt: number): Promise<void> {
      const sql = read();
      const [p] = await pushRow(sql, pushId);
      if (p?.status !== 'pending') return;
      const [c] = await connectionRow(sql, p.team_id, p.provider);
      const settle = (status: CrmPush['status'], error: string | null) => settlePush(sql, status, error, pushId);
      if (!c) {
        await settle('failed', INTEGRATION_MESSAGES.disconnected);
        return;
      }
      let connector: CrmConnector;
      try {
        connector = d.connectors(p.provider, { secret: d.box.open(c.secret), settings: c.settings });
      } catch (err) {
        // A secret this install cannot open (its key was replaced): no try would succeed.
        d.log?.error({ err, pushId }, 'a CRM secret could not be opened');
        await settle('failed', 'The stored credentials could not be read: connect the service again.');
        return;
      }
      const payload = typeof p.payload === 'string' ? (JSON.parse(p.payload) as PushPayload) : p.payload;
      try {
        if (payload.session) await connector.recordSession(payload.lead, payload.session);
        else await connector.upsertContact(payload.lead);
      } catch (err) {
        const e = err instanceof CrmError ? err : new CrmError(String((err as Error)?.message ?? err), true);
        const again = e.retryable && attempt < d.retries;
        await settle(again ? 'pending' : 'failed', e.message);
        d.log?.warn({ pushId, provider: p.provider, attempt, again, status: e.status, err: e.message }, 'a CRM push failed');
        if (again) throw e;
        return;
      }
      await settle('succeeded', null);
    },
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
