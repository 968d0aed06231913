import { CAPTION_FORMAT_MESSAGES, CAPTION_MAX_BYTES, CAPTION_MAX_CUES, CAPTION_MESSAGES, formatTimestamp, parseCaptions } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { addMember, inTeam } from './support/teams.ts';
import { type SignedIn, signUpAndLogin, startTestServer, startWithOwnerAndOther, type TestServer } from './support/test-server.ts';

let s: TestServer;
let owner: SignedIn;
let other: SignedIn;
let videoId: string;
let secondVideoId: string;
beforeAll(async () => {
  ({ s, owner, other } = await startWithOwnerAndOther());
  const clip = await makeClip({ seconds: 2 });
  videoId = (await s.upload(owner.accessToken, clip, { name: 'Harbour tour' })).body.id;
  secondVideoId = (await s.upload(owner.accessToken, clip, { name: 'Quarterly numbers' })).body.id;
}, 240_000);
afterAll(() => s.stop());

/** POST (or PUT) a caption file as multipart, with the text fields. */
async function sendCaptions(bytes: Uint8Array | string, fields: Record<string, string>, o: { token?: string; method?: 'POST' | 'PUT'; path?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), 'captions.srt');
  const res = await fetch(`${s.url}${o.path ?? `/api/videos/${videoId}/captions`}`, { method: o.method ?? 'POST', headers: { authorization: `Bearer ${o.token ?? owner.accessToken}`, ...o.headers }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}
const download = async (path: string, token = owner.accessToken) => {
  const res = await fetch(`${s.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition') };
};

const SRT_CUES = [
  { startSec: 0.5, endSec: 1.75, text: 'Welcome to the harbour.' },
  { startSec: 2, endSec: 3.25, text: '<i>Fishing boats</i> leave at dawn &amp; return at noon.' },
  { startSec: 61.005, endSec: 3725.5, text: 'Café crème, déjà vu.\nSecond line.' },
];
const srtOf = (cues: { startSec: number; endSec: number; text: string }[], eol = '\r\n') =>
  cues.map((c, i) => [String(i + 1), `${formatTimestamp(c.startSec, ',')} --> ${formatTimestamp(c.endSec, ',')}`, c.text.replace(/&amp;/g, '&'), ''].join(eol)).join(eol);

test('an SRT upload (UTF-8 with BOM, CRLF) becomes a WebVTT track; VTT, SRT and text downloads keep every cue', async () => {
  const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(srtOf(SRT_CUES), 'utf8')]);
  const up = await sendCaptions(bom, { language: 'en-us', label: 'English' });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  expect(up.body).toMatchObject({ videoId, language: 'en-US', label: 'English', kind: 'uploaded', isDefault: false, status: 'ready', cueCount: 3, version: 1 });

  const vtt = await download(`/api/videos/${videoId}/captions/${up.body.id}.vtt`);
  expect(vtt.status).toBe(200);
  expect(vtt.type).toContain('text/vtt');
  expect(vtt.disposition).toContain('attachment');
  expect(vtt.text.startsWith('WEBVTT\n')).toBe(true);
  expect(vtt.text).toContain('01:02:05.500');
  const fromVtt = parseCaptions(vtt.text);
  expect(fromVtt.ok && fromVtt.cues).toEqual(SRT_CUES);

  const srt = await download(`/api/videos/${videoId}/captions/${up.body.id}.srt`);
  expect(srt.text).toContain('3\n00:01:01,005 --> 01:02:05,500\nCafé crème, déjà vu.\nSecond line.');
  expect(srt.text).toContain('leave at dawn & return');
  const fromSrt = parseCaptions(srt.text);
  expect(fromSrt.ok && fromSrt.cues).toEqual(SRT_CUES);

  const txt = await download(`/api/videos/${videoId}/captions/${up.body.id}.txt`);
  expect(txt.type).toContain('text/plain');
  expect(txt.text).toBe('Welcome to the harbour.\nFishing boats leave at dawn & return at noon.\nCafé crème, déjà vu. Second line.\n');

  // The downloaded WebVTT uploaded again is the same track.
  const again = await sendCaptions(vtt.text, { language: 'en', label: 'Again' });
  expect(again.status).toBe(201);
  const detail = await s.api('GET', `/api/videos/${videoId}/captions/${again.body.id}`, { token: owner.accessToken });
  expect(detail.body.cues).toEqual(SRT_CUES);
  expect(detail.body.label).toBe('Again');
});

test('a Latin-1 SRT is detected and converted; a track without a label is named after its language', async () => {
  const latin = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nGar\xe7on, \xe0 bient\xf4t !\n', 'latin1');
  const up = await sendCaptions(latin, { language: 'fr' });
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  expect(up.body.label).toBe('French');
  const detail = await s.api('GET', `/api/videos/${videoId}/captions/${up.body.id}`, { token: owner.accessToken });
  expect(detail.body.cues).toEqual([{ startSec: 1, endSec: 2, text: 'Garçon, à bientôt !' }]);
});

test('malformed files are refused with 422, the field and what is wrong (with the line)', async () => {
  const cases: [string | Uint8Array, string][] = [
    ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\n00:00:05.000 --> 00:00:03.000\nbackwards\n', "Line 6: the cue's end is before its start"],
    ['1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 --> 00:0x:04,000\nbad\n', 'Line 6: "00:0x:04,000" is not a time (hh:mm:ss.mmm)'],
    ['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\nno timing here\nat all\n', 'Line 6: a cue needs a timing line (00:00:01.000 --> 00:00:02.000)'],
    ['Just some notes, not captions.\n', CAPTION_FORMAT_MESSAGES.notCaptions],
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), CAPTION_FORMAT_MESSAGES.notCaptions],
  ];
  for (const [file, message] of cases) {
    const res = await sendCaptions(file, { language: 'en' });
    expect(res.status, message).toBe(422);
    expect(res.body.errors).toEqual({ file: message });
  }
  // Over 2 MB: refused while it is received.
  const big = await sendCaptions(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${'x'.repeat(CAPTION_MAX_BYTES)}\n`, { language: 'en' });
  expect(big.status).toBe(422);
  expect(big.body.errors).toEqual({ file: CAPTION_FORMAT_MESSAGES.tooLarge });
  // Over 20,000 cues (small enough in bytes).
  const many = `WEBVTT\n${Array.from({ length: CAPTION_MAX_CUES + 1 }, (_, i) => `\n${formatTimestamp(i / 10)} --> ${formatTimestamp(i / 10 + 0.1)}\nw\n`).join('')}`;
  expect(Buffer.byteLength(many)).toBeLessThan(CAPTION_MAX_BYTES);
  const tooMany = await sendCaptions(many, { language: 'en' });
  expect(tooMany.status).toBe(422);
  expect(tooMany.body.errors).toEqual({ file: 'The file has more than 20,000 cues' });
  // The fields.
  const bad = await sendCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n', { language: 'english please', label: 'x'.repeat(101) });
  expect(bad.status).toBe(422);
  expect(bad.body.errors).toEqual({ language: CAPTION_MESSAGES.language, label: CAPTION_MESSAGES.label });
  const none = await s.api('POST', `/api/videos/${videoId}/captions`, { token: owner.accessToken, body: { language: 'en' } });
  expect(none.status).toBe(422);
  expect(none.body.errors).toEqual({ file: CAPTION_MESSAGES.fileRequired });
  // Nothing of the refused files was kept.
  const list = await s.api('GET', `/api/videos/${videoId}/captions`, { token: owner.accessToken });
  expect(list.body.items.every((t: any) => t.cueCount < 10)).toBe(true);
});

