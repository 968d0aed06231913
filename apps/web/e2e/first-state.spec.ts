import type { APIRequestContext, Page } from '@playwright/test';
import { FOLDER_NAME_MAX, FOLDER_NAME_TOO_LONG } from '@reelbase/api-client';
import { type Account, ADMIN, apiToken, expect, registerViaApi, sampleVideo, shot, signInViaApi, test, uploadViaApi } from './support/fixtures.ts';

// Issue 22, items 3 ("Honest state") and 7 ("Flows that land where the user expects").
// Each test has its own user and videos, so they can run side by side.
test.describe.configure({ mode: 'parallel' });

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const api = async (request: APIRequestContext, baseURL: string, token: string, method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
  const res = await request[method](`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` }, ...(data !== undefined && { data }) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
};

/** A signed-in user on My videos, with the 3 s sample (named `name`) ready through the API. */
async function withReadyVideo(page: Page, request: APIRequestContext, baseURL: string, name = 'Tour') {
  const account = await registerViaApi(request, baseURL);
  const token = await apiToken(request, baseURL, account);
  const { id } = await uploadViaApi(request, baseURL, account, sampleVideo(), name);
  await expect.poll(async () => (await api(request, baseURL, token, 'get', `/api/videos/${id}`)).processing.activity, { timeout: 90_000 }).toBe('ready');
  await signInViaApi(page, account);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  return { account, token, id };
}

