import { CAPTION_TRANSLATE_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { sql } from './support/payments.ts';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { uploadReady } from './support/trim.ts';

/*
 * Caption translation end to end (issue 37 items 1 and 4): an English track translated to Spanish
 * by the default engine, Debian's Apertium in the media box, on the worker; the translated track
 * edited and translated again after its source changed; searched and shown on the share page.
 */

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let viewer: SignedIn;
let videoId: string;
let sourceId: string;
beforeAll(async () => {
  s = await startTestServer();
  [owner, other, viewer] = [await signUpAndLogin(s), await signUpAndLogin(s), await signUpAndLogin(s)];
  await addMember(s, owner.id, viewer.id, 'viewer');
  videoId = (await uploadReady(s, owner.accessToken, await makeClip({ seconds: 2 }), 'Breakfast')).id;
  const vtt = [
    'WEBVTT',
    '',
    '00:00:00.250 --> 00:00:00.900',
    '<v Roger>The cat is on the table.</v>',
    '',
    '00:00:00.900 --> 00:00:01.333',
    'Good morning, my friend.',
    '',
    '00:00:01.333 --> 00:00:01.950',
    'I like red apples &amp; green houses.',
    '',
  ].join('\n');
  const form = new FormData();
  form.append('language', 'en');
  form.append('isDefault', 'true');
  form.append('file', new Blob([vtt]), 'en.vtt');
  const res = await fetch(`${s.url}/api/videos/${videoId}/captions`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  if (res.status !== 201) throw new Error(`caption upload: ${res.status} ${await res.text()}`);
  sourceId = ((await res.json()) as { id: string }).id;
}, 300_000);
afterAll(() => s.stop());

const translate = (language: unknown, o: { token?: string; captionId?: string; headers?: Record<string, string> } = {}) =>
  s.api('POST', `/api/videos/${videoId}/captions/${o.captionId ?? sourceId}/translate`, { token: o.token ?? owner.accessToken, body: { language }, headers: o.headers });
const track = async (id: string) => (await s.api('GET', `/api/videos/${videoId}/captions/${id}`, { token: owner.accessToken })).body;
async function settled(id: string, timeoutMs = 60_000): Promise<any> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const t = await track(id);
    if (t.status !== 'processing') return t;
    if (Date.now() > end) throw new Error(`track ${id} still processing`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const times = (cues: { startSec: number; endSec: number }[]) => cues.map((c) => [c.startSec, c.endSec]);

let spanishId: string;

test('an English track translated to Spanish by Apertium: Spanish words, every cue at its exact times, markup kept', async () => {
  const offered = await s.api('GET', `/api/videos/${videoId}/captions/${sourceId}/translate`, { token: owner.accessToken });
  expect(offered.status).toBe(200);
  expect(offered.body.engine).toBe('apertium');
  expect(offered.body.languages).toEqual(expect.arrayContaining([{ language: 'es', label: 'Spanish' }, { language: 'ca', label: 'Catalan' }, { language: 'gl', label: 'Galician' }]));

  const res = await translate('es');
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ videoId, language: 'es', label: 'Spanish (translated)', kind: 'translated', status: 'processing', isDefault: false, source: { id: sourceId, language: 'en', label: 'English' } });
  spanishId = res.body.id;
  const done = await settled(spanishId);
  const source = await track(sourceId);
  expect(done).toMatchObject({ status: 'ready', error: null, kind: 'translated', cueCount: 3, source: { id: sourceId, changed: false } });
  expect(times(done.cues)).toEqual(times(source.cues));
  const text = done.cues.map((c: any) => c.text);
  expect(text[0]).toMatch(/^<v Roger>.*\bgato\b.*\bmesa\b.*<\/v>$/);
  expect(text[1]).toMatch(/Buenos días, mi amigo/);
  expect(text[2]).toMatch(/manzanas rojas &amp; casas verdes/);
  // The translated track is delivered like any other: its WebVTT download.
  const vtt = await s.api('GET', `/api/videos/${videoId}/captions/${spanishId}.vtt`, { token: owner.accessToken });
  expect(vtt.status).toBe(200);
  expect(String(vtt.body)).toContain('00:00:00.900 --> 00:00:01.333');
}, 120_000);

test('edited in the editor like any track; after its source changes, translated again on request into the same track', async () => {
  const before = await track(spanishId);
  const edited = before.cues.map((c: any, i: number) => (i === 1 ? { ...c, text: 'Buenos días, amiga.' } : c));
  const put = await s.api('PUT', `/api/videos/${videoId}/captions/${spanishId}`, { token: owner.accessToken, body: { cues: edited } });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ kind: 'edited', version: before.version + 1, source: { id: sourceId, changed: false } });

  // The source is edited: the translation says its source changed.
  const src = await track(sourceId);
  const changedCues = src.cues.map((c: any, i: number) => (i === 1 ? { ...c, text: 'The library opens at nine.' } : c));
  expect((await s.api('PUT', `/api/videos/${videoId}/captions/${sourceId}`, { token: owner.accessToken, body: { cues: changedCues } })).status).toBe(200);
  expect((await track(spanishId)).source).toMatchObject({ id: sourceId, changed: true });

  const again = await translate('es');
  expect(again.status).toBe(202);
  expect(again.body).toMatchObject({ id: spanishId, status: 'processing' });
  const done = await settled(spanishId);
  expect(done).toMatchObject({ kind: 'translated', version: before.version + 2, source: { changed: false } });
  expect(done.cues[1].text).toMatch(/biblioteca abre/);
  expect(times(done.cues)).toEqual(times(src.cues));
  // Still one Spanish track.
  const list = (await s.api('GET', `/api/videos/${videoId}/captions`, { token: owner.accessToken })).body.items;
  expect(list.filter((t: any) => t.language === 'es')).toHaveLength(1);
}, 120_000);

