import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

test('health reports the database and the queue', async () => {
  const res = await s.api('GET', '/api/health');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'ok', database: 'ok', queue: 'ok' });
});

test('health names the ffmpeg in use: the system one at version 5 or newer, boxed', async () => {
  const res = await s.api('GET', '/api/health');
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
