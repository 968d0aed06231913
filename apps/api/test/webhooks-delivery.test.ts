import { WEBHOOK_USER_AGENT } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip, makeNonVideo } from './support/clips.ts';
import { enableLeadForm, quietVideo } from './support/leads.ts';
import { mailsTo } from './support/mail.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';
import { startReceiver, verifyStandardWebhook } from './support/webhook-receiver.ts';

/**
 * Deliveries, end to end: the worker signs (Standard Webhooks) and sends each event to a local
 * receiver, retries after failures on a short schedule, refuses private addresses as imports do,
 * and disables an endpoint after 5 days of failures (time driven through the database).
 */
let s: TestServer;
let owner: SignedIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  // Loopback is reachable only because the allow-list names it (as imports' tests do); tries follow each other after 1 s.
  s = await startTestServer({ IMPORT_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1', WEBHOOK_RETRY_WINDOW_SECONDS: '3600' });
  owner = await signUpAndLogin(s);
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await receiver?.close();
});

const api = (method: string, path: string, body?: unknown) => s.api(method, path, { token: owner.accessToken, body });
const sql = (q: string, p: unknown[] = []) => s.services.orm.em.fork().getConnection().execute(q, p);

async function endpoint(path: string, events: string[] = ['video.ready']) {
  const res = await api('POST', '/api/webhooks', { url: receiver.url(path), events });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

/** Polls the endpoint's deliveries until one satisfies `until`. */
async function waitForDelivery(endpointId: string, until: (d: any) => boolean, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api('GET', `/api/webhooks/${endpointId}/deliveries`);
    const found = res.body.items?.find(until);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such delivery: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('an upload sends video.ready, signed so the receiver verifies it with the Standard Webhooks algorithm; a delete sends video.deleted; a caption file captions.ready', async () => {
  const hook = await endpoint('/ready', ['video.ready', 'video.deleted', 'captions.ready']);
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 2, audio: true });
  const upload = await s.upload(owner.accessToken, clip, { name: 'Harbour tour' });
  expect(upload.status).toBe(201);
  const [got] = await receiver.waitFor('/ready', 1, 60_000);
  expect(got.headers['content-type']).toBe('application/json');
  expect(got.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
  expect(got.headers['webhook-id']).toMatch(/^msg_/);
  expect(verifyStandardWebhook(hook.secret, got.headers, got.body)).toBe(true);
  // A tampered body or another secret does not verify.
  expect(verifyStandardWebhook(hook.secret, got.headers, got.body.replace('Harbour', 'Harbor'))).toBe(false);
  expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got.headers, got.body)).toBe(false);
  const event = JSON.parse(got.body);
  expect(event).toMatchObject({ type: 'video.ready', data: { id: upload.body.id, name: 'Harbour tour', width: 320, height: 180 } });
  expect(Date.parse(event.timestamp)).toBeGreaterThan(Date.now() - 120_000);
  // The video plays when the event says it is ready.
  const video = await api('GET', `/api/videos/${upload.body.id}`);
  expect(video.body.isHlsReady).toBe(true);
  const delivered = await waitForDelivery(hook.id, (d) => d.status === 'succeeded');
  expect(delivered).toMatchObject({ eventType: 'video.ready', responseStatus: 204, attempts: 1, error: null, messageId: got.headers['webhook-id'], body: got.body });

  const form = new FormData();
  form.append('language', 'en');
  form.append('file', new Blob(['WEBVTT\n\n00:00.500 --> 00:01.500\nWelcome aboard.\n']), 'captions.vtt');
  const caption = await fetch(`${s.url}/api/videos/${upload.body.id}/captions`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  expect(caption.status).toBe(201);
  const track = (await caption.json()) as { id: string };
  const [, captioned] = await receiver.waitFor('/ready', 2);
  expect(JSON.parse(captioned.body)).toMatchObject({ type: 'captions.ready', data: { id: track.id, videoId: upload.body.id, videoName: 'Harbour tour', language: 'en', cueCount: 1 } });

  expect((await api('DELETE', `/api/videos/${upload.body.id}`)).status).toBe(200);
  const [, , deleted] = await receiver.waitFor('/ready', 3);
  expect(JSON.parse(deleted.body)).toMatchObject({ type: 'video.deleted', data: { id: upload.body.id, name: 'Harbour tour' } });
  expect(verifyStandardWebhook(hook.secret, deleted.headers, deleted.body)).toBe(true);
}, 120_000);

