import type { APIRequestContext, Page, Request } from '@playwright/test';
import { apiToken, expect, registerViaApi, sampleVideo, shot, signInViaApi, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';
import { clips, MINUTES_CLIP_SECONDS, sharedReady, uploadReady } from './support/ready-video.ts';
import { choose } from './support/select.ts';

/*
 * Privacy in the browser: the owner sets who may watch on the video page, in bulk and as the
 * account default; a viewer of a password video types it on the embed page, a private one says so;
 * and the player renews its short-lived playback token so a video plays to its end.
 */

async function privacyViaApi(request: APIRequestContext, baseURL: string, token: string, id: string, body: Record<string, unknown>) {
  const res = await request.put(`${baseURL}/api/videos/${id}/privacy`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(res.status(), await res.text()).toBe(200);
}
/** Waits until the server refuses a media URL's token (403): the token's life is over by the server's clock. */
async function refused(request: APIRequestContext, url: string) {
  await expect.poll(async () => (await request.get(url, { headers: { range: 'bytes=0-0' } })).status(), { timeout: 90_000, intervals: [1000] }).toBe(403);
}
/** The expiry (ms since the epoch) written in a playback token: `{exp}.{version}.{signature}`. */
const tokenExpiry = (token: string) => Number(token.split('.')[0]) * 1000;
/**
 * The renewal tests' video, uploaded once on the short-token stack and shared by both (test 3 makes
 * it unlisted, test 4 private): two minutes at 160x120, a keyframe every 2 s.
 */
const longVideo = (request: APIRequestContext) =>
  sharedReady('privacy-long', () => uploadReady(request, process.env.E2E_SHORT_TTL_WEB_URL as string, clips.minutes(), 'Long private lesson'));
const currentTime = (page: Page) => page.locator('video').first().evaluate((v: HTMLVideoElement) => v.currentTime);

test('the owner sets privacy on the video page; the embed page asks for the password, then plays; a private one says so', async ({ page, request, baseURL }, info) => {
  const { account: a, id, token } = await uploadReady(request, baseURL, sampleVideo(), 'Client preview');
  const video = { id };
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);

  const panel = page.getByRole('region', { name: 'Privacy' });
  await choose(panel.getByLabel('Who can watch'), /^Password$/);
  // A password video needs its password the first time.
  await panel.getByRole('button', { name: 'Save privacy' }).click();
  await expect(panel.getByText('Set a password for this video.')).toBeVisible();
  await panel.getByLabel('Password', { exact: true }).fill('open sesame');
  await panel.getByLabel('Embed only on these domains').fill('not a domain');
  await panel.getByRole('button', { name: 'Save privacy' }).click();
  await expect(panel.getByText('Must be a domain like example.com or *.example.com.')).toBeVisible();
  await panel.getByLabel('Embed only on these domains').fill('');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/privacy`) && r.request().method() === 'PUT');
  await panel.getByRole('button', { name: 'Save privacy' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('alert-bar')).toContainText('Privacy saved.');
  await expect(panel.getByText('Its media URLs need a short-lived token.')).toBeVisible();
  // The owner's own player plays the protected video through its tokened URL.
  await expect(page.locator('video[aria-label="Video: Client preview"]')).toHaveAttribute('src', /\/~\d{10}\.\d+p\.[\w-]+\/main\.mp4$/);
  await expect.poll(() => page.locator('video[aria-label="Video: Client preview"]').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 }).toBeGreaterThan(0);
  await shot(page, info, 'privacy-video-page');

  // A viewer: the embed page shows the form; a wrong password is refused, the right one plays.
  const viewer = await page.context().browser()!.newContext();
  const embed = await viewer.newPage();
  await embed.goto(`${baseURL}/embed/hls/${video.id}`);
  await expect(embed.getByText('This video is protected by a password')).toBeVisible();
  await shot(embed, info, 'privacy-embed-password');
  await embed.getByLabel('Password').fill('wrong one');
  await embed.getByRole('button', { name: 'Watch' }).click();
  await expect(embed.getByRole('alert')).toHaveText('Wrong password');
  await embed.getByLabel('Password').fill('open sesame');
  await embed.getByRole('button', { name: 'Watch' }).click();
  await embed.locator('.rb-big-play').click();
  await expect.poll(() => currentTime(embed), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await shot(embed, info, 'privacy-embed-unlocked');

  // Private: the embed page says so and plays nothing.
  await privacyViaApi(request, baseURL, token, video.id, { visibility: 'private' });
  await embed.goto(`${baseURL}/embed/hls/${video.id}`);
  await expect(embed.getByRole('alert')).toHaveText('This video is private');
  await expect(embed.locator('video')).toHaveCount(0);
  await shot(embed, info, 'privacy-embed-private');
  await viewer.close();
});

test('My videos sets the visibility of a selection; Settings sets what new videos start with', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const first = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Lesson one');
  await uploadViaApi(request, baseURL, a, tinyVideo(), 'Lesson two');
  await signInViaApi(page, a);
  const rows = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await page.getByRole('button', { name: 'Set visibility (2)' }).click();
  const bulk = page.waitForResponse((r) => r.url().endsWith('/api/videos/bulk'));
  await page.getByRole('menuitem', { name: 'Unlisted' }).click();
  expect((await bulk).request().postDataJSON()).toMatchObject({ action: 'setVisibility', visibility: 'unlisted' });
  await expect(page.getByTestId('alert-bar')).toContainText('2 videos set to unlisted.');
  await expect(page.getByTestId('video-visibility')).toHaveText(['Unlisted', 'Unlisted']);
  await shot(page, info, 'privacy-my-videos-bulk');

  await page.goto('/settings');
  const defaults = page.getByTestId('privacy-defaults');
  await choose(defaults.getByLabel('New videos: who can watch'), /^Private$/);
  await defaults.getByLabel('New videos: embed only on these domains').fill('https://shop.example/page');
  await defaults.getByRole('button', { name: 'Save privacy defaults' }).click();
  await expect(defaults.getByText('Must be a domain like example.com or *.example.com.')).toBeVisible();
  await defaults.getByLabel('New videos: embed only on these domains').fill('shop.example\n*.lms.example');
  await defaults.getByRole('button', { name: 'Save privacy defaults' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Privacy defaults saved.');
  await shot(page, info, 'privacy-settings-defaults');
  const token = await apiToken(request, baseURL, a);
  const third = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Lesson three');
  expect(third).toMatchObject({ visibility: 'private', allowedDomains: ['shop.example', '*.lms.example'] });
  // The earlier videos keep theirs.
  expect((await (await request.get(`${baseURL}/api/videos/${first.id}`, { headers: { authorization: `Bearer ${token}` } })).json()).visibility).toBe('unlisted');
});

test('the player renews its playback token before it ends: two minutes of video play to the end on short-lived tokens', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const baseURL = process.env.E2E_SHORT_TTL_WEB_URL as string;
  // Two minutes at 160x120 with a keyframe every 2 s, on a line a little faster than the clip: hls.js
  // goes on asking for segments, a couple of seconds apart, long after the first token has ended.
  const video = await longVideo(request);
  const token = await apiToken(request, baseURL, video.account);
  await privacyViaApi(request, baseURL, token, video.id, { visibility: 'unlisted' });

  const context = await browser.newContext();
  const page = await context.newPage();
  // Media requests in the order the player sent them, and the tokens the renewals answered.
  const media: Request[] = [];
  const renewed: string[] = [];
  const renewals: number[] = [];
  const tokenOf = (r: Request) => /\/media\/videos\/[^/]+\/~([^/]+)\//.exec(r.url())?.[1];
  page.on('request', (r) => {
    if (tokenOf(r)) media.push(r);
  });
  page.on('response', async (r) => {
    if (!/\/api\/playback\/[^/?]+\?token=/.test(r.url())) return;
    renewals.push(r.status());
    if (r.ok()) renewed.push(((await r.json()) as { token: { token: string } }).token.token);
  });
  // A viewer's line of 40 KB/s, a little above the clip's rate: hls.js goes on fetching segments as
  // it plays (on a faster line it would hold the whole clip before the first renewal).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const line = (downloadThroughput: number) => cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput, uploadThroughput: -1 });
  await line(40_000);
  await page.goto(`${baseURL}/embed/hls/${video.id}?engine=hlsjs`);
  await page.locator('.rb-big-play').click();
  await expect.poll(() => page.locator('.rb-player').getAttribute('data-engine')).toBe('hlsjs');

  // At normal speed until the player has renewed twice and fetched a segment with the second
  // renewal's token: that renewal is due at 70% of the first renewed token's life, after the first
  // token has ended, whatever the machine's load (events, not seconds, move the test on).
  await expect.poll(() => renewed.length, { timeout: 120_000, intervals: [500] }).toBeGreaterThanOrEqual(2);
  const third = renewed[1];
  await expect.poll(() => media.some((r) => tokenOf(r) === third), { timeout: 60_000, intervals: [500] }).toBe(true);
  // Then on to the end, sixteen times as fast on an unthrottled line.
  await line(-1);
  await page.locator('video').evaluate((v: HTMLVideoElement) => {
    v.playbackRate = 16;
  });
  await expect.poll(() => page.locator('video').evaluate((v: HTMLVideoElement, end) => v.ended || v.currentTime > end, MINUTES_CLIP_SECONDS - 1), { timeout: 120_000, intervals: [500] }).toBe(true);

  const firstToken = tokenOf(media[0]) as string;
  expect(renewals.every((s) => s === 200)).toBe(true);
  // Every media request was served, the refused ones are none.
  const statuses = await Promise.all(media.map(async (r) => (await r.response())?.status() ?? 0));
  expect(media.filter((_, i) => statuses[i] < 200 || statuses[i] >= 400).map((r) => r.url())).toEqual([]);
  // The player moved on to each newer token and never went back to an older one.
  const expiries = media.map((r) => tokenExpiry(tokenOf(r) as string));
  expect(expiries).toEqual([...expiries].sort((x, y) => x - y));
  // A segment sent after the first token ended carried the newer token, and was served.
  const late = media.find((r) => tokenOf(r) === third) as Request;
  expect(late.timing().startTime).toBeGreaterThan(tokenExpiry(firstToken));
  // And the old token really is refused by now (the server, not the player, decides).
  const stale = await request.get(`${baseURL}/media/videos/${video.id}/~${firstToken}/hls/master.m3u8`);
  expect(stale.status()).toBe(403);
  await context.close();
});

test("the owner's player on the video page keeps playing past its token's life and through answers that carry newer tokens", async ({ browser, request }, info) => {
  test.setTimeout(300_000);
  const baseURL = process.env.E2E_SHORT_TTL_WEB_URL as string;
  const video = await longVideo(request);
  const a = video.account;
  await privacyViaApi(request, baseURL, await apiToken(request, baseURL, a), video.id, { visibility: 'private' });

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const refusedMedia: string[] = [];
  page.on('response', (r) => {
    if (/\/main\.mp4$/.test(r.url()) && r.status() >= 400) refusedMedia.push(r.url());
  });
  await signInViaApi(page, a);
  // The list loaded: no call (nor a refresh of the session) is in flight when the page is left.
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(1);
  await page.goto(`/${video.id}`);
  const player = page.locator('video[aria-label="Video: Long private lesson"]');
  const first = (await player.getAttribute('src')) as string;
  const playing = (v: HTMLVideoElement) => v.currentTime;
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play();
  });
  await expect.poll(() => player.evaluate(playing), { timeout: 30_000 }).toBeGreaterThan(1);
  // A rename answers the video with a newer token: the player keeps the file it plays instead of
  // starting over (it takes a newer URL only when the server refuses a range request of the old
  // one, its renewal path, which the token's end below may bring at any moment).
  await page.getByRole('button', { name: 'Rename' }).click();
  await page.getByLabel('Video name').fill('Long private lesson, part 1');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Video renamed.');
  const renamed = page.locator('video[aria-label="Video: Long private lesson, part 1"]');
  const renamedSrc = (await renamed.getAttribute('src')) as string;
  if (refusedMedia.length === 0) expect(renamedSrc).toBe(first);
  // Past the token's life (the server refuses its URL now) the video plays on, from where it was.
  await refused(request, new URL(first, baseURL).href);
  const before = await renamed.evaluate(playing);
  expect(before).toBeGreaterThan(3);
  await expect.poll(() => renamed.evaluate(playing), { timeout: 60_000 }).toBeGreaterThan(before + 1);
  expect(await renamed.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
  // A range request the server refused was followed by a newer URL the player went on with.
  if (refusedMedia.length > 0) await expect(renamed).not.toHaveAttribute('src', first);
  await shot(page, info, 'privacy-owner-player-renamed');
  await context.close();
});