test('tracks are listed, one default, renamed, replaced, edited (a new version), deleted', async () => {
  const vid = secondVideoId;
  const path = `/api/videos/${vid}/captions`;
  const en = await sendCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nRevenue grew.\n', { language: 'en', label: 'English', isDefault: 'true' }, { path });
  const de = await sendCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nDer Umsatz wuchs.\n', { language: 'de', label: 'Deutsch' }, { path });
  expect(en.body.isDefault).toBe(true);
  // Making German the default takes it from English.
  const deDefault = await s.api('PUT', `${path}/${de.body.id}`, { token: owner.accessToken, body: { isDefault: true, label: 'German' } });
  expect(deDefault.status).toBe(200);
  expect(deDefault.body).toMatchObject({ isDefault: true, label: 'German', version: 1, kind: 'uploaded' });
  let list = await s.api('GET', path, { token: owner.accessToken });
  expect(list.body.items.map((t: any) => [t.label, t.isDefault])).toEqual([
    ['German', true],
    ['English', false],
  ]);

  // The editor's save: the cues anew, a new version, kind 'edited'.
  const cues = [
    { startSec: 0.5, endSec: 1.5, text: 'Revenue grew' },
    { startSec: 1.5, endSec: 2, text: 'by <b>ten</b> percent.' },
  ];
  const edited = await s.api('PUT', `${path}/${en.body.id}`, { token: owner.accessToken, body: { cues } });
  expect(edited.status).toBe(200);
  expect(edited.body).toMatchObject({ kind: 'edited', version: 2, cueCount: 2 });
  expect((await s.api('GET', `${path}/${en.body.id}`, { token: owner.accessToken })).body.cues).toEqual(cues);
  const backwards = await s.api('PUT', `${path}/${en.body.id}`, { token: owner.accessToken, body: { cues: [{ startSec: 3, endSec: 1, text: 'x' }] } });
  expect(backwards.status).toBe(422);
  expect(backwards.body.errors).toEqual({ 'cues.0.endSec': CAPTION_MESSAGES.cueTimes });
  const nothing = await s.api('PUT', `${path}/${en.body.id}`, { token: owner.accessToken, body: {} });
  expect(nothing.status).toBe(422);

  // A replace by file: a new version, kind 'uploaded' again.
  const replaced = await sendCaptions('1\n00:00:00,000 --> 00:00:01,000\nReplaced.\n', { language: 'en-GB' }, { method: 'PUT', path: `${path}/${en.body.id}` });
  expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
  expect(replaced.body).toMatchObject({ kind: 'uploaded', version: 3, cueCount: 1, language: 'en-GB', label: 'English' });
  expect((await download(`${path}/${en.body.id}.txt`)).text).toBe('Replaced.\n');

  expect((await download(`${path}/${en.body.id}.mp3`)).status).toBe(404);
  const del = await s.api('DELETE', `${path}/${en.body.id}`, { token: owner.accessToken });
  expect(del.status).toBe(200);
  list = await s.api('GET', path, { token: owner.accessToken });
  expect(list.body.items.map((t: any) => t.label)).toEqual(['German']);
  expect((await s.api('GET', `${path}/${en.body.id}`, { token: owner.accessToken })).status).toBe(404);
});

