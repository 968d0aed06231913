import { CRM_PROVIDERS, CRM_PUSHES_SHOWN, type CrmProvider, type CrmPush, type HubspotConnect, type Integration, INTEGRATION_MESSAGES, type Lead, type MailchimpConnect } from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import { HttpError, notFound, unprocessable } from '../../http/errors.ts';
import { recordActivity } from '../teams/activity.ts';
import { type CrmConnector, CrmError, type CrmLead, type CrmSession } from './crm-connector.ts';
import { type EndedSession, isoOf } from './ended-session.ts';

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

type PushPayload = { lead: CrmLead; session?: CrmSession };
type IntegrationRow = { provider: CrmProvider; secret: string; secret_hint: string; settings: { audienceId?: string }; account_name: string | null; created_at: Date };
type PushRow = { id: string; provider: CrmProvider; kind: CrmPush['kind']; email: string; video_name: string | null; status: CrmPush['status']; attempts: number; error: string | null; created_at: Date; updated_at: Date };

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
    return sql<IntegrationRow[]>('select provider, secret, secret_hint, settings, account_name, created_at from crm_integrations where team_id = ? order by provider', [teamId]);
  }

  async function view(sql: Sql, teamId: string, provider: CrmProvider, row?: IntegrationRow): Promise<Integration> {
    const pushes = row
      ? await sql<PushRow[]>('select id, provider, kind, email, video_name, status, attempts, error, created_at, updated_at from crm_pushes where team_id = ? and provider = ? order by created_at desc, id limit ?', [teamId, provider, CRM_PUSHES_SHOWN])
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
      const [row] = await sql<IntegrationRow[]>(
        `insert into crm_integrations (team_id, provider, secret, secret_hint, settings, account_name) values (?, ?, ?, ?, ?::jsonb, ?)
         on conflict (team_id, provider) do update set secret = excluded.secret, secret_hint = excluded.secret_hint, settings = excluded.settings,
           account_name = excluded.account_name, updated_at = now()
         returning provider, secret, secret_hint, settings, account_name, created_at`,
        [teamId, provider, d.box.seal(credentials.secret), hint(provider, credentials.secret), JSON.stringify(credentials.settings), accountName],
      );
      await recordActivity(sql, teamId, 'integration.connected', { type: 'integration', id: provider, name: provider }, { secretHint: row.secret_hint, ...(credentials.settings.audienceId && { audienceId: credentials.settings.audienceId }) });
      return view(sql, teamId, provider, row);
    });
  }

  /** One pending push per connection of the team, each with its job. */
  async function enqueue(teamId: string, leadId: string, kind: CrmPush['kind'], payload: PushPayload): Promise<void> {
    const ids = await write(async (sql) => {
      const providers = await sql<{ provider: CrmProvider }[]>('select provider from crm_integrations where team_id = ?', [teamId]);
      if (!providers.length) return [];
      // Old pushes go as new ones come: the card shows the last few, kept a month.
      await sql(`delete from crm_pushes where team_id = ? and created_at < now() - make_interval(days => ?)`, [teamId, PUSH_KEEP_DAYS]);
      const made: string[] = [];
      for (const { provider } of providers) {
        const id = crypto.randomUUID();
        await sql('insert into crm_pushes (id, team_id, lead_id, provider, kind, email, video_name, payload) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)', [
          id,
          teamId,
          leadId,
          provider,
          kind,
          payload.lead.email,
          payload.session?.videoName.slice(0, 255) ?? null,
          JSON.stringify(payload),
        ]);
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
        const gone = await sql<{ provider: string }[]>('delete from crm_integrations where team_id = ? and provider = ? returning provider', [teamId, provider]);
        if (!gone.length) throw notFound(INTEGRATION_MESSAGES.notFound);
        await sql("update crm_pushes set status = 'failed', error = ?, updated_at = now() where team_id = ? and provider = ? and status = 'pending'", [INTEGRATION_MESSAGES.disconnected, teamId, provider]);
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
      const [row] = await read()<{ consent_text: string | null }[]>('select consent_text from leads where id = ?', [s.lead.id]);
      const session: CrmSession = { videoId: s.videoId, videoName: s.videoName, startedAt: isoOf(s.startedAt), endedAt: isoOf(s.endedAt), watchedSeconds: s.watchedSeconds, percentWatched: s.percentWatched };
      await enqueue(teamId, s.lead.id, 'session', { lead: { email: s.lead.email, name: s.lead.name, consent: !!row?.consent_text }, session });
    },

    /**
     * One try of a push (the crm-push job; `attempt` counts from 0). A refusal fails it at once; a
     * retryable error throws for pg-boss to try again, and fails it on the last try.
     */
    async push(pushId: string, attempt: number): Promise<void> {
      const sql = read();
      const [p] = await sql<{ team_id: string; provider: CrmProvider; payload: PushPayload; status: string }[]>('select team_id, provider, payload, status from crm_pushes where id = ?', [pushId]);
      if (p?.status !== 'pending') return;
      const [c] = await sql<IntegrationRow[]>('select provider, secret, secret_hint, settings, account_name, created_at from crm_integrations where team_id = ? and provider = ?', [p.team_id, p.provider]);
      const settle = (status: CrmPush['status'], error: string | null) =>
        sql("update crm_pushes set status = ?, error = ?, attempts = attempts + 1, updated_at = now() where id = ? and status = 'pending'", [status, error, pushId]);
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
