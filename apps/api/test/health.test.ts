import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

test('health tells a stranger and a user only ok, and an admin the database and the queue', async () => {
  const stranger = await s.api('GET', '/api/health');
  expect(stranger.status).toBe(200);
  expect(stranger.body).toEqual({ status: 'ok' });
  expect((await s.api('GET', '/api/health', { token: 'not-a-token' })).body).toEqual({ status: 'ok' });
  const user = await signUpAndLogin(s);
  expect((await s.api('GET', '/api/health', { token: user.accessToken })).body).toEqual({ status: 'ok' });
  const admin = await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } });
  const res = await s.api('GET', '/api/health', { token: admin.body.accessToken });
  expect(res.body).toMatchObject({ status: 'ok', database: 'ok', queue: 'ok' });
});

test('health names the ffmpeg in use to an admin: the system one at version 5 or newer, boxed', async () => {
  const admin = await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } });
  const res = await s.api('GET', '/api/health', { token: admin.body.accessToken });
  expect(res.body.media).toMatchObject({ ffmpeg: expect.stringMatching(/^[5-9]\.|^\d{2,}\./), source: 'system', isolation: expect.stringMatching(/^bubblewrap/) });
});

test('the OpenAPI document lists the auth calls with their exact paths', async () => {
  const res = await s.api('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.body.openapi).toBe('3.1.0');
  expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/auth/refresh', '/api/auth/login', '/api/users', '/api/profile']));
  expect(res.body.paths['/api/users'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('paymentMethod');
});

test('an unknown route answers 404 with a message', async () => {
  const res = await s.api('GET', '/api/nothing-here');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: 'Not found' });
});

test('security headers are set on API answers', async () => {
  const res = await s.api('GET', '/api/health');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
});
