import type { ConnectorFactory } from './integrations.service.ts';
import { hubspotConnector } from './hubspot.ts';
import { mailchimpConnector } from './mailchimp.ts';

/** The connectors of this install: each CRM's API base from the settings (HUBSPOT_API_BASE, MAILCHIMP_API_BASE). */
export function crmConnectors(o: { hubspotBase: string; mailchimpBase: string; timeoutMs: number }): ConnectorFactory {
  return (provider, c) =>
    provider === 'hubspot'
      ? hubspotConnector({ accessToken: c.secret, basePath: o.hubspotBase, timeoutMs: o.timeoutMs })
      : mailchimpConnector({ apiKey: c.secret, audienceId: c.settings.audienceId ?? '', basePath: o.mailchimpBase, timeoutMs: o.timeoutMs });
}