test('a file that is not a video sends video.failed with the reason its owner sees', async () => {
  const hook = await endpoint('/failed', ['video.failed']);
  const upload = await s.upload(owner.accessToken, await makeNonVideo(), { name: 'Not a video' });
  expect(upload.status).toBe(201);
  const [got] = await receiver.waitFor('/failed', 1, 60_000);
  expect(verifyStandardWebhook(hook.secret, got.headers, got.body)).toBe(true);
  const failed = await s.waitForVideo(owner.accessToken, upload.body.id, (v) => v.processing?.stage === 'failed');
  expect(JSON.parse(got.body)).toMatchObject({ type: 'video.failed', data: { id: upload.body.id, name: 'Not a video', reason: failed.processing.error } });
}, 90_000);

test('a receiver answering 500 gets the same message again on the retry schedule, and its success is recorded', async () => {
  receiver.answer('/flaky', 500, 503, 200);
  const hook = await endpoint('/flaky');
  const test = await api('POST', `/api/webhooks/${hook.id}/test`);
  expect(test.status).toBe(202);
  expect(test.body).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
  const tries = await receiver.waitFor('/flaky', 3);
  expect(new Set(tries.map((t) => t.headers['webhook-id']))).toEqual(new Set([test.body.messageId]));
  for (const t of tries) expect(verifyStandardWebhook(hook.secret, t.headers, t.body)).toBe(true);
  // Each retry waited its turn (1 s on this schedule).
  expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(900);
  expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(900);
  const done = await waitForDelivery(hook.id, (d) => d.id === test.body.id && d.status === 'succeeded');
  expect(done).toMatchObject({ attempts: 3, responseStatus: 200, error: null });
  expect((await api('GET', `/api/webhooks/${hook.id}`)).body.failingSince).toBeNull();
}, 60_000);

test('private addresses get nothing, and the delivery records why; a redirect to one is not followed', async () => {
  const hook = await endpoint('/private');
  // What the address may turn into after it was registered (a DNS change): each try checks it again.
  for (const url of ['https://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data/', `http://localhost:${receiver.port}/private`]) {
    await sql('update webhook_endpoints set url = ? where id = ?', [url, hook.id]);
    const sent = await api('POST', `/api/webhooks/${hook.id}/test`);
    const failed = await waitForDelivery(hook.id, (d) => d.id === sent.body.id && d.attempts >= 1 && d.error);
    expect(failed.responseStatus, url).toBeNull();
    expect(failed.error, url).toContain('private');
  }
  expect(receiver.at('/private')).toHaveLength(0);

  receiver.answer('/moved', 302);
  await sql('update webhook_endpoints set url = ? where id = ?', [receiver.url('/moved'), hook.id]);
  const sent = await api('POST', `/api/webhooks/${hook.id}/test`);
  const redirected = await waitForDelivery(hook.id, (d) => d.id === sent.body.id && d.attempts >= 1 && d.error);
  expect(redirected.responseStatus).toBe(302);
  expect(redirected.error).toContain('redirects are not followed');
  expect(receiver.at('/moved').length).toBeGreaterThanOrEqual(1);
}, 60_000);

test('resend sends the same message again; after a rotation both secrets sign while the old one overlaps', async () => {
  const hook = await endpoint('/again');
  const first = await api('POST', `/api/webhooks/${hook.id}/test`);
  await waitForDelivery(hook.id, (d) => d.id === first.body.id && d.status === 'succeeded');
  const resent = await api('POST', `/api/webhooks/${hook.id}/deliveries/${first.body.id}/resend`);
  expect(resent.status).toBe(202);
  expect(resent.body).toMatchObject({ messageId: first.body.messageId, body: first.body.body, status: 'pending' });
  expect(resent.body.id).not.toBe(first.body.id);
  const [a, b] = await receiver.waitFor('/again', 2);
  expect(b.headers['webhook-id']).toBe(a.headers['webhook-id']);
  expect(b.body).toBe(a.body);
  await waitForDelivery(hook.id, (d) => d.id === resent.body.id && d.status === 'succeeded');

  const rotated = (await api('POST', `/api/webhooks/${hook.id}/rotate-secret`)).body;
  await api('POST', `/api/webhooks/${hook.id}/test`);
  const [, , c] = await receiver.waitFor('/again', 3);
  expect(String(c.headers['webhook-signature']).split(' ')).toHaveLength(2);
  expect(verifyStandardWebhook(rotated.secret, c.headers, c.body)).toBe(true);
  expect(verifyStandardWebhook(hook.secret, c.headers, c.body)).toBe(true);
  // Once the overlap is over, only the new secret signs.
  await sql("update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = ?", [hook.id]);
  await api('POST', `/api/webhooks/${hook.id}/test`);
  const [, , , d] = await receiver.waitFor('/again', 4);
  expect(verifyStandardWebhook(rotated.secret, d.headers, d.body)).toBe(true);
  expect(verifyStandardWebhook(hook.secret, d.headers, d.body)).toBe(false);
}, 60_000);