test('a pair the engine does not translate is a 422 with the list; another team 404; a team viewer may look but not translate; junk 422', async () => {
  const ja = await translate('ja');
  expect(ja.status).toBe(422);
  expect(ja.body.errors.language).toBe(CAPTION_TRANSLATE_MESSAGES.unsupported('English (en)', 'Japanese (ja)', ['Catalan (ca)', 'Spanish (es)', 'Galician (gl)']));
  expect(ja.body.errors.language).toContain('Spanish (es)');
  expect((await translate('not a language')).status).toBe(422);
  expect((await translate('es', { token: other.accessToken })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${videoId}/captions/${sourceId}/translate`, { token: other.accessToken })).status).toBe(404);
  expect((await translate('es', { captionId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  expect((await s.api('GET', `/api/videos/${videoId}/captions/${sourceId}/translate`, { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(200);
  expect((await translate('ca', { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
  // Nothing refused left a track behind.
  expect(await sql(s, "select language from caption_tracks where video_id = ? and language not in ('en', 'es')", [videoId])).toEqual([]);
});

test('search finds the words of a translated track; the share page carries every track, each with its language', async () => {
  const found = await s.api('GET', `/api/videos?search=${encodeURIComponent('manzanas')}`, { token: owner.accessToken });
  expect(found.body.items.map((v: any) => v.id)).toEqual([videoId]);
  expect(found.body.items[0].matches[0]).toMatchObject({ startSec: 1.333 });
  expect((await s.api('PUT', `/api/videos/${videoId}/privacy`, { token: owner.accessToken, body: { visibility: 'public' } })).status).toBe(200);
  const html = await (await fetch(`${s.url}/watch/${videoId}`)).text();
  expect(html).toContain('<section class="rb-share-transcript" lang="en"');
  expect(html).toMatch(/<details class="rb-share-transcript" lang="es"><summary>Spanish \(translated\)<\/summary>[\s\S]*manzanas rojas/);
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
  expect(ld.transcript).toMatch(/^The cat is on the table\./);
  expect(ld.caption).toEqual([
    { '@type': 'MediaObject', name: 'English', inLanguage: 'en', encodingFormat: 'text/vtt' },
    { '@type': 'MediaObject', name: 'Spanish (translated)', inLanguage: 'es', encodingFormat: 'text/vtt' },
  ]);
});

test('a trim over the video cuts a translation with its source: it stays in step (no "source changed")', async () => {
  const res = await s.api('PUT', `/api/videos/${videoId}/edit`, { token: owner.accessToken, body: { start: 1, end: 2, mode: 'overwrite' } });
  expect(res.status).toBe(202);
  await s.waitForVideo(owner.accessToken, videoId, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady && v.metadata.durationSec < 1.5, 120_000);
  const [source, spanish] = [await track(sourceId), await track(spanishId)];
  expect(times(spanish.cues)).toEqual(times(source.cues));
  expect(source.cues[0].startSec).toBe(0);
  expect(spanish.source).toMatchObject({ id: sourceId, changed: false });
}, 150_000);
