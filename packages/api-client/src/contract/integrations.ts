import { z } from 'zod';

// ---- issue 33 item 5: CRM connectors (HubSpot, Mailchimp) ----

export const CRM_PROVIDERS = ['hubspot', 'mailchimp'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
export const CRM_PROVIDER_NAMES: Record<CrmProvider, string> = { hubspot: 'HubSpot', mailchimp: 'Mailchimp' };
/** Pushes shown per connection on the Settings card (newest first); older ones are kept 30 days. */
export const CRM_PUSHES_SHOWN = 20;
/** What a push sends: a captured lead as a contact (member), or a watched session as a note (tag). */
export const CRM_PUSH_KINDS = ['contact', 'session'] as const;
export const CRM_PUSH_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const INTEGRATION_MESSAGES = {
  notFound: 'Integration not found',
  disconnected: 'Integration disconnected',
  token: 'Enter the access token of your HubSpot private app.',
  tokenRefused: 'HubSpot refused this access token: check that it is the private app\u2019s token and that the app has the contacts scopes.',
  apiKey: 'Enter the API key as Mailchimp shows it (it ends in -us21 or similar).',
  apiKeyRefused: 'Mailchimp refused this API key.',
  audience: 'Enter the audience id (Audience, Settings, Audience name and defaults).',
  audienceRefused: 'No audience with this id in the Mailchimp account.',
  unreachable: 'The service could not be reached. Try again in a few minutes.',
} as const;

const secret = (message: string, pattern?: RegExp) => {
  const s = z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: message });
  return pattern ? s.regex(pattern, { error: message }) : s;
};

/** PUT /api/integrations/hubspot: a private app's access token (crm.objects.contacts.read/write scopes). */
export const HubspotConnect = z.object({ accessToken: secret(INTEGRATION_MESSAGES.token, /^[\x21-\x7e]+$/) });
export type HubspotConnect = z.infer<typeof HubspotConnect>;

/** PUT /api/integrations/mailchimp: an API key (`<key>-<data centre>`) and the audience the leads join. */
export const MailchimpConnect = z.object({
  apiKey: secret(INTEGRATION_MESSAGES.apiKey, /^[0-9a-z]{8,64}-[a-z]{2,6}[0-9]{1,4}$/i),
  audienceId: secret(INTEGRATION_MESSAGES.audience, /^[0-9a-z]{1,32}$/i),
});
export type MailchimpConnect = z.infer<typeof MailchimpConnect>;

export const CrmPush = z.object({
  id: z.string(),
  kind: z.enum(CRM_PUSH_KINDS),
  /** The lead's email. */
  email: z.string(),
  /** The video watched (session pushes). */
  videoName: z.string().nullable(),
  /** pending: waiting for a (next) try; succeeded; failed: refused, or no more tries. */
  status: z.enum(CRM_PUSH_STATUSES),
  attempts: z.number().int(),
  /** Why the last try failed, or null. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CrmPush = z.infer<typeof CrmPush>;

export const Integration = z.object({
  provider: z.enum(CRM_PROVIDERS),
  connected: z.boolean(),
  /** The secret's last 4 characters (a Mailchimp key's with its data centre: `abcd-us21`), never the secret. */
  secretHint: z.string().nullable(),
  /** What the service calls the account: HubSpot's portal, Mailchimp's audience name. */
  accountName: z.string().nullable(),
  /** Mailchimp's audience id. */
  audienceId: z.string().nullable(),
  connectedAt: z.string().nullable(),
  pushes: z.array(CrmPush),
});
export type Integration = z.infer<typeof Integration>;

/** GET /api/integrations: both providers, connected or not. */
export const IntegrationList = z.object({ items: z.array(Integration) });
export type IntegrationList = z.infer<typeof IntegrationList>;
