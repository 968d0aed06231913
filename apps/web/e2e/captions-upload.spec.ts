import { readFile } from 'node:fs/promises';
import { apiToken, expect, registerViaApi, shot, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

/** Issue 35 item 7: caption files from the video page (only the API took them before), and the editor's prompt before unsaved edits are lost. */

const VTT = `WEBVTT

00:00:00.000 --> 00:00:01.000
Welcome to the harbour

00:00:01.000 --> 00:00:02.000
Boats at dawn
`;
const SRT = `1
00:00:00,000 --> 00:00:01,000
Bienvenidos al puerto
`;

test('an owner uploads .vtt and .srt files on the Captions card, sees a bad file refused with its reason, and downloads a track’s WebVTT', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Harbour tour');
  await page.goto('/login');
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  const card = page.getByTestId('captions-panel');
  await expect(card.getByText('No captions yet.')).toBeVisible();

  const upload = async (file: { name: string; mimeType: string; text: string }, language: string, label: string) => {
    await card.getByRole('button', { name: 'Upload captions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload captions' });
    await dialog.getByLabel('Language').fill(language);
    await dialog.getByLabel('Label').fill(label);
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Caption file (.vtt or .srt)' }).click();
    await (await chooser).setFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
    await expect(dialog.getByTestId('caption-file-name')).toHaveText(file.name);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    return dialog;
  };

  // A file that is not WebVTT: the server's reason shows at the file field, and nothing is added.
  const refused = await upload({ name: 'notes.vtt', mimeType: 'text/vtt', text: 'just some notes\n' }, 'en', 'English');
  await expect(refused.locator('.ant-form-item-explain-error')).toContainText(/WEBVTT|WebVTT|SRT/);
  await shot(page, info, 'captions-upload-refused');
  // A bad language tag: its message at the language field.
  await refused.getByLabel('Language').fill('not a language');
  await refused.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(refused.locator('.ant-form-item-explain-error').first()).toContainText('Must be a language tag such as en, en-US or pt-BR.');
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();

  const added = await upload({ name: 'english.vtt', mimeType: 'text/vtt', text: VTT }, 'en', 'English');
  await expect(added).toBeHidden();
  await expect(page.getByText('Captions "English" added.')).toBeVisible();
  await upload({ name: 'spanish.srt', mimeType: 'application/x-subrip', text: SRT }, 'es', 'Español');
  // One row per track (antd's List rows; their actions are list items of their own).
  const rows = card.locator('.ant-list-item');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'English' })).toContainText('2 cues');
  await expect(rows.filter({ hasText: 'Español' })).toContainText('1 cues');
  await expect(rows.filter({ hasText: 'Español' })).toContainText('uploaded');
  await shot(page, info, 'captions-upload-card');

  // The API lists what the card shows.
  const token = await apiToken(request, baseURL, a);
  const listed = await (await request.get(`${baseURL}/api/videos/${video.id}/captions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(listed.items.map((t: { label: string; language: string; cueCount: number }) => [t.label, t.language, t.cueCount]).sort()).toEqual([
    ['English', 'en', 2],
    ['Español', 'es', 1],
  ]);

  // Each track downloads as its WebVTT file; the SRT upload comes back as WebVTT.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download captions: Español (.vtt)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.vtt$/);
  const text = await readFile((await file.path()) as string, 'utf8');
  expect(text.startsWith('WEBVTT')).toBe(true);
  expect(text).toContain('00:00:00.000 --> 00:00:01.000');
  expect(text).toContain('Bienvenidos al puerto');
});

test('the caption editor asks before unsaved edits are lost: another screen, Back, a reload', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Edits to keep');
  const token = await apiToken(request, baseURL, a);
  const made = await request.post(`${baseURL}/api/videos/${video.id}/captions`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { language: 'en', label: 'English', file: { name: 'en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) } },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto(`/${video.id}`);
  await page.getByTestId('captions-panel').getByRole('link', { name: 'Edit captions: English' }).click();
  const editorUrl = new RegExp(`/${video.id}/captions/`);
  await expect(page).toHaveURL(editorUrl);
  const cue = page.getByLabel('Cue 1 text', { exact: true });
  await expect(cue).toHaveValue('Welcome to the harbour');

  // Nothing changed yet: leaving asks nothing.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My videos' }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goBack();
  await expect(cue).toHaveValue('Welcome to the harbour');

  await cue.fill('Welcome to the old harbour');
  await expect(page.getByText('unsaved changes')).toBeVisible();
  const prompt = page.getByRole('dialog', { name: 'Leave without saving?' });

  // Another screen through the sidebar: asked; Stay keeps the editor and the edit.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My videos' }).click();
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Your caption edits are not saved.');
  await shot(page, info, 'caption-editor-leave-prompt');
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(editorUrl);
  await expect(cue).toHaveValue('Welcome to the old harbour');

  // The browser's Back: asked too, and the editor stays where it was.
  await page.goBack();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(editorUrl);
  await expect(cue).toHaveValue('Welcome to the old harbour');

  // Leave: the chosen screen opens; the edit was not saved.
  await page.getByRole('link', { name: 'Back to the video' }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/${video.id}$`));
  await expect(page.getByTestId('captions-panel')).toBeVisible();
  const track = (await (await request.get(`${baseURL}/api/videos/${video.id}/captions`, { headers: { authorization: `Bearer ${token}` } })).json()).items[0];
  expect(track.version).toBe(1);

  // A reload over unsaved edits: the browser's own prompt (beforeunload); dismissed, the page stays.
  await page.getByTestId('captions-panel').getByRole('link', { name: 'Edit captions: English' }).click();
  await cue.fill('Welcome aboard');
  await page.evaluate(() => Object.assign(window, { rbSamePage: true }));
  const asked = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(await page.evaluate(() => (window as unknown as { rbSamePage?: boolean }).rbSamePage)).toBe(true);
  await expect(cue).toHaveValue('Welcome aboard');

  // Saved edits: leaving asks nothing.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('unsaved changes')).toBeHidden();
  await page.getByRole('link', { name: 'Back to the video' }).click();
  await expect(page).toHaveURL(new RegExp(`/${video.id}$`));
  await expect(prompt).toBeHidden();
});
