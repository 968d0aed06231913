import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiToken, expect, registerViaApi, shot, signInViaApi, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

/** Issue 37 item 2: the owner's Audio tracks card: a track of the wrong length refused with both lengths, then one added, made the default, renamed and removed. */

const API_DIR = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../api');

/** A sine tone of `seconds` as an .m4a, with the API's ffmpeg. */
function tone(seconds: number): Buffer {
  const ffmpeg = (createRequire(join(API_DIR, 'package.json'))('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const out = join(mkdtempSync(join(tmpdir(), 'reelbase-e2e-tone-')), 'dub.m4a');
  execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=660:duration=${seconds}`, '-c:a', 'aac', '-y', out]);
  return readFileSync(out);
}

test('an owner adds a dubbed track on the Audio tracks card (a wrong length refused with both figures), makes it the default, renames and removes it', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const video = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Harbour tour');
  const token = await apiToken(request, baseURL as string, a);
  await expect
    .poll(async () => {
      const v = await (await request.get(`${baseURL}/api/videos/${video.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
      return v.status === 'ready' && v.isHlsReady;
    }, { timeout: 90_000, intervals: [500] })
    .toBe(true);
  await signInViaApi(page, a);
  await page.goto(`/${video.id}`);
  const card = page.getByTestId('audio-tracks-card');
  await expect(card.getByText("Only the video's own audio.", { exact: false })).toBeVisible();

  const add = async (seconds: number) => {
    await card.getByRole('button', { name: 'Add audio track' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add audio track' });
    await dialog.getByLabel('Language').fill('es');
    await dialog.getByLabel('Label').fill('Español');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Audio or video file' }).click();
    await (await chooser).setFiles({ name: `dub-${seconds}s.m4a`, mimeType: 'audio/mp4', buffer: tone(seconds) });
    await expect(dialog.getByTestId('audio-file-name')).toHaveText(`dub-${seconds}s.m4a`);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    return dialog;
  };
  const refused = await add(5);
  await expect(refused.locator('.ant-form-item-explain-error')).toContainText(/The audio lasts 5\.0 s but the video lasts 1\.0 s/);
  await shot(page, info, 'audio-tracks-refused');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();

  await expect(await add(1)).toBeHidden();
  const row = card.locator('.ant-list-item').filter({ hasText: 'Español' });
  // Encoded by the job: the card looks again until it is ready.
  await expect(row).not.toContainText('encoding', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Make default' }).click();
  await expect(row).toContainText('default');
  await row.getByRole('button', { name: 'Rename audio track: Español' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename audio track' });
  await rename.getByLabel('Label').fill('Castellano');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(card.locator('.ant-list-item').filter({ hasText: 'Castellano' })).toBeVisible();
  await shot(page, info, 'audio-tracks-card');
  const listed = await (await request.get(`${baseURL}/api/videos/${video.id}/audio-tracks`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(listed.items.map((t: { label: string; language: string; isDefault: boolean; status: string }) => [t.label, t.language, t.isDefault, t.status])).toEqual([['Castellano', 'es', true, 'ready']]);

  await card.getByRole('button', { name: 'Remove audio track: Castellano' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByText("Only the video's own audio.", { exact: false })).toBeVisible();
});
