import { createHash } from 'node:crypto';
import ApiClient, { type MailchimpError } from '@mailchimp/mailchimp_marketing/src/ApiClient.js';
import { INTEGRATION_MESSAGES } from '@reelbase/api-client';
import { type CrmConnector, CrmError, type CrmLead, type CrmSession, retryableStatus, splitName, withTimeout } from './crm-connector.ts';

/** Mailchimp's tags are at most 100 characters. */
const TAG_MAX = 100;

/** A member's id in an audience: the MD5 of the lower-cased email. */
export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');
/** The tag of a video: one per video watched. */
export const videoTag = (videoName: string) => `Watched: ${videoName}`.slice(0, TAG_MAX);

function asCrmError(err: unknown): CrmError {
  if (err instanceof CrmError) return err;
  const e = err as MailchimpError;
  const status = typeof e.status === 'number' ? e.status : null;
  const said = e.response?.body?.detail ?? e.response?.body?.title;
  const message = status ? `Mailchimp answered ${status}${said ? `: ${said}` : ''}` : `Mailchimp could not be reached: ${e.message ?? String(err)}`;
  return new CrmError(message.slice(0, 500), retryableStatus(status), status);
}

/**
 * Mailchimp with an API key (`<key>-<data centre>`) and an audience, through the official client
 * (@mailchimp/mailchimp_marketing, one ApiClient per team): the lead is put as a member
 * (PUT /lists/{id}/members/{hash}: added or updated), and each session adds the video's tag
 * (POST .../members/{hash}/tags). A lead who consented is added as subscribed; one who was not
 * asked is added as transactional (on the audience and tagged, sent no campaigns): docs/decisions.md.
 */
export function mailchimpConnector(o: { apiKey: string; audienceId: string; basePath: string; timeoutMs: number }): CrmConnector {
  const api = new ApiClient();
  api.basePath = o.basePath.replace(/\/$/, '');
  api.timeout = o.timeoutMs;
  api.setConfig({ apiKey: o.apiKey, server: o.apiKey.split('-').pop() ?? '' });
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await withTimeout(o.timeoutMs + 1000, fn());
    } catch (err) {
      throw asCrmError(err);
    }
  };

  async function putMember(lead: CrmLead) {
    const name = splitName(lead.name);
    await call(() =>
      api.lists.setListMember(o.audienceId, subscriberHash(lead.email), {
        email_address: lead.email,
        status_if_new: lead.consent ? 'subscribed' : 'transactional',
        ...(name && { merge_fields: { FNAME: name.first, ...(name.last && { LNAME: name.last }) } }),
      }),
    );
  }

  return {
    provider: 'mailchimp',
    async verify() {
      try {
        await call(() => api.ping.get());
      } catch (err) {
        const e = err as CrmError;
        if (e.status === 401 || e.status === 403) throw new CrmError(INTEGRATION_MESSAGES.apiKeyRefused, false, e.status, 'apiKey');
        throw e;
      }
      try {
        const list = await call(() => api.lists.getList(o.audienceId));
        return { accountName: list.name ?? null };
      } catch (err) {
        const e = err as CrmError;
        if (e.status === 404) throw new CrmError(INTEGRATION_MESSAGES.audienceRefused, false, e.status, 'audienceId');
        throw e;
      }
    },
    async upsertContact(lead) {
      await putMember(lead);
    },
    async recordSession(lead: CrmLead, session: CrmSession) {
      await putMember(lead);
      await call(() => api.lists.updateListMemberTags(o.audienceId, subscriberHash(lead.email), { tags: [{ name: videoTag(session.videoName), status: 'active' }] }));
    },
  };
}
