import { afterAll, beforeAll, expect, test } from 'vitest';
import { enableLeadForm, quietVideo } from './support/leads.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
let tour: string;
let demo: string;

beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signUpAndLogin(s);
  tour = await quietVideo(s, owner.id, { name: 'Tour, "spring" edition' });
  demo = await quietVideo(s, owner.id, { name: 'Demo' });
  await enableLeadForm(s, owner.accessToken, tour, { nameField: true });
  await enableLeadForm(s, owner.accessToken, demo, { nameField: true });
  const leads: [string, string, string][] = [
    [tour, 'ana@example.com', 'Ana'],
    [tour, 'evil@example.com', '=HYPERLINK("http://x.example","click")'],
    [demo, 'bo@example.com', '@SUM(1+1)'],
    [demo, 'cy@example.com', '-2+3'],
  ];
  let i = 0;
  for (const [id, email, name] of leads) {
    const res = await s.api('POST', `/api/videos/${id}/leads`, { body: { email, name }, headers: { 'X-Forwarded-For': `198.51.100.${++i}` } });
    expect(res.status).toBe(201);
  }
  // Ana came in three days ago.
  await s.services.orm.em.getConnection().execute(`update leads set created_at = now() - interval '3 days' where email = 'ana@example.com'`);
});
afterAll(() => s?.stop());

const get = (path: string) => s.api('GET', path, { token: owner.accessToken });
const csv = async (path: string) => {
  const res = await fetch(s.url + path, { headers: { authorization: `Bearer ${owner.accessToken}` } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), text: await res.text() };
};
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

test('the team list: newest first, paged, searched by email or name, by date range', async () => {
  const all = await get('/api/leads?limit=3');
  expect(all.body.items.map((l: { email: string }) => l.email)).toEqual(['cy@example.com', 'bo@example.com', 'evil@example.com']);
  expect(all.body.meta).toMatchObject({ totalItems: 4, totalPages: 2, hasNextPage: true });
  expect((await get('/api/leads?limit=3&page=2')).body.items.map((l: { email: string }) => l.email)).toEqual(['ana@example.com']);
  expect((await get('/api/leads?search=ANA')).body.items).toHaveLength(1);
  expect((await get('/api/leads?search=sum')).body.items.map((l: { email: string }) => l.email)).toEqual(['bo@example.com']);
  // LIKE's wildcards are plain characters in a search.
  expect((await get('/api/leads?search=%25')).body.items).toEqual([]);
  expect((await get(`/api/leads?from=${day(-1)}`)).body.meta.totalItems).toBe(3);
  expect((await get(`/api/leads?to=${day(-2)}`)).body.items.map((l: { email: string }) => l.email)).toEqual(['ana@example.com']);
  expect((await get(`/api/leads?from=${day(-3)}&to=${day(-3)}`)).body.meta.totalItems).toBe(1);
  const bad = await get('/api/leads?from=31-01-2026');
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toEqual({ from: 'Must be a date like 2026-01-31.' });
});

test('one video: its leads only', async () => {
  const res = await get(`/api/videos/${demo}/leads`);
  expect(res.body.items.map((l: { email: string }) => l.email)).toEqual(['cy@example.com', 'bo@example.com']);
});

test('the CSV: a header, one quoted-where-needed line per lead, formulas defused', async () => {
  const res = await csv(`/api/videos/${tour}/leads.csv`);
  expect(res.status).toBe(200);
  expect(res.type).toBe('text/csv; charset=utf-8');
  expect(res.disposition).toMatch(/^attachment; filename="leads-[0-9a-f-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  const lines = res.text.split('\r\n');
  expect(lines[0]).toBe('created_at,email,name,consent_text,video_id,video_name,page_origin');
  expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,evil@example.com,"'=HYPERLINK\\(""http://x.example"",""click""\\)",,${tour},"Tour, ""spring"" edition",$`));
  expect(lines[2]).toMatch(/,ana@example.com,Ana,,/);
  expect(lines.slice(3)).toEqual(['']);
  const team = (await csv(`/api/leads.csv?from=${day(-1)}`)).text.split('\r\n');
  expect(team).toHaveLength(5);
  expect(team[1]).toContain(",cy@example.com,'-2+3,,");
  expect(team[2]).toContain(",bo@example.com,'@SUM(1+1),,");
  expect((await csv('/api/leads.csv?search=nobody')).text).toBe('created_at,email,name,consent_text,video_id,video_name,page_origin\r\n');
});

test('a CSV of many leads streams from a cursor: every row arrives, in order', async () => {
  const many = await quietVideo(s, owner.id, { name: 'Many' });
  await s.services.orm.em.getConnection().execute(
    `insert into leads (user_id, video_id, video_name, email, created_at)
     select ?, ?, 'Many', 'bulk' || g || '@example.com', now() - make_interval(secs => g) from generate_series(1, 5000) g`,
    [owner.id, many],
  );
  const lines = (await csv(`/api/videos/${many}/leads.csv`)).text.trimEnd().split('\r\n');
  expect(lines).toHaveLength(5001);
  expect(lines[1]).toContain(',bulk1@example.com,');
  expect(lines[5000]).toContain(',bulk5000@example.com,');
});
