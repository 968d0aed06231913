import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiToken, expect, registerViaApi, shot, signInViaApi, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';
import { choose } from './support/select.ts';

/*
 * Generated captions in the app (issue 25 item 2): the owner starts them on the video page, sees
 * them being made and then ready (Debian's pocketsphinx on the worker); in Settings, generated
 * captions for every new upload are switched on and off.
 */

/** Known English speech (Debian's espeak-ng) under a test pattern, as an H.264/AAC mp4. */
function speechClip(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reelbase-e2e-speech-'));
  const wav = join(dir, 'speech.wav');
  const mp4 = join(dir, 'speech.mp4');
  execFileSync('espeak-ng', ['-v', 'en-us+f2', '-s', '110', '-g', '5', '-w', wav, 'Please open the door and turn on the light.\n\nThe children are playing in the garden.']);
  // biome-ignore format: ffmpeg's options read best in pairs
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-i', wav,
    '-map', '0:v', '-map', '1:a', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ar', '48000', mp4]);
  return mp4;
}

test('generate captions from the video page, and for every new upload from Settings', async ({ page, request, baseURL }, info) => {
  test.setTimeout(240_000);
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, speechClip(), 'Front door');
  await waitPlayable(request, baseURL, await apiToken(request, baseURL, a), video.id);

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.getByTestId('video-row').getByRole('link', { name: 'Front door' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Front door' })).toBeVisible();
  const card = page.getByTestId('generate-captions');
  await expect(card.getByLabel('Language of the speech')).toBeVisible();
  await shot(page, info, 'captions-generate-start');

  const started = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/captions/generate`) && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'Generate captions' }).click();
  expect((await started).status()).toBe(202);
  const track = card.getByTestId('generated-track');
  await expect(track).toContainText('American English (generated)');
  await expect(track.getByText('Generating…').or(track.getByText(/cues$/))).toBeVisible();
  await shot(page, info, 'captions-generate-running');
  // Made on the worker; the card follows it without a reload.
  await expect(track.getByText(/^\d+ cues$/)).toBeVisible({ timeout: 180_000 });
  await shot(page, info, 'captions-generate-ready');

  // Settings: generated captions for every new upload.
  await page.goto(`${baseURL}/settings`);
  await expect(page.getByTestId('caption-settings')).toBeVisible({ timeout: 30_000 });
  const settings = page.getByTestId('caption-settings');
  const select = settings.getByLabel('Generated captions for new uploads');
  await expect(settings).toContainText('Off');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/captions/settings') && r.request().method() === 'PUT');
  await choose(select, 'English (United Kingdom)');
  expect(await (await saved).json()).toEqual({ autoLanguage: 'en-GB' });
  await expect(page.getByText('New uploads get generated captions.')).toBeVisible();
  await shot(page, info, 'captions-settings-on');
  // Kept: a reload shows it.
  await page.reload();
  await expect(page.getByTestId('caption-settings')).toContainText('English (United Kingdom)');
});
