import { z } from 'zod';
import { ErrorBody, ValidationErrorBody } from './common.ts';
import { endpoints } from './endpoints.ts';
import { TEAM_HEADER, TEAM_ROLES } from './constants.ts';
import { rolesWith } from './teams.ts';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** OpenAPI 3.1 document generated from the contract, so the docs cannot drift from the checks. */
export function buildOpenApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
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
      summary: e.summary,
      parameters: [...inPath, ...inQuery, ...teamHeader],
      security: e.auth === 'none' ? [] : e.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }],
      // The team's roles allowed to call it; 'personal' calls are open to every role.
      ...(e.team && { 'x-permission': e.team, 'x-roles': e.team === 'personal' ? [...TEAM_ROLES] : rolesWith(e.team) }),
      requestBody: body,
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Reelbase API', version: '0.1.0' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