test('upload: a PDF is refused with the reason; a video shows processing until it plays, then opens; the list fills in without a reload', async ({ page, request, baseURL }, info) => {
  const account: Account = await registerViaApi(request, baseURL);
  await signInViaApi(page, account);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();

  await page.getByRole('button', { name: 'Upload video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload video' });
  let chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles({ name: 'price-list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(dialog.getByRole('alert')).toHaveText('“price-list.pdf” was not uploaded: it is a PDF document, not a video. Choose a video file such as MP4, MOV or WebM.');
  await expect(dialog.getByText('Not uploaded', { exact: true })).toBeVisible();
  await shot(page, info, 'first-state-upload-refused');

  chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles(sampleVideo());
  // After the bytes: processing (polled) until the video plays, then a way to open it.
  const ready = dialog.getByTestId('upload-ready');
  await expect(dialog.getByTestId('upload-processing').or(ready)).toBeVisible({ timeout: 60_000 });
  await shot(page, info, 'first-state-upload-processing');
  await expect(ready).toContainText('Ready to play', { timeout: 90_000 });
  await expect(dialog.getByTestId('upload-processing')).toHaveCount(0);
  await shot(page, info, 'first-state-upload-ready');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list polled meanwhile: the thumbnail, the length and the state are there without a reload.
  const row = page.getByTestId('video-row').first();
  await expect(row.locator('img.rb-thumb')).toHaveAttribute('src', /thumb|cover/, { timeout: 90_000 });
  await expect(row.getByTestId('video-duration')).toContainText('0:03');
  await expect(row.getByText('HLS: ready')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('1 video', { exact: true })).toBeVisible();
  await shot(page, info, 'first-state-list');

  // The title opens the video; so does the thumbnail.
  const name = (await row.getByRole('link').first().textContent()) as string;
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/${UUID}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByTestId('video-row').first().getByTestId('video-thumb-link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('state: a trim says "Trimming" and the tools say why they wait; an admin block shows with its reason; a search names each folder', async ({ page, request, baseURL }, info) => {
  const { token, id } = await withReadyVideo(page, request, baseURL, 'Harbour tour');
  await page.goto(`/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour tour' })).toBeVisible();
  await expect(page.getByTestId('tools-unavailable')).toHaveCount(0);

  // Overwrite asks first; then this page says what happens, and the tools wait with the reason.
  await page.getByRole('button', { name: 'Trim' }).click();
  const trimmer = page.getByRole('dialog', { name: 'Video Trimmer' });
  await trimmer.getByLabel('Start time').fill('00:00:01');
  await trimmer.getByLabel('Start time').press('Tab');
  await trimmer.getByRole('button', { name: 'Overwrite Original' }).click();
  const confirm = page.getByRole('dialog', { name: 'Overwrite the original?' });
  await expect(confirm).toContainText('00:00:01 to 00:00:03 of “Harbour tour” is kept');
  await shot(page, info, 'first-state-overwrite-confirm');
  const edit = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${id}/edit`) && r.request().method() === 'PUT');
  await confirm.getByRole('button', { name: 'Overwrite Original' }).click();
  expect((await edit).status()).toBe(202);
  await expect(page).toHaveURL(new RegExp(`/${id}$`));
  await expect(page.getByTestId('video-status')).toContainText('Trimming');
  await expect(page.getByTestId('tools-unavailable')).toHaveText('The video is being trimmed. The tools come back when it is done.');
  await expect(page.getByRole('button', { name: 'Create Interactive GIF' })).toBeDisabled();
  await shot(page, info, 'first-state-trimming');
  // Back by itself once the cut is published and processed.
  await expect(page.getByTestId('tools-unavailable')).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Create Interactive GIF' })).toBeEnabled();

  // An admin blocks it with a reason: the owner reads it on the video and in the list.
  const adminToken = await apiToken(request, baseURL, ADMIN);
  await api(request, baseURL, adminToken, 'post', '/api/videos/bulk', { action: 'block', ban: true, ids: [id], reason: 'Copyright notice from Acme Films' });
  await page.reload();
  await expect(page.getByTestId('video-blocked')).toHaveText('Blocked by an administrator: Copyright notice from Acme Films');
  await shot(page, info, 'first-state-blocked');

  // A search from the top level says where each result is.
  const folder = (await api(request, baseURL, token, 'post', '/api/folders', { name: 'Boats' })).folder;
  await api(request, baseURL, token, 'post', '/api/videos/bulk', { action: 'addToFolder', folderId: folder.id, ids: [id] });
  await page.goto('/');
  await page.getByLabel('Search videos').fill('harbour');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByTestId('video-row').filter({ hasText: 'Harbour tour' });
  await expect(row.getByTestId('video-folder')).toHaveText(/Boats/);
  await expect(row.getByTestId('video-blocked')).toBeVisible();
  await shot(page, info, 'first-state-search-folder');
  await row.getByTestId('video-folder').getByRole('link', { name: 'Boats' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?folder=${folder.id}$`));
});

test('flows: trim as new opens "<name> (trimmed)"; copies are "(copy)", "(copy 2)"; banners stay on their page; folder name limit; promo code checked', async ({ page, request, baseURL }, info) => {
  const { id } = await withReadyVideo(page, request, baseURL, 'Tour');
  await page.goto(`/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tour' })).toBeVisible();

  await page.getByRole('button', { name: 'Trim' }).click();
  const trimmer = page.getByRole('dialog', { name: 'Video Trimmer' });
  await trimmer.getByLabel('End time').fill('00:00:02');
  await trimmer.getByLabel('End time').press('Tab');
  await trimmer.getByRole('button', { name: 'Save As New Video' }).click();
  // The banner of the step that opened the new video goes along to it (it closes itself after 6 s).
  await expect(page.getByTestId('alert-bar')).toContainText('The trimmed video is being made.');
  await expect(page.getByRole('heading', { level: 1, name: 'Tour (trimmed)' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${UUID}$`));
  expect(page.url()).not.toContain(id);
  await shot(page, info, 'first-state-trimmed-new');

  // Copies: each a name of its own; the copy opens.
  await page.goto(`/${id}`);
  for (const expected of ['Tour (copy)', 'Tour (copy 2)']) {
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: expected })).toBeVisible();
    await page.goto(`/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tour' })).toBeVisible();
  }

  // A success banner closes when the user moves on to another page.
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await page.getByRole('dialog', { name: 'Rename video' }).getByLabel('Video name').fill('Tour of the port');
  await page.getByRole('dialog', { name: 'Rename video' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Video renamed.');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await expect(page.getByTestId('alert-bar')).toBeEmpty();
  await expect(page.getByText('4 videos', { exact: true })).toBeVisible();

  // Folder names: the limit, said while typing.
  await page.getByRole('button', { name: 'Create folder' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'Create folder' });
  await folderDialog.getByLabel('Folder name').fill('f'.repeat(FOLDER_NAME_MAX + 1));
  await expect(folderDialog.getByText(FOLDER_NAME_TOO_LONG)).toBeVisible();
  await shot(page, info, 'first-state-folder-limit');
  await folderDialog.getByRole('button', { name: 'Create' }).click();
  await expect(folderDialog).toBeVisible();
  await folderDialog.getByLabel('Folder name').fill('Port');
  await folderDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Folder created successfully!');

  // The promo code in settings is checked as at checkout, the reason beside the field.
  await page.goto('/settings');
  await page.getByLabel('Promo code').fill('NOPE42');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#settings_promoCode_help')).toHaveText('This promo code does not exist');
  await shot(page, info, 'first-state-promo');
});

test('sign-in lockout: the page says when to try again and waits until then', async ({ page, request, baseURL }, info) => {
  const account = await registerViaApi(request, baseURL);
  // Failed attempts from this address (the API's own checks) until the account pauses here.
  for (let attempt = 0; attempt < 8; attempt++) {
    const res = await request.post(`${baseURL}/api/auth/login`, { data: { email: account.email, password: 'not-the-password' }, timeout: 90_000 });
    if (res.status() === 429) break;
    expect(res.status()).toBe(401);
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const paused = page.getByTestId('sign-in-paused');
  await expect(paused).toHaveText(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\. You can try again at \d{1,2}:\d{2}( ?[AP]M)?\.$/, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  await shot(page, info, 'first-state-sign-in-paused');
});
