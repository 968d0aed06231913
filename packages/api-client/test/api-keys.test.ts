import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { ApiKeyCreate } from '../src/contract/api-keys.ts';
import { createApiClient } from '../src/client/api.ts';
import { ApiError } from '../src/client/errors.ts';
import { API_KEY_ERROR_CODES } from '../src/contract/constants.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import { buildOpenApiDocument, operationIdOf } from '../src/contract/openapi.ts';
import { signedIn } from './support/client.ts';

type Op = { operationId: string; security: Record<string, string[]>[]; 'x-api-key-scope'?: string };

describe('the API-key contract', () => {
  it('gives every operation a unique camelCase operationId derived from its method and path, so new routes get one too', () => {
    const doc = buildOpenApiDocument('https://videos.reelbase.app') as unknown as { paths: Record<string, Record<string, Op>> };
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.length).toBeGreaterThan(76);
    expect(new Set(ids).size).toBe(ids.length);
    for (const opId of ids) expect(opId).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    expect(doc.paths['/api/videos'].get.operationId).toBe('getVideos');
    expect(doc.paths['/api/videos/{id}/captions/{captionId}.{format}'].get.operationId).toBe('getVideosByIdCaptionsByCaptionIdByFormat');
    expect(doc.paths['/api/statistics/drop-off/{id}'].post.operationId).toBe('postStatisticsDropOffById');
    expect(operationIdOf('post', '/api/videos/{id}/chapters')).toBe('postVideosByIdChapters');
  });

  it('lets a scope reach only calls the matching team permission allows, and states it in the document', () => {
    const permissionOf = { 'videos:read': 'view', 'analytics:read': 'view', 'videos:write': 'edit', 'webhooks:manage': 'manageTeam' } as Record<string, string>;
    const doc = buildOpenApiDocument('https://videos.reelbase.app') as unknown as { paths: Record<string, Record<string, Op>> };
    for (const e of endpoints.filter((x) => x.scope)) {
      // Reading leads and viewer sessions (prospects' and viewers' personal data, and the figures
      // drawn from them) needs its own permission on top of the scope; changing them follows the scope.
      const personal = e.method === 'get' && /leads|viewers|engagement|analytics\/(trend|viewer-settings)/.test(e.path);
      const permission = personal ? 'readLeads' : permissionOf[e.scope as string];
      expect([`${e.method} ${e.path}`, e.auth, e.team]).toEqual([`${e.method} ${e.path}`, 'user', permission]);
      const op = doc.paths[e.path][e.method];
      expect(op['x-api-key-scope']).toBe(e.scope);
      expect(op.security).toEqual([{ bearer: [] }, { apiKey: [e.scope] }]);
    }
    // Never on account, password, payment, admin, teams or the keys.
    const keyless = endpoints.filter((e) => /^\/api\/(profile|payment|users|admin|teams|api-keys|auth)/.test(e.path));
    expect(keyless.length).toBeGreaterThan(30);
    expect(keyless.filter((e) => e.scope)).toEqual([]);
  });

  it('checks names and scopes', () => {
    expect(ApiKeyCreate.parse({ name: ' CI ', scopes: ['videos:write', 'videos:read', 'videos:write'] })).toEqual({ name: 'CI', scopes: ['videos:read', 'videos:write'] });
    expect(ApiKeyCreate.safeParse({ name: 'CI', scopes: ['videos:delete'] }).success).toBe(false);
    expect(ApiKeyCreate.safeParse({ name: 'CI', scopes: [] }).success).toBe(false);
  });
});

describe('the client with an API key', () => {
  it('calls with the key instead of a session: lists and uploads videos, and a revoked key throws a 401 ApiError', async () => {
    const owner = await signedIn();
    const made = await owner.client.apiKeys.create({ name: 'script', scopes: ['videos:read', 'videos:write'] });
    expect(made.key).toMatch(/^rbk_/);
    const byKey = createApiClient({ baseUrl: inject('apiUrl'), apiKey: made.key });
    const file = new Blob([await readFile(inject('sampleVideo'))], { type: 'video/mp4' });
    const video = await byKey.videos.upload({ file, filename: 'sample.mp4', name: 'From a script' });
    expect(video.name).toBe('From a script');
    expect((await byKey.videos.list()).items.map((v) => v.id)).toContain(video.id);
    // Resumable (tus) with the key too.
    const resumed = await byKey.videos.upload({ file, filename: 'sample.mp4', name: 'Resumable', resumableAboveBytes: 1 });
    expect(resumed.name).toBe('Resumable');
    // Keys cannot reach the account.
    await expect(byKey.profile.get()).rejects.toMatchObject({ status: 403, code: API_KEY_ERROR_CODES.notAllowed });

    await owner.client.apiKeys.revoke(made.id);
    const refused = await byKey.videos.list().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: API_KEY_ERROR_CODES.invalid });
    expect((await owner.client.apiKeys.list()).items).toEqual([]);
  });
});