test("another account's video and tracks answer 404; a team's viewer reads but may not change them", async () => {
  const up = await sendCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nPrivate words.\n', { language: 'en' });
  const track = `/api/videos/${videoId}/captions/${up.body.id}`;
  expect((await s.api('GET', `/api/videos/${videoId}/captions`, { token: other.accessToken })).status).toBe(404);
  expect((await download(`${track}.vtt`, other.accessToken)).status).toBe(404);
  expect((await s.api('PUT', track, { token: other.accessToken, body: { label: 'Mine' } })).status).toBe(404);
  expect((await s.api('DELETE', track, { token: other.accessToken })).status).toBe(404);
  expect((await sendCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n', { language: 'en' }, { token: other.accessToken })).status).toBe(404);

  const viewer = await signUpAndLogin(s);
  await addMember(s, owner.id, viewer.id, 'viewer');
  const asViewer = { token: viewer.accessToken, headers: inTeam(owner.id) };
  expect((await s.api('GET', `/api/videos/${videoId}/captions`, asViewer)).status).toBe(200);
  const read = await fetch(`${s.url}${track}.txt`, { headers: { authorization: `Bearer ${viewer.accessToken}`, ...inTeam(owner.id) } });
  expect(await read.text()).toBe('Private words.\n');
  expect((await s.api('PUT', track, { ...asViewer, body: { label: 'Changed' } })).status).toBe(403);
  expect((await s.api('DELETE', track, asViewer)).status).toBe(403);
  expect((await sendCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n', { language: 'en' }, { token: viewer.accessToken, headers: inTeam(owner.id) })).status).toBe(403);
  expect((await s.api('GET', track, { token: owner.accessToken })).body.label).toBe('English');
});

test('My videos search finds a video by a word said in its captions and answers when it is said', async () => {
  const path = `/api/videos/${secondVideoId}/captions`;
  await sendCaptions('WEBVTT\n\n00:00:04.000 --> 00:00:06.000\nOur lighthouse keeper retires.\n\n00:01:30.250 --> 00:01:33.000\nThe LIGHTHOUSE lamp, <i>restored</i>.\n', { language: 'en', label: 'Story' }, { path });
  const found = await s.api('GET', '/api/videos?search=lighthouse', { token: owner.accessToken });
  expect(found.status).toBe(200);
  expect(found.body.items.map((v: any) => v.name)).toEqual(['Quarterly numbers']);
  expect(found.body.meta.totalItems).toBe(1);
  expect(found.body.items[0].matches).toEqual([
    { text: 'Our lighthouse keeper retires.', startSec: 4 },
    { text: 'The LIGHTHOUSE lamp, restored.', startSec: 90.25 },
  ]);
  // Several words: every one must be said in the same line.
  const two = await s.api('GET', `/api/videos?search=${encodeURIComponent('lamp lighthouse')}`, { token: owner.accessToken });
  expect(two.body.items[0].matches).toEqual([{ text: 'The LIGHTHOUSE lamp, restored.', startSec: 90.25 }]);
  // A name still matches as before, without spoken matches.
  const byName = await s.api('GET', '/api/videos?search=harbour', { token: owner.accessToken });
  expect(byName.body.items.map((v: any) => v.name)).toEqual(['Harbour tour']);
  expect(byName.body.items[0].matches ?? []).toEqual([{ text: 'Welcome to the harbour.', startSec: 0.5 }]);
  // Another account's search never sees these words; a word nobody says finds nothing.
  expect((await s.api('GET', '/api/videos?search=lighthouse', { token: other.accessToken })).body.items).toEqual([]);
  expect((await s.api('GET', '/api/videos?search=submarine', { token: owner.accessToken })).body.items).toEqual([]);
});

test("the share page shows the transcript of a video that plays there (the default track), and in its structured data; a private video's page shows none", async () => {
  await s.waitForVideo(owner.accessToken, secondVideoId, (v) => v.isHlsReady);
  const page = async () => (await fetch(`${s.url}/watch/${secondVideoId}`)).text();
  const html = await page();
  // German is the default track of this video (made so above).
  expect(html).toContain('<h2 id="rb-transcript-title">Transcript</h2>');
  expect(html).toContain('<p><time datetime="PT1S">0:01</time><span>Der Umsatz wuchs.</span></p>');
  expect(html).toContain('lang="de"');
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}');
  expect(ld.transcript).toBe('Der Umsatz wuchs.');
  // Markup of a cue is text on the page, never HTML.
  const path = `/api/videos/${secondVideoId}/captions`;
  const tricky = await sendCaptions('WEBVTT\n\n00:00:02.000 --> 00:00:03.000\n<i>Bold</i> &lt;script&gt;alert(1)&lt;/script&gt;\n', { language: 'en', label: 'Tricky', isDefault: 'true' }, { path });
  expect(tricky.status).toBe(201);
  const escaped = await page();
  expect(escaped).toContain('<span>Bold &lt;script&gt;alert(1)&lt;/script&gt;</span>');
  expect(escaped).not.toContain('<script>alert');
  const priv = await s.api('PUT', `/api/videos/${secondVideoId}/privacy`, { token: owner.accessToken, body: { visibility: 'private' } });
  expect(priv.status).toBe(200);
  const hidden = await page();
  expect(hidden).not.toContain('Transcript');
  expect(hidden).not.toContain('Bold');
  expect(hidden).not.toContain('Umsatz');
}, 120_000);

test("a copy of a video carries its own copy of the caption tracks: the copy's edits leave the source's alone", async () => {
  await s.waitForVideo(owner.accessToken, videoId, (v) => v.processing.stage === 'ready', 120_000);
  const source = (await s.api('GET', `/api/videos/${videoId}/captions`, { token: owner.accessToken })).body.items;
  const copy = await s.api('POST', `/api/videos/${videoId}/copy`, { token: owner.accessToken });
  expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  const copied = (await s.api('GET', `/api/videos/${copy.body.id}/captions`, { token: owner.accessToken })).body.items;
  const shape = (t: any) => ({ label: t.label, language: t.language, kind: t.kind, isDefault: t.isDefault, cueCount: t.cueCount, version: t.version });
  expect(copied.map(shape)).toEqual(source.map(shape));
  expect(copied.map((t: any) => t.id)).not.toContain(source[0].id);
  const english = copied.find((t: any) => t.label === 'English');
  const cues = (await s.api('GET', `/api/videos/${copy.body.id}/captions/${english.id}`, { token: owner.accessToken })).body.cues;
  expect(cues).toEqual(SRT_CUES);
  await s.api('PUT', `/api/videos/${copy.body.id}/captions/${english.id}`, { token: owner.accessToken, body: { cues: [{ startSec: 0, endSec: 1, text: 'Only in the copy.' }] } });
  const original = source.find((t: any) => t.label === 'English');
  expect((await s.api('GET', `/api/videos/${videoId}/captions/${original.id}`, { token: owner.accessToken })).body.cues).toEqual(SRT_CUES);
  // The copy's words are found under the copy alone.
  const found = await s.api('GET', `/api/videos?search=${encodeURIComponent('only in the copy')}`, { token: owner.accessToken });
  expect(found.body.items.map((v: any) => v.id)).toEqual([copy.body.id]);
}, 180_000);

test('caption writes are counted per account: past RATE_LIMIT_CAPTIONS_PER_ACCOUNT a 429 with Retry-After, before the file is read', async () => {
  const limited = await startTestServer({ RATE_LIMIT_CAPTIONS_PER_ACCOUNT: '2/3600' });
  try {
    const me = await signUpAndLogin(limited);
    const id = (await limited.upload(me.accessToken, await makeClip({ seconds: 2 }))).body.id;
    const send = (body: string) => {
      const form = new FormData();
      form.append('language', 'en');
      form.append('file', new Blob([body]), 'c.vtt');
      return fetch(`${limited.url}/api/videos/${id}/captions`, { method: 'POST', headers: { authorization: `Bearer ${me.accessToken}` }, body: form });
    };
    const first = await send('WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n');
    expect(first.status).toBe(201);
    const track = ((await first.json()) as { id: string }).id;
    // An editor's save counts too.
    expect((await limited.api('PUT', `/api/videos/${id}/captions/${track}`, { token: me.accessToken, body: { cues: [{ startSec: 0, endSec: 1, text: 'Two' }] } })).status).toBe(200);
    const third = await send('WEBVTT\n\n00:01.000 --> 00:02.000\nThree\n');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reading is not counted.
    expect((await limited.api('GET', `/api/videos/${id}/captions`, { token: me.accessToken })).body.items).toHaveLength(1);
  } finally {
    await limited.stop();
  }
}, 120_000);