test('an endpoint failing for 5 days in a row is disabled and the owner mailed; 4 days of failures are not enough', async () => {
  receiver.answer('/down', 500);
  const down = await endpoint('/down');
  const recent = await endpoint('/down');
  // Their first failures, as if they were days ago.
  await sql("update webhook_endpoints set failing_since = now() - interval '5 days 1 minute' where id = ?", [down.id]);
  await sql("update webhook_endpoints set failing_since = now() - interval '4 days' where id = ?", [recent.id]);
  const sent = await api('POST', `/api/webhooks/${down.id}/test`);
  const other = await api('POST', `/api/webhooks/${recent.id}/test`);
  const failed = await waitForDelivery(down.id, (d) => d.id === sent.body.id && d.status === 'failed');
  expect(failed).toMatchObject({ responseStatus: 500, attempts: 1, nextAttemptAt: null });
  const endpoint1 = (await api('GET', `/api/webhooks/${down.id}`)).body;
  expect(endpoint1.enabled).toBe(false);
  expect(endpoint1.disabledReason).toContain('5 days');
  const deadline = Date.now() + 15_000;
  let mail = (await mailsTo(s.dataDir, owner.email)).find((m) => m.template === 'webhook-disabled');
  while (!mail && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    mail = (await mailsTo(s.dataDir, owner.email)).find((m) => m.template === 'webhook-disabled');
  }
  expect(mail?.subject).toBe('A webhook endpoint was disabled');
  expect(mail?.text).toContain(receiver.url('/down').replace('http://', ''));
  // The one failing for 4 days keeps its retries and stays on.
  await waitForDelivery(recent.id, (d) => d.id === other.body.id && d.attempts >= 1);
  expect((await api('GET', `/api/webhooks/${recent.id}`)).body.enabled).toBe(true);
  // A disabled endpoint gets no events; turned back on, its failures start over.
  const before = receiver.at('/down').length;
  const clip = await makeClip({ codec: 'h264', width: 320, height: 180, seconds: 1, audio: false });
  await api('DELETE', `/api/webhooks/${recent.id}`);
  const up = await s.upload(owner.accessToken, clip, { name: 'Quiet' });
  await s.waitForVideo(owner.accessToken, up.body.id, (v) => v.isHlsReady);
  await new Promise((r) => setTimeout(r, 1500));
  expect(receiver.at('/down')).toHaveLength(before);
  const on = await api('PUT', `/api/webhooks/${down.id}`, { enabled: true });
  expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
}, 90_000);

test('a lead left in the player sends lead.captured with the email, the video and the page it came from', async () => {
  const hook = await endpoint('/lead', ['lead.captured']);
  const video = await quietVideo(s, owner.id, { name: 'Spring tour' });
  await enableLeadForm(s, owner.accessToken, video);
  const lead = await s.api('POST', `/api/videos/${video}/leads`, { body: { email: 'ana@example.com', page: 'https://shop.example.com/spring' } });
  expect(lead.status, JSON.stringify(lead.body)).toBe(201);
  const [got] = await receiver.waitFor('/lead', 1, 30_000);
  expect(verifyStandardWebhook(hook.secret, got.headers, got.body)).toBe(true);
  expect(JSON.parse(got.body)).toMatchObject({ type: 'lead.captured', data: { id: lead.body.id, videoId: video, videoName: 'Spring tour', email: 'ana@example.com', pageOrigin: 'https://shop.example.com' } });
}, 60_000);
