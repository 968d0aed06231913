import { createServer } from 'node:http';
import { apiToken, expect, registerViaApi, shot, signInViaApi, test, tinyVideo, uploadViaApi, waitPlayable } from './support/fixtures.ts';

/*
 * Sharing: the Share dialog on the video page (copy link, copy embed code, who can watch), the
 * share page the link opens, and the embed domain allowlist from a customer's page on a listed
 * domain (plays) and from another site (refused): one small HTTP server here, reached as
 * shop.localhost and as elsewhere.localhost (Chromium resolves *.localhost to this machine, so
 * the pages are real origins on the loopback, as the API is).
 */
test('share dialog, share page, and an embedding refused off the allowed domains', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Client preview');
  const token = await apiToken(request, baseURL, a);
  await waitPlayable(request, baseURL, token, video.id);
  const shareUrl = `${baseURL}/watch/${video.id}`;

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Client preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share video' });
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(shareUrl);
  await expect(dialog.getByRole('textbox', { name: 'Embed code' })).toHaveValue(new RegExp(`<iframe src="${baseURL}/embed/hls/${video.id}"`));
  await expect(dialog.getByRole('heading', { name: 'Who can watch: Public' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
  await shot(page, info, 'share-dialog');
  await dialog.getByRole('button', { name: 'Copy embed code' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(`/embed/hls/${video.id}`);
  // "Change privacy" leads to the privacy controls on the page.
  await dialog.getByRole('button', { name: 'Change privacy' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Privacy' })).toBeInViewport();

  // The link: a light page with the title and the player, which plays.
  const watch = await page.context().newPage();
  await watch.goto(shareUrl);
  await expect(watch.getByRole('heading', { level: 1, name: 'Client preview' })).toBeVisible();
  await expect(watch.locator('video')).toHaveCount(1);
  await watch.locator('.rb-big-play').click();
  await expect.poll(() => watch.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 20_000 }).toBeGreaterThan(0);
  await shot(watch, info, 'share-page');
  await watch.close();

  // Embedding only on shop.localhost: a page there plays it; a page elsewhere shows the refusal.
  const set = await request.put(`${baseURL}/api/videos/${video.id}/privacy`, { headers: { authorization: `Bearer ${token}` }, data: { visibility: 'public', allowedDomains: ['shop.localhost'] } });
  expect(set.status(), await set.text()).toBe(200);
  const customer = createServer((req, res) => {
    const title = req.headers.host?.startsWith('shop.') ? 'Our shop' : 'Somebody else';
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${title}</title><h1>${title}</h1><iframe src="${baseURL}/embed/hls/${video.id}" width="480" height="270" allow="autoplay"></iframe>`);
  });
  await new Promise<void>((done) => customer.listen(0, done));
  const port = (customer.address() as { port: number }).port;
  const embedder = await page.context().newPage();
  await embedder.goto(`http://shop.localhost:${port}/lesson`);
  const allowed = embedder.frameLocator('iframe');
  await expect(allowed.locator('video')).toHaveCount(1);
  await expect(allowed.getByText('This video cannot be played on this site')).toHaveCount(0);

  await embedder.goto(`http://elsewhere.localhost:${port}/copied`);
  const refused = embedder.frameLocator('iframe');
  await expect(refused.getByRole('alert')).toHaveText('This video cannot be played on this site');
  await expect(refused.locator('video')).toHaveCount(0);
  await shot(embedder, info, 'embed-refused');
  await embedder.close();
  customer.close();
});
