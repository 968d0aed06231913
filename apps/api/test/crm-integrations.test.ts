import { afterAll, beforeAll, expect, test } from 'vitest';
import { md5, startHubspotStandin, startMailchimpStandin } from './support/crm-standins.ts';
import { enableLeadForm, quietVideo } from './support/leads.ts';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 33 item 5: HubSpot and Mailchimp through their official clients, against local stand-ins
 * that speak each API's shape (test/support/crm-standins.ts): what arrives (path, headers, body),
 * a refused credential (422 with the field), retries after a 500 or a 429, and who may see or change
 * a connection.
 */
let s: TestServer;
let hubspot: Awaited<ReturnType<typeof startHubspotStandin>>;
let mailchimp: Awaited<ReturnType<typeof startMailchimpStandin>>;
let owner: SignedIn;
let other: SignedIn;
let viewer: SignedIn;
let video: string;
let n = 0;

beforeAll(async () => {
  hubspot = await startHubspotStandin();
  mailchimp = await startMailchimpStandin({ audienceName: 'Spring prospects' });
  s = await startTestServer({ ...hubspot.env, ...mailchimp.env, JOB_RETRY_DELAY_SECONDS: '1', CRM_PUSH_RETRIES: '3', TRUST_PROXY: 'true' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  viewer = await signUpAndLogin(s);
  await addMember(s, owner.id, viewer.id, 'viewer');
  video = await quietVideo(s, owner.id, { name: 'Spring tour' });
  await enableLeadForm(s, owner.accessToken, video, { nameField: true, consentText: 'Send me news' });
});
afterAll(async () => {
  await s?.stop();
  await hubspot?.close();
  await mailchimp?.close();
});

const submitLead = async (email: string, name?: string) => {
  const res = await s.api('POST', `/api/videos/${video}/leads`, { body: { email, ...(name && { name }), consent: true }, headers: { 'X-Forwarded-For': `198.51.100.${++n}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; email: string; name: string | null };
};
const integrations = async (token = owner.accessToken) => (await s.api('GET', '/api/integrations', { token })).body.items as any[];
/** Waits until every push of the provider has an outcome (the jobs run in this process's worker). */
async function settled(provider: 'hubspot' | 'mailchimp', count: number) {
  for (let i = 0; ; i++) {
    const pushes = (await integrations()).find((x) => x.provider === provider).pushes;
    if (pushes.length >= count && pushes.every((p: any) => p.status !== 'pending')) return pushes;
    if (i > 600) throw new Error(`pushes did not settle: ${JSON.stringify(pushes)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('refused credentials are a 422 naming the field; nothing is kept', async () => {
  const token = await s.api('PUT', '/api/integrations/hubspot', { token: owner.accessToken, body: { accessToken: 'pat-na1-wrong' } });
  expect(token.status).toBe(422);
  expect(token.body.errors.accessToken).toMatch(/HubSpot refused this access token/);
  const key = await s.api('PUT', '/api/integrations/mailchimp', { token: owner.accessToken, body: { apiKey: '0123456789abcdef-us21', audienceId: mailchimp.audienceId } });
  expect(key.status).toBe(422);
  expect(key.body.errors).toEqual({ apiKey: 'Mailchimp refused this API key.' });
  const audience = await s.api('PUT', '/api/integrations/mailchimp', { token: owner.accessToken, body: { apiKey: mailchimp.apiKey, audienceId: 'nope123' } });
  expect(audience.status).toBe(422);
  expect(audience.body.errors).toEqual({ audienceId: 'No audience with this id in the Mailchimp account.' });
  const malformed = await s.api('PUT', '/api/integrations/mailchimp', { token: owner.accessToken, body: { apiKey: 'no data centre', audienceId: '' } });
  expect(malformed.status).toBe(422);
  expect(Object.keys(malformed.body.errors).sort()).toEqual(['apiKey', 'audienceId']);
  expect((await integrations()).map((i) => [i.provider, i.connected])).toEqual([
    ['hubspot', false],
    ['mailchimp', false],
  ]);
});

test('connecting checks the credentials with the service and never shows the secret again', async () => {
  const hs = await s.api('PUT', '/api/integrations/hubspot', { token: owner.accessToken, body: { accessToken: hubspot.token } });
  expect(hs.status, JSON.stringify(hs.body)).toBe(200);
  expect(hs.body).toMatchObject({ provider: 'hubspot', connected: true, secretHint: hubspot.token.slice(-4), pushes: [] });
  const mc = await s.api('PUT', '/api/integrations/mailchimp', { token: owner.accessToken, body: { apiKey: mailchimp.apiKey, audienceId: mailchimp.audienceId } });
  expect(mc.status, JSON.stringify(mc.body)).toBe(200);
  expect(mc.body).toMatchObject({ provider: 'mailchimp', connected: true, secretHint: `${mailchimp.apiKey.split('-')[0].slice(-4)}-us21`, accountName: 'Spring prospects', audienceId: mailchimp.audienceId });
  // The check reached each service as its client sends: a bearer token, Basic auth with the key.
  expect(hubspot.calls.at(-1)).toMatchObject({ method: 'GET', path: '/crm/v3/objects/contacts', query: { limit: '1' }, headers: { authorization: `Bearer ${hubspot.token}` } });
  expect(mailchimp.calls.map((c) => `${c.method} ${c.path}`).slice(-2)).toEqual(['GET /3.0/ping', `GET /3.0/lists/${mailchimp.audienceId}`]);
  const listed = JSON.stringify(await integrations());
  expect(listed).not.toContain(hubspot.token);
  expect(listed).not.toContain(mailchimp.apiKey);
  // Nor is it in the database as it was typed.
  const rows = await s.services.orm.em.fork().getConnection().execute<{ secret: string }[]>('select secret from crm_integrations');
  expect(rows.map((r) => r.secret).join()).not.toContain(hubspot.token);
  const activity = await s.api('GET', `/api/teams/${owner.id}/activity?action=integration.connected`, { token: owner.accessToken });
  expect(activity.body.items.map((a: any) => a.subject.name).sort()).toEqual(['hubspot', 'mailchimp']);
});

test('a captured lead becomes a HubSpot contact and a Mailchimp member; captured again, the contact is updated', async () => {
  hubspot.calls.length = 0;
  mailchimp.calls.length = 0;
  await submitLead('Ana@Example.com');
  await settled('hubspot', 1);
  await settled('mailchimp', 1);
  const contact = [...hubspot.contacts.values()].find((c) => c.properties.email === 'ana@example.com');
  expect(contact).toBeDefined();
  expect(hubspot.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /crm/v3/objects/contacts/ana%40example.com', 'POST /crm/v3/objects/contacts']);
  expect(hubspot.calls[0].query.idProperty).toBe('email');
  expect(hubspot.calls[1].headers).toMatchObject({ authorization: `Bearer ${hubspot.token}`, 'content-type': expect.stringContaining('application/json') });
  expect(hubspot.calls[1].body).toEqual({ properties: { email: 'ana@example.com' }, associations: [] });
  const put = mailchimp.calls.find((c) => c.method === 'PUT');
  expect(put?.path).toBe(`/3.0/lists/${mailchimp.audienceId}/members/${md5('ana@example.com')}`);
  expect(put?.headers.authorization).toBe(`Basic ${Buffer.from(`user:${mailchimp.apiKey}`).toString('base64')}`);
  // The form asked for consent: the lead joins the audience as subscribed.
  expect(put?.body).toEqual({ email_address: 'ana@example.com', status_if_new: 'subscribed' });

  hubspot.calls.length = 0;
  await submitLead('ana@example.com', 'Ana Lima');
  await settled('hubspot', 2);
  expect(hubspot.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /crm/v3/objects/contacts/ana%40example.com', `PATCH /crm/v3/objects/contacts/${contact?.id}`]);
  expect(hubspot.contacts.get(contact?.id as string)?.properties).toMatchObject({ email: 'ana@example.com', firstname: 'Ana', lastname: 'Lima' });
  expect(hubspot.contacts.size).toBe(1);
  await settled('mailchimp', 2);
  expect(mailchimp.members.get(md5('ana@example.com'))?.merge_fields).toEqual({ FNAME: 'Ana', LNAME: 'Lima' });
});

test("a session a known lead watched is a note on the contact's timeline and a tag on the member", async () => {
  const lead = await submitLead('bo@example.com', 'Bo');
  await settled('hubspot', 3);
  await settled('mailchimp', 3);
  const endedAt = new Date();
  await s.services.onLeadWatched(owner.id, {
    sessionId: crypto.randomUUID(),
    videoId: video,
    videoName: 'Spring tour',
    viewerKey: crypto.randomUUID(),
    lead: { id: lead.id, email: lead.email, name: lead.name },
    startedAt: new Date(endedAt.getTime() - 95_000),
    endedAt,
    watchedSeconds: 95,
    percentWatched: 79.2,
  });
  const pushes = await settled('hubspot', 4);
  expect(pushes[0]).toMatchObject({ kind: 'session', email: 'bo@example.com', videoName: 'Spring tour', status: 'succeeded', attempts: 1 });
  const contact = [...hubspot.contacts.values()].find((c) => c.properties.email === 'bo@example.com');
  const note = hubspot.notes.at(-1);
  expect(note?.properties.hs_note_body).toMatch(/^Watched "Spring tour" on Reelbase: 1 min 35 s \(79% of the video\)/);
  expect(note?.properties.hs_timestamp).toBe(endedAt.toISOString());
  expect(note?.associations).toEqual([{ to: { id: contact?.id }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }]);
  await settled('mailchimp', 4);
  expect(mailchimp.members.get(md5('bo@example.com'))?.tags).toEqual(['Watched: Spring tour']);
  const tagCall = mailchimp.calls.at(-1);
  expect(tagCall).toMatchObject({ method: 'POST', path: `/3.0/lists/${mailchimp.audienceId}/members/${md5('bo@example.com')}/tags`, body: { tags: [{ name: 'Watched: Spring tour', status: 'active' }] } });
});

test('a 500, then a 429, from the CRM is tried again until it is taken', async () => {
  hubspot.failNext([500, 429], 'GET /crm/v3/objects/contacts/');
  mailchimp.failNext([503], 'PUT /3.0/lists/');
  await submitLead('cy@example.com');
  const [hs] = await settled('hubspot', 5);
  expect(hs).toMatchObject({ email: 'cy@example.com', status: 'succeeded', attempts: 3, error: null });
  expect(hubspot.calls.filter((c) => c.path === '/crm/v3/objects/contacts/cy%40example.com')).toHaveLength(3);
  expect([...hubspot.contacts.values()].some((c) => c.properties.email === 'cy@example.com')).toBe(true);
  const [mc] = await settled('mailchimp', 5);
  expect(mc).toMatchObject({ email: 'cy@example.com', status: 'succeeded', attempts: 2 });
});

test('a contact created by another push between the lookup and the create (409) is found on the next try', async () => {
  hubspot.createdMeanwhile('ed@example.com');
  await submitLead('ed@example.com');
  const [hs] = await settled('hubspot', 6);
  expect(hs).toMatchObject({ email: 'ed@example.com', status: 'succeeded', attempts: 2, error: null });
  expect([...hubspot.contacts.values()].filter((c) => c.properties.email === 'ed@example.com')).toHaveLength(1);
});

test('a refusal is not retried: the push fails with the service’s words on the card', async () => {
  hubspot.failNext([400], 'POST /crm/v3/objects/contacts');
  await submitLead('dee@example.com');
  const [hs] = await settled('hubspot', 7);
  expect(hs).toMatchObject({ email: 'dee@example.com', status: 'failed', attempts: 1 });
  expect(hs.error).toMatch(/^HubSpot answered 400/);
});

test('another team neither sees nor removes the connection; a viewer of the team cannot change it', async () => {
  const theirs = await integrations(other.accessToken);
  expect(theirs.every((i) => !i.connected && i.pushes.length === 0)).toBe(true);
  expect((await s.api('DELETE', '/api/integrations/hubspot', { token: other.accessToken })).status).toBe(404);
  expect((await s.api('DELETE', '/api/integrations/hubspot', { token: other.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
  for (const [method, path, body] of [
    ['GET', '/api/integrations', undefined],
    ['PUT', '/api/integrations/hubspot', { accessToken: hubspot.token }],
    ['DELETE', '/api/integrations/mailchimp', undefined],
  ] as const) {
    const res = await s.api(method, path, { token: viewer.accessToken, headers: inTeam(owner.id), body });
    expect(res.status, `${method} ${path}`).toBe(403);
  }
  expect((await integrations()).every((i) => i.connected)).toBe(true);
});

test('disconnecting deletes the secret; later leads are not pushed; an unknown provider is 404', async () => {
  expect((await s.api('DELETE', '/api/integrations/salesforce', { token: owner.accessToken })).status).toBe(404);
  const res = await s.api('DELETE', '/api/integrations/mailchimp', { token: owner.accessToken });
  expect(res.status).toBe(200);
  expect((await s.api('DELETE', '/api/integrations/mailchimp', { token: owner.accessToken })).status).toBe(404);
  const mc = (await integrations()).find((i) => i.provider === 'mailchimp');
  expect(mc).toMatchObject({ connected: false, secretHint: null, pushes: [] });
  const before = mailchimp.calls.length;
  await submitLead('eve@example.com');
  await settled('hubspot', 8);
  expect(mailchimp.calls.length).toBe(before);
  const activity = await s.api('GET', `/api/teams/${owner.id}/activity?action=integration.disconnected`, { token: owner.accessToken });
  expect(activity.body.items.map((a: any) => a.subject)).toEqual([{ type: 'integration', id: 'mailchimp', name: 'mailchimp' }]);
});

test('a lead erased from Reelbase leaves no push naming them on the card', async () => {
  const lead = await submitLead('fay@example.com');
  const pushes = await settled('hubspot', 9);
  expect(pushes.some((p: any) => p.email === 'fay@example.com')).toBe(true);
  await s.services.orm.em.fork().getConnection().execute('delete from leads where id = ?', [lead.id]);
  const after = JSON.stringify(await integrations());
  expect(after).not.toContain('fay@example.com');
  const [{ n }] = await s.services.orm.em.fork().getConnection().execute<{ n: string }[]>("select count(*) as n from crm_pushes where email = 'fay@example.com'");
  expect(Number(n)).toBe(0);
});
