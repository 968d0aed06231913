import type { z } from 'zod';
import type { ApiKeyScope } from './constants.ts';
import type { TeamAccess } from './teams.ts';

/** One call of the API as the contract states it (endpoints.ts lists them all). */
export interface Endpoint {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
  path: string;
  summary: string;
  auth: 'none' | 'user' | 'admin' | 'optional';
  /**
   * For auth 'user': what the member's role in the acting team must allow (ROLE_PERMISSIONS), or
   * 'personal' for calls about the signed-in person alone. The OpenAPI document states it as
   * `x-permission` and the roles allowed as `x-roles`; the API checks it on every route.
   */
  team?: TeamAccess;
  /**
   * The API-key scope that covers this call (`Authorization: Bearer rbk_...`); without one, keys
   * are refused here (403). In OpenAPI as `x-api-key-scope` and the apiKey security requirement.
   */
  scope?: ApiKeyScope;
  /** A stable operationId when the one derived from method and path (openapi.ts) would not do. */
  operationId?: string;
  body?: z.ZodType;
  /** Query parameters, validated with this schema. */
  query?: z.ZodType;
  multipart?: Record<string, 'file' | 'string'>;
  response?: z.ZodType;
  /** A response that is not JSON (a page, media, a script), by its content type. */
  produces?: string;
  /** Calls of the tus resumable-upload protocol: its headers and plain-text errors, not this API's JSON. */
  tus?: true;
}
