import { Client } from '@hubspot/api-client';
import { INTEGRATION_MESSAGES } from '@reelbase/api-client';
import { type CrmConnector, CrmError, type CrmLead, type CrmSession, retryableStatus, sessionSummary, splitName, withTimeout } from './crm-connector.ts';

/** HubSpot's association type of a note to a contact (HUBSPOT_DEFINED). */
const NOTE_TO_CONTACT = 202;

/** An error of the HubSpot client (ApiException: `code` is the HTTP status) as a CrmError. */
function asCrmError(err: unknown): CrmError {
  if (err instanceof CrmError) return err;
  const e = err as { code?: unknown; body?: { message?: string } | string; message?: string };
  const status = typeof e.code === 'number' ? e.code : null;
  const said = typeof e.body === 'object' && e.body?.message ? e.body.message : null;
  const message = status ? `HubSpot answered ${status}${said ? `: ${said}` : ''}` : `HubSpot could not be reached: ${e.message ?? String(err)}`;
  // 409: another push created the contact between this one's lookup and its create; the next try finds it.
  return new CrmError(message.slice(0, 500), retryableStatus(status) || status === 409, status);
}

/**
 * HubSpot with a private app's access token, through the official client (@hubspot/api-client):
 * contacts by email (GET .../contacts/{email}?idProperty=email, then POST or PATCH), and a note
 * associated with the contact for each session. The client's own retries are off: the push job retries.
 */
export function hubspotConnector(o: { accessToken: string; basePath: string; timeoutMs: number }): CrmConnector {
  const client = new Client({ accessToken: o.accessToken, basePath: o.basePath.replace(/\/$/, ''), numberOfApiCallRetries: 0 });
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(o.timeoutMs, fn());
    } catch (err) {
      throw asCrmError(err);
    }
  };

  /** The contact's properties from the lead: a name only when the form asked for one (an update never blanks it). */
  const properties = (lead: CrmLead): Record<string, string> => {
    const name = splitName(lead.name);
    return { email: lead.email, ...(name && { firstname: name.first, ...(name.last && { lastname: name.last }) }) };
  };

  /** The contact's id: found by email and updated, or created. */
  async function upsert(lead: CrmLead): Promise<string> {
    const found = await call(() => client.crm.contacts.basicApi.getById(lead.email, ['email'], undefined, undefined, false, 'email')).catch((err: CrmError) => {
      if (err.status === 404) return null;
      throw err;
    });
    if (found) {
      if (lead.name) await call(() => client.crm.contacts.basicApi.update(found.id, { properties: properties(lead) }));
      return found.id;
    }
    const made = await call(() => client.crm.contacts.basicApi.create({ properties: properties(lead), associations: [] }));
    return made.id;
  }

  return {
    provider: 'hubspot',
    async verify() {
      try {
        await call(() => client.crm.contacts.basicApi.getPage(1));
      } catch (err) {
        const e = err as CrmError;
        if (e.status === 401 || e.status === 403) throw new CrmError(INTEGRATION_MESSAGES.tokenRefused, false, e.status, 'accessToken');
        throw e;
      }
      return { accountName: null };
    },
    async upsertContact(lead) {
      await upsert(lead);
    },
    async recordSession(lead: CrmLead, session: CrmSession) {
      const contactId = await upsert(lead);
      await call(() =>
        client.crm.objects.notes.basicApi.create({
          properties: { hs_timestamp: session.endedAt, hs_note_body: sessionSummary(session) },
          associations: [{ to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED' as never, associationTypeId: NOTE_TO_CONTACT }] }],
        }),
      );
    },
  };
}
