import { afterAll, beforeAll, expect, test } from 'vitest';
import { httpEngine } from '../src/media/translation/http-engine.ts';
import { TranslationError } from '../src/media/translation/engine.ts';
import { startDeeplStandin } from './support/deepl-standin.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * The hosted translation engine (DeepL's API shape) against a local stand-in: what it sends,
 * how it waits out a 429 and gives up on a 5xx, and the whole path with TRANSLATION_ENGINE=http.
 */

let deepl: Awaited<ReturnType<typeof startDeeplStandin>>;
let s: TestServer;
let owner: SignedIn;
beforeAll(async () => {
  deepl = await startDeeplStandin();
  s = await startTestServer({ TRANSLATION_ENGINE: 'http', TRANSLATION_API_BASE: deepl.url, TRANSLATION_API_KEY: 'test-key' });
  owner = await signUpAndLogin(s);
}, 120_000);
afterAll(async () => {
  await s?.stop();
  await deepl?.close();
});

const engine = () => httpEngine({ base: deepl.url, key: 'test-key', backoffMs: 1 });
const run = { cwd: '/nonexistent', timeoutMs: 10_000 };

test('a batch goes as one POST /v2/translate: the key in DeepL-Auth-Key, JSON with the texts, the languages and html tag handling', async () => {
  deepl.calls.length = 0;
  const out = await engine().translate(['Good <span data-t="0"></span>morning', 'Fish &amp; chips'], 'en', 'es', run);
  expect(out).toEqual(['[ES] Good <span data-t="0"></span>morning', '[ES] Fish &amp; chips']);
  expect(deepl.calls).toHaveLength(1);
  const [call] = deepl.calls;
  expect(call).toMatchObject({ method: 'POST', path: '/v2/translate' });
  expect(call.headers.authorization).toBe('DeepL-Auth-Key test-key');
  expect(call.headers['content-type']).toBe('application/json');
  expect(call.body).toEqual({ text: ['Good <span data-t="0"></span>morning', 'Fish &amp; chips'], source_lang: 'EN', target_lang: 'ES', tag_handling: 'html' });
  // DeepL takes 50 texts a request: 120 cues are three requests, in order.
  deepl.calls.length = 0;
  const many = await engine().translate(Array.from({ length: 120 }, (_, i) => `line ${i}`), 'en', 'en-GB', run);
  expect(many[119]).toBe('[EN-GB] line 119');
  expect(deepl.calls.map((c) => c.body.text.length)).toEqual([50, 50, 20]);
});

test('a 429 is waited out (Retry-After) and a 5xx tried again; a lasting 5xx fails for a retry, a refused key for good', async () => {
  deepl.calls.length = 0;
  deepl.failNext(429, 503);
  expect(await engine().translate(['Hello'], 'en', 'es', run)).toEqual(['[ES] Hello']);
  expect(deepl.calls).toHaveLength(3);
  deepl.failNext(500, 502, 503);
  const lasting = await engine().translate(['Hello'], 'en', 'es', run).catch((e) => e);
  expect(lasting).toBeInstanceOf(TranslationError);
  expect(lasting).toMatchObject({ permanent: false });
  expect(lasting.message).toMatch(/unavailable \(503\)/);
  const refused = await httpEngine({ base: deepl.url, key: 'wrong' }).translate(['Hello'], 'en', 'es', run).catch((e) => e);
  expect(refused).toMatchObject({ permanent: true, message: expect.stringMatching(/TRANSLATION_API_KEY/) });
});

