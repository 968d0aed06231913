import { z } from 'zod';
import { maxLength, text } from './common.ts';
import { API_KEY_SCOPES, type ApiKeyScope } from './constants.ts';

/** API keys (issue 27): a team's keys for scripts and integrations, each with scopes. */
export const API_KEY_NAME_MAX = 100;
/** What the settings screen says each scope allows. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'videos:read': 'Read videos, folders, captions and GIFs',
  'videos:write': 'Upload, import, edit and delete videos',
  'analytics:read': 'Read viewer statistics',
  'webhooks:manage': 'Manage webhooks',
};

export const API_KEY_MESSAGES = {
  notAllowed: 'API keys cannot be used for this call. Sign in to do it.',
  invalid: 'This API key is not valid: it was revoked or never existed.',
  creatorLeft: 'This API key no longer works: the person who created it can no longer manage the team.',
  notFound: 'API key not found',
  revoked: 'API key revoked.',
} as const;
/** 422 of a new key past API_KEYS_MAX_PER_TEAM: the team's keys are all kept, none is made. */
export const tooManyApiKeysMessage = (max: number) => `This team already has ${max} API keys, the most it can have. Revoke one it no longer uses, then create the new one.`;
/** 403 of a key without the route's scope, naming it. */
export const missingScopeMessage = (scope: ApiKeyScope) => `This API key does not have the "${scope}" scope.`;

const scopesMessage = `Must be one or more of ${API_KEY_SCOPES.join(', ')}.`;
export const ApiKeyCreate = z.object({
  name: text(1).max(...maxLength(API_KEY_NAME_MAX)),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: scopesMessage }), { error: scopesMessage })
    .min(1, { error: 'Choose at least one scope.' })
    .max(API_KEY_SCOPES.length * 2, { error: scopesMessage })
    // Each scope once, in the contract's order.
    .transform((s) => API_KEY_SCOPES.filter((x) => s.includes(x))),
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreate>;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to recognise it (the key itself is shown once). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
/** The answer of a creation: the key itself, shown this once. */
export const ApiKeyCreated = ApiKey.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
export const ApiKeyList = z.object({ items: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;
