import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from './common.ts';
import { endpoints } from './endpoints.ts';
import { API_KEY_PREFIX, API_KEY_SCOPES, TEAM_HEADER, TEAM_ROLES } from './constants.ts';
import { rolesWith } from './teams.ts';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

const capitalised = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
/**
 * The operationId of a call, derived from its method and path so that every route (those added
 * later too) gets a stable, unique camelCase name without anyone writing one: the method, then
 * each path word without `/api`, a parameter as `By<Name>`. `get /api/videos/{id}/captions` ->
 * `getVideosByIdCaptions`, `post /api/statistics/drop-off/{id}` -> `postStatisticsDropOffById`.
 * An Endpoint's own `operationId` wins.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((seg) => seg && seg !== 'api')
    .flatMap((seg) => seg.split(/(\{\w+\})/).flatMap((part) => (part.startsWith('{') ? ['by', part.slice(1, -1)] : part.split(/[^A-Za-z0-9]+/))))
    .filter(Boolean);
  return method + words.map(capitalised).join('');
}

/** OpenAPI 3.1 document generated from the contract, so the docs cannot drift from the checks. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Map<string, string>();
  for (const e of endpoints) {
    const operationId = e.operationId ?? operationIdOf(e.method, e.path);
    const at = `${e.method} ${e.path}`;
    // Two operations with one name would give a generated client one method for both: refused at start.
    if ((ids.get(operationId) ?? at) !== at) throw new Error(`operationId ${operationId} of ${at} is taken by ${ids.get(operationId)}: give one an explicit operationId`);
    ids.set(operationId, at);
    const content = e.response
      ? { 'application/json': { schema: schema(e.response, 'output') } }
      : e.produces
        ? { [e.produces]: { schema: { type: 'string', format: 'binary' } } }
        : undefined;
    const responses: Record<string, unknown> = {
      '2XX': { description: 'OK', content },
      // tus answers with its own plain-text errors.
      // A page answers its errors with a page.
      '4XX': {
        description: 'Client error',
        content: e.tus ? undefined : e.produces === 'text/html' ? { 'text/html': { schema: { type: 'string' } } } : { 'application/json': { schema: schema(ErrorBody, 'output') } },
      },
    };
    if (e.body || e.multipart) responses[422] = { description: 'Validation failed', content: { 'application/json': { schema: schema(ValidationErrorBody, 'output') } } };
    const body = e.body
      ? { required: true, content: { 'application/json': { schema: schema(e.body, 'input') } } }
      : e.multipart
        ? {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(Object.entries(e.multipart).map(([k, t]) => [k, t === 'file' ? { type: 'string', format: 'binary' } : { type: 'string' }])),
                },
              },
            },
          }
        : undefined;
    const inPath = [...e.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    // Team-scoped calls act for the team X-Team-Id names (the caller's own without it; 403 for a team they are not in).
    const teamHeader = e.team && e.team !== 'personal' && !e.path.includes('{teamId}') ? [{ name: TEAM_HEADER, in: 'header', required: false, schema: { type: 'string', format: 'uuid' } }] : [];
    const query = e.query ? (schema(e.query, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : {};
    const inQuery = Object.entries(query.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: query.required?.includes(name) ?? false, schema: s }));
    paths[e.path] ??= {};
    paths[e.path][e.method] = {
      operationId,
      summary: e.summary,
      parameters: [...inPath, ...inQuery, ...teamHeader],
      // A sign-in token, or an API key holding the call's scope (OpenAPI 3.1 lets an http scheme name the roles it needs).
      security: e.auth === 'none' ? [] : e.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }, ...(e.scope ? [{ apiKey: [e.scope] }] : [])],
      // The team's roles allowed to call it; 'personal' calls are open to every role.
      ...(e.team && { 'x-permission': e.team, 'x-roles': e.team === 'personal' ? [...TEAM_ROLES] : rolesWith(e.team) }),
      // The API-key scope that covers it; without one, keys are refused here (403).
      ...(e.scope && { 'x-api-key-scope': e.scope }),
      requestBody: body,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Reelbase API',
      version: '0.1.0',
      description: `Video hosting. Authenticate with a sign-in access token, or with an API key (\`Authorization: Bearer ${API_KEY_PREFIX}...\`, made in Settings) on the calls whose \`x-api-key-scope\` the key holds.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token of a sign-in (POST /api/auth/login), renewed with POST /auth/refresh.' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}<43 base64url characters>`,
          description: `A team's API key with scopes (${API_KEY_SCOPES.join(', ')}); refused with 403 on calls without \`x-api-key-scope\` and on calls whose scope it lacks, 401 once revoked, 429 with Retry-After past its requests per minute.`,
        },
      },
    },
    paths,
  };
}