test('with TRANSLATION_ENGINE=http the app offers the languages the API lists and a track is translated through it', async () => {
  // A video row and an English track are enough: translation never reads the media.
  const videoId = crypto.randomUUID();
  const trackId = crypto.randomUUID();
  const db = s.services.orm.em.fork().getConnection();
  await db.execute(`insert into videos (id, user_id, name, source, size, status, player_config, created_at) values (?, ?, 'Talk', 'upload', 1000, 'ready', '{}', now())`, [videoId, owner.id]);
  await db.execute(`insert into caption_tracks (id, video_id, user_id, language, label, kind) values (?, ?, ?, 'en-US', 'English', 'uploaded')`, [trackId, videoId, owner.id]);
  const put = await s.api('PUT', `/api/videos/${videoId}/captions/${trackId}`, { token: owner.accessToken, body: { cues: [{ startSec: 1.25, endSec: 2.5, text: 'Hello there' }, { startSec: 3, endSec: 4.125, text: 'Goodbye' }] } });
  expect(put.status).toBe(200);
  const offered = await s.api('GET', `/api/videos/${videoId}/captions/${trackId}/translate`, { token: owner.accessToken });
  expect(offered.body).toEqual({
    engine: 'http',
    languages: [
      { language: 'de', label: 'German' },
      { language: 'es', label: 'Spanish' },
      { language: 'pt-BR', label: 'Brazilian Portuguese' },
    ],
  });
  const res = await s.api('POST', `/api/videos/${videoId}/captions/${trackId}/translate`, { token: owner.accessToken, body: { language: 'pt-br' } });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ language: 'pt-BR', kind: 'translated', status: 'processing' });
  let done: any;
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    done = (await s.api('GET', `/api/videos/${videoId}/captions/${res.body.id}`, { token: owner.accessToken })).body;
    if (done.status !== 'processing') break;
  }
  expect(done).toMatchObject({ status: 'ready', cues: [{ startSec: 1.25, endSec: 2.5, text: '[PT-BR] Hello there' }, { startSec: 3, endSec: 4.125, text: '[PT-BR] Goodbye' }] });
  const ja = await s.api('POST', `/api/videos/${videoId}/captions/${trackId}/translate`, { token: owner.accessToken, body: { language: 'ja' } });
  expect(ja.status).toBe(422);
  expect(ja.body.errors.language).toMatch(/Languages offered: German \(de\), Spanish \(es\), Brazilian Portuguese \(pt-BR\)\./);
}, 60_000);

test('a translation left "processing" by a job that failed over is made again on request; one being made is answered as it is', async () => {
  const videoId = crypto.randomUUID();
  const [sourceId, staleId, freshId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const db = s.services.orm.em.fork().getConnection();
  await db.execute(`insert into videos (id, user_id, name, source, size, status, player_config, created_at) values (?, ?, 'Talk', 'upload', 1000, 'ready', '{}', now())`, [videoId, owner.id]);
  await db.execute(`insert into caption_tracks (id, video_id, user_id, language, label, kind) values (?, ?, ?, 'en', 'English', 'uploaded')`, [sourceId, videoId, owner.id]);
  expect((await s.api('PUT', `/api/videos/${videoId}/captions/${sourceId}`, { token: owner.accessToken, body: { cues: [{ startSec: 0, endSec: 1, text: 'Hi' }] } })).status).toBe(200);
  const insert = `insert into caption_tracks (id, video_id, user_id, language, label, kind, status, source_track_id, updated_at) values (?, ?, ?, ?, ?, 'translated', 'processing', ?, now() - make_interval(hours => ?))`;
  await db.execute(insert, [staleId, videoId, owner.id, 'es', 'Spanish (translated)', sourceId, 48]);
  await db.execute(insert, [freshId, videoId, owner.id, 'de', 'German (translated)', sourceId, 0]);
  const fresh = await s.api('POST', `/api/videos/${videoId}/captions/${sourceId}/translate`, { token: owner.accessToken, body: { language: 'de' } });
  expect(fresh.body).toMatchObject({ id: freshId, status: 'processing' });
  const stale = await s.api('POST', `/api/videos/${videoId}/captions/${sourceId}/translate`, { token: owner.accessToken, body: { language: 'es' } });
  expect(stale.status).toBe(202);
  expect(stale.body).toMatchObject({ id: staleId, status: 'processing' });
  await expect
    .poll(async () => (await s.api('GET', `/api/videos/${videoId}/captions/${staleId}`, { token: owner.accessToken })).body, { timeout: 30_000 })
    .toMatchObject({ status: 'ready', cues: [{ startSec: 0, endSec: 1, text: '[ES] Hi' }] });
}, 60_000);
