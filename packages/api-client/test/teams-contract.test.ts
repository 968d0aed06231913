import { describe, expect, it } from 'vitest';
import { createApiClient } from '../src/client/api.ts';
import { memoryTokenStorage } from '../src/client/session.ts';
import type { FetchLike } from '../src/client/transport.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import { buildOpenApiDocument } from '../src/contract/openapi.ts';
import { ROLE_PERMISSIONS, TEAM_ERROR_CODES, TEAM_HEADER, TEAM_ROLES } from '../src/contract/constants.ts';
import { missingPermissionMessage, rolesWith } from '../src/contract/teams.ts';
import { CARD, signedIn, testClient, uniqueEmail } from './support/client.ts';

type Op = { 'x-permission'?: string; 'x-roles'?: string[]; parameters: { name: string; in: string }[] };

describe('the teams contract', () => {
  it('gives every signed-in operation a team permission, and the OpenAPI document states its roles', () => {
    const doc = buildOpenApiDocument('http://localhost') as unknown as { paths: Record<string, Record<string, Op>> };
    const untagged = endpoints.filter((e) => e.auth === 'user' && !e.team).map((e) => `${e.method} ${e.path}`);
    expect(untagged).toEqual([]);
    for (const e of endpoints.filter((x) => x.team)) {
      const op = doc.paths[e.path][e.method];
      expect(op['x-permission']).toBe(e.team);
      expect(op['x-roles']).toEqual(e.team === 'personal' ? [...TEAM_ROLES] : rolesWith(e.team as Exclude<typeof e.team, 'personal' | undefined>));
    }
    // Public and admin calls are about no team.
    expect(doc.paths['/api/auth/login'].post['x-roles']).toBeUndefined();
    expect(doc.paths['/api/videos'].post['x-roles']).toEqual(['owner', 'admin', 'editor']);
    expect(doc.paths['/api/payment/subscription'].put['x-roles']).toEqual(['owner']);
    expect(doc.paths['/api/videos/{id}'].get['x-roles']).toEqual(['owner', 'admin', 'editor', 'viewer']);
    expect(doc.paths['/api/teams/{teamId}/members'].get['x-roles']).toEqual(['owner', 'admin']);
    // The acting team's header is documented where the path does not name the team.
    expect(doc.paths['/api/videos'].post.parameters.map((p) => `${p.in}:${p.name}`)).toContain(`header:${TEAM_HEADER}`);
    expect(doc.paths['/api/teams/{teamId}/members'].get.parameters.map((p) => p.in)).not.toContain('header');
  });

  it('lets only the owner bill and transfer, and names the missing permission', () => {
    expect(rolesWith('billing')).toEqual(['owner']);
    expect(rolesWith('ownership')).toEqual(['owner']);
    expect(rolesWith('manageTeam')).toEqual(['owner', 'admin']);
    expect(ROLE_PERMISSIONS.viewer).toEqual(['view']);
    expect(rolesWith('readLeads')).toEqual(['owner', 'admin', 'editor']);
    expect(missingPermissionMessage('edit', 'viewer')).toBe('Your role in this team (viewer) does not have the "edit" permission.');
  });

  it('sends the selected team in X-Team-Id on JSON and multipart calls, and none for the own team', async () => {
    const seen: { url: string; team: string | null }[] = [];
    const fetcher: FetchLike = async (url, init) => {
      const headers = new Headers(init?.headers);
      seen.push({ url: new URL(url).pathname, team: headers.get(TEAM_HEADER) });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const storage = memoryTokenStorage();
    await storage.save({ accessToken: 'a', refreshToken: 'r', isAdmin: false, isPaymentMethodSet: true });
    const client = createApiClient({ baseUrl: 'http://api.test', storage, fetch: fetcher, teamId: 'team-a' });
    await client.videos.list();
    client.setTeam('team-b');
    expect(client.getTeam()).toBe('team-b');
    await client.videos.uploadCover('v1', new Blob([new Uint8Array(4)], { type: 'image/png' }), { filename: 'c.png' });
    await client.playerConfig.uploadLogo('v1', new Blob([new Uint8Array(4)], { type: 'image/png' }), 'l.png');
    client.setTeam(null);
    await client.folders.list(null);
    expect(seen).toEqual([
      { url: '/api/videos', team: 'team-a' },
      { url: '/api/videos/v1/upload/image', team: 'team-b' },
      { url: '/api/player-config/v1/image', team: 'team-b' },
      { url: '/api/folders', team: null },
    ]);
  });
});

describe('teams through the client, against the real API', () => {
  it('lists the caller\'s teams, invites within the plan\'s seats, and reports a foreign team and full seats by their codes', async () => {
    const t = testClient();
    const email = uniqueEmail();
    await t.client.users.register({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'secret123', paymentMethod: { type: 'card', cardInfo: CARD }, paymentPlanId: 'silver-1m' });
    await t.client.auth.login({ email, password: 'secret123' });
    const { items, defaultTeamId } = await t.client.teams.list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: defaultTeamId, role: 'owner', isOwn: true, permissions: ['billing', 'ownership', 'manageTeam', 'edit', 'readLeads', 'view'] });
    const teamId = items[0].id;

    const invited = await t.client.teams.invite(teamId, uniqueEmail(), 'editor');
    expect(invited).toMatchObject({ role: 'editor', expired: false });
    expect((await t.client.teams.invitations(teamId)).seats).toMatchObject({ used: 2, limit: 3 });
    await t.client.teams.revokeInvitation(teamId, invited.id);
    expect((await t.client.teams.invitations(teamId)).items).toEqual([]);

    // Without a plan, the owner's seat is the only one.
    const { client: solo } = await signedIn();
    const soloTeam = (await solo.teams.list()).items[0].id;
    const full = await solo.teams.invite(soloTeam, uniqueEmail(), 'viewer').catch((e) => e);
    expect(full).toMatchObject({ status: 402, code: TEAM_ERROR_CODES.seatLimit });

    // A team the caller is not in, selected with setTeam: every call says so.
    solo.setTeam(teamId);
    const refused = await solo.videos.list().catch((e) => e);
    expect(refused).toMatchObject({ status: 403, code: TEAM_ERROR_CODES.notMember });
    solo.setTeam(null);
    expect((await solo.videos.list()).items).toEqual([]);
  });
});
