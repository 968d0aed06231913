import { basename } from 'node:path';
import { apiToken, expect, registerViaApi, sampleVideo, shot, signInViaApi, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

/** The owner's player plays the same file under a preview token (`/~{token}/` before the file's path). */
const previewOf = (url: string) => {
  const at = url.indexOf('/media/videos/');
  const [, id, ...rest] = url.slice(at + '/media/videos/'.length - 1).split('/');
  const literal = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(url.slice(0, at))}/media/videos/${id}/~[^/]+/${literal(rest.join('/'))}$`);
};

test('Replace video: a new file with the upload progress, the same page and link, a new picture at new addresses', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, sampleVideo(), 'Harbour tour');
  const headers = { authorization: `Bearer ${await apiToken(request, baseURL as string, a)}` };
  const current = async () => (await request.get(`${baseURL}/api/videos/${video.id}`, { headers })).json();
  // A replace waits until the video is fully processed.
  await expect.poll(async () => (await current()).processing.activity, { timeout: 90_000, intervals: [500] }).toBe('ready');
  const before = await current();

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour tour' })).toBeVisible();
  await expect(page.getByLabel('Video: Harbour tour')).toHaveAttribute('src', previewOf(before.videoSource));
  await page.getByRole('button', { name: 'Replace video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace video' });
  await expect(dialog.getByText('Its link, embed code, name, folder, player settings and statistics stay the same')).toBeVisible();
  await shot(page, info, 'replace-video-dialog');

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose new file' }).click();
  await (await chooser).setFiles(tinyVideo());
  const bar = dialog.getByRole('progressbar', { name: `Upload of ${basename(tinyVideo())}` });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(dialog.getByText('Uploaded')).toBeVisible();
  await shot(page, info, 'replace-video-uploaded');

  // The page polls the video: the new file plays at the same page and link, from new addresses.
  await expect(dialog.getByRole('status').filter({ hasText: 'The new file plays now, at the same link and embed code.' })).toBeVisible({ timeout: 90_000 });
  await shot(page, info, 'replace-video-done');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const after = await current();
  expect(after).toMatchObject({ id: video.id, name: 'Harbour tour', metadata: { video: { width: 160, height: 120 } } });
  expect(after.videoSource).toMatch(/\/v-[0-9a-f]{12}\/main\.mp4$/);
  expect(after.videoSource).not.toBe(before.videoSource);
  await expect(page.getByLabel('Video: Harbour tour')).toHaveAttribute('src', previewOf(after.videoSource));
  await expect(page).toHaveURL(new RegExp(`/${video.id}$`));
  await expect(page.getByTestId('video-status').getByText('Main: ready')).toBeVisible();
  await shot(page, info, 'replace-video-page');
});
