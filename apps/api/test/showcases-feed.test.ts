import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { makeAudioRendition } from '../src/media/audio-rendition.ts';
import { ffprobeJson, tempDir } from './media/media-helpers.ts';
import { makeClip } from './support/clips.ts';
import { type SignedIn, signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';
import { parseXml, type XmlElement } from './support/xml.ts';

let s: TestServer;
let owner: SignedIn;
const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUpAndLogin(s);
});
afterAll(() => s.stop());

const call = (method: string, path: string, body?: unknown) => s.api(method, path, { token: owner.accessToken, body });
const get = (url: string, init?: RequestInit) => fetch(url, init);
const upload = async (clip: string, name: string) => (await s.upload(owner.accessToken, clip, { name })).body.id as string;

/** The renditions' rows once no job is pending (the feed carries only made ones). */
async function renditionsSettled(ids: string[]) {
  const sql = s.services.orm.em.fork().getConnection();
  for (;;) {
    const rows = await sql.execute<{ status: string }[]>(`select status from video_audio_renditions where video_id in (${ids.map(() => '?').join(',')})`, ids);
    if (rows.length === ids.length && rows.every((r) => r.status !== 'pending')) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the feed is RSS 2.0 with the iTunes tags and one AAC audio-only enclosure per video with audio; its length is the served bytes', async () => {
  const withAac = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 2, audio: 'aac' });
  const withMp3 = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 2, audio: 'mp3' });
  const silent = await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false });
  const ids = [await upload(withAac, 'Episode & one'), await upload(withMp3, 'Episode two'), await upload(silent, 'No sound')];
  for (const id of ids) await s.waitForVideo(owner.accessToken, id, (v) => v.status === 'ready');
  const made = await call('POST', '/api/showcases', { name: 'The podcast', slug: `pod-${crypto.randomUUID().slice(0, 8)}`, description: 'Talks <about> things', visibility: 'unlisted', videoIds: ids });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const work = await tempDir('feed');
  onTestFinished(work.remove);
  const statuses = await renditionsSettled(ids);
  expect(statuses.map((r) => r.status).sort()).toEqual(['none', 'ready', 'ready']);

  const res = await get(made.body.showcase.feedUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/rss+xml');
  const xml = await res.text();

  // A feed parser from npm reads it whole.
  const feed = parseFeed(xml);
  expect(feed.meta.type).toBe('rss');
  expect(feed.title).toBe('The podcast');
  expect(feed.items.map((i) => i.title)).toEqual(['Episode & one', 'Episode two', 'No sound']);
  expect(feed.items[0].mediaAudio[0]).toMatchObject({ mimeType: 'audio/mp4', type: 'audio' });
  expect(feed.items[2].mediaAudio).toEqual([]);

  // The structure, element by element (no schema): channel, its iTunes tags, items, enclosures.
  const rss = parseXml(xml);
  expect(rss.tagName).toBe('rss');
  expect(rss.getAttribute('version')).toBe('2.0');
  const channel = rss.getElementsByTagName('channel')[0];
  const itunes = (el: XmlElement, name: string) => el.getElementsByTagNameNS(ITUNES, name);
  for (const tag of ['author', 'category', 'explicit', 'summary']) expect(itunes(channel, tag).length, tag).toBeGreaterThan(0);
  expect(itunes(channel, 'category')[0].getAttribute('text')).toBe('TV & Film');
  expect(itunes(channel, 'summary')[0].textContent).toBe('Talks <about> things');
  const items = Array.from(channel.getElementsByTagName('item'));
  expect(items).toHaveLength(3);
  const enclosures = items.map((i) => i.getElementsByTagName('enclosure')[0] ?? null);
  expect(enclosures[2]).toBeNull();
  let served = 0;
  for (const [i, item] of items.entries()) {
    expect(itunes(item, 'duration')[0].textContent).toMatch(/^00:00:0[12]$/);
    expect(itunes(item, 'summary').length).toBe(1);
    if (!enclosures[i]) continue;
    const enc = enclosures[i];
    expect(enc.getAttribute('type')).toBe('audio/mp4');
    const url = enc.getAttribute('url') ?? '';
    expect(url).toBe(`${made.body.showcase.pageUrl}/audio/${ids[i]}.m4a`);
    // The length is the file's bytes as served at that URL.
    const file = await get(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mp4');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(Number(enc.getAttribute('length'))).toBe(bytes.length);
    expect(Number(file.headers.get('content-length'))).toBe(bytes.length);
    // Audio only, AAC (ffprobe on the served file).
    const path = join(work.path, `enclosure-${i}.m4a`);
    await writeFile(path, bytes);
    const info = await ffprobeJson(path);
    expect(info.streams.map((st: { codec_type: string; codec_name: string }) => [st.codec_type, st.codec_name])).toEqual([['audio', 'aac']]);
    // Podcast apps seek with ranges.
    const part = await get(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    served += bytes.length + 100;
  }
  // What the feed's listeners fetched is the team's bandwidth, as its embeds' media is.
  await expect
    .poll(async () => {
      await s.services.bandwidth.flush();
      return (await call('GET', '/api/usage')).body.bandwidth.thisMonthBytes;
    })
    .toBe(served);

  // A deleted video leaves the feed, and its audio file is gone with it.
  const firstAudio = enclosures[0]?.getAttribute('url') ?? '';
  expect((await call('DELETE', `/api/videos/${ids[0]}`)).status).toBe(200);
  const after = parseFeed(await (await get(made.body.showcase.feedUrl)).text());
  expect(after.items.map((i) => i.title)).toEqual(['Episode two', 'No sound']);
  expect((await get(firstAudio)).status).toBe(404);

  // A password showcase has no feed; nor do its enclosures answer.
  const secondAudio = enclosures[1]?.getAttribute('url') ?? '';
  await call('PUT', `/api/showcases/${made.body.showcase.id}`, { ...made.body.showcase, videoIds: ids.slice(1), visibility: 'password', password: 'letmein1', theme: made.body.showcase.theme, folderId: null });
  expect((await get(made.body.showcase.feedUrl)).status).toBe(404);
  expect((await get(secondAudio)).status).toBe(404);
});

test('the audio rendition copies AAC as it is, encodes other audio to AAC, and gives none for a silent video', async () => {
  const { path: dir, remove } = await tempDir('audio');
  onTestFinished(remove);
  const aac = await makeAudioRendition(await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 2, audio: 'aac' }), join(dir, 'a'), { timeoutMs: 60_000 });
  const mp3 = await makeAudioRendition(await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 2, audio: 'mp3' }), join(dir, 'b'), { timeoutMs: 60_000 });
  const none = await makeAudioRendition(await makeClip({ codec: 'h264', width: 160, height: 120, seconds: 1, audio: false }), join(dir, 'c'), { timeoutMs: 60_000 });
  expect(aac?.copied).toBe(true);
  expect(mp3?.copied).toBe(false);
  expect(none).toBeNull();
  for (const r of [aac, mp3]) {
    const info = await ffprobeJson(r?.file ?? '');
    expect(info.streams.map((st: { codec_type: string; codec_name: string }) => [st.codec_type, st.codec_name])).toEqual([['audio', 'aac']]);
    expect(info.format.format_name).toContain('mp4');
    expect(Number(info.format.duration)).toBeGreaterThan(1.5);
  }
});
