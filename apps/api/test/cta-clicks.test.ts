import { afterAll, beforeAll, expect, test } from 'vitest';
import { quietVideo } from './support/leads.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let other: Awaited<ReturnType<typeof signUpAndLogin>>;
let withCta: string;
let without: string;

beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: 'true', STATS_FLUSH_SECONDS: '3600', STATS_BEACON_BURST: '3', STATS_BEACONS_PER_SECOND: '0.001' });
  owner = await signUpAndLogin(s);
  other = await signUpAndLogin(s);
  withCta = await quietVideo(s, owner.id, { name: 'With CTA' });
  without = await quietVideo(s, owner.id, { name: 'Without' });
  const res = await s.api('PUT', `/api/player-config/${withCta}`, { token: owner.accessToken, body: { callToAction: { enabled: true, url: 'https://shop.example.com/buy' } } });
  expect(res.status).toBe(200);
});
afterAll(() => s?.stop());

const click = (id: string, from: string, body?: string) =>
  fetch(`${s.url}/api/statistics/cta-click/${id}`, { method: 'POST', headers: { 'X-Forwarded-For': from, 'content-type': 'text/plain' }, body });
const stats = (id: string, token = owner.accessToken) => s.api('GET', `/api/statistics/video/${id}`, { token });

test('clicks on the call to action are counted per video and day and shown in its statistics', async () => {
  expect((await click(withCta, '198.51.100.1')).status).toBe(204);
  expect((await click(withCta, '198.51.100.2', '{}')).status).toBe(204);
  const answered = await click(withCta, '198.51.100.3');
  expect(answered.headers.get('access-control-allow-origin')).toBe('*');
  // Counted in memory until the flush, then one row per video and day.
  expect((await stats(withCta)).body.ctaClicks).toBe(0);
  await s.services.statistics.flush();
  expect((await stats(withCta)).body.ctaClicks).toBe(3);
  const [row] = await s.services.orm.em.getConnection().execute<{ n: string }[]>(`select count(*) as n from video_stat_counts where video_id = ? and kind = 'ctaClick'`, [withCta]);
  expect(Number(row.n)).toBe(1);
  expect((await stats(without)).body.ctaClicks).toBe(0);
  expect((await stats(withCta, other.accessToken)).status).toBe(404);
});

test('a video without a call to action, or none at all, counts nothing (404); the cap per address holds (429)', async () => {
  expect((await click(without, '198.51.100.20')).status).toBe(404);
  expect((await click(crypto.randomUUID(), '198.51.100.21')).status).toBe(404);
  expect((await click('x'.repeat(300), '198.51.100.22')).status).toBe(404);
  const from = '198.51.100.30';
  for (let i = 0; i < 3; i++) expect((await click(withCta, from)).status).toBe(204);
  expect((await click(withCta, from)).status).toBe(429);
  expect((await click(withCta, '198.51.100.31', 'x'.repeat(2000))).status).toBe(413);
});
