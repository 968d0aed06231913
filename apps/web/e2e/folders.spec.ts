import type { Page } from '@playwright/test';
import { expect, registerViaApi, shot, signInViaApi, test, tinyVideo } from './support/fixtures.ts';

async function uploadTiny(page: Page, names: string[]) {
  await page.getByRole('button', { name: 'Upload video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload video' });
  for (const name of names) {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Browse files' }).click();
    await (await chooser).setFiles({ name: `${name}.mp4`, mimeType: 'video/mp4', buffer: await import('node:fs/promises').then((f) => f.readFile(tinyVideo())) });
    await expect(dialog.getByRole('progressbar', { name: `Upload of ${name}.mp4` })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  }
  await dialog.getByRole('button', { name: 'Clear finished' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
}

async function createFolder(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create folder' });
  await dialog.getByLabel('Folder name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Folder created successfully!');
  await expect(page.getByTestId('folder-row').filter({ hasText: name })).toBeVisible();
}

test('folders: create, open (in the URL), upload into it, breadcrumbs back, move two selected videos, delete a folder', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();

  await createFolder(page, 'Clients');
  await createFolder(page, 'Archive');
  // A-z by default; Z-a on request.
  await expect(page.getByTestId('folder-row')).toHaveText([/Archive/, /Clients/]);

  // Open Clients: its id is in the URL, the breadcrumbs show the way back.
  await page.getByTestId('folder-row').filter({ hasText: 'Clients' }).getByRole('link').click();
  await expect(page).toHaveURL(/\?folder=[0-9a-f-]{36}$/);
  const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(breadcrumbs).toContainText('Clients');
  await expect(page.getByText('No videos in this folder.')).toBeVisible();
  await createFolder(page, 'Acme');

  // Upload into the open folder.
  await uploadTiny(page, ['pitch', 'teaser', 'outtake']);
  await expect(page.getByTestId('video-row')).toHaveCount(3);
  // A reload keeps the folder open.
  await page.reload();
  await expect(breadcrumbs).toContainText('Clients');
  await expect(page.getByTestId('video-row')).toHaveCount(3);
  await shot(page, info, 'my-videos-folders');

  // Back to the top level with the breadcrumbs: the uploads are not there, Clients counts 3.
  await breadcrumbs.getByRole('link', { name: 'My videos' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('No videos yet. Upload your first one.')).toBeVisible();
  await expect(page.getByTestId('folder-row').filter({ hasText: 'Clients' })).toContainText('3');
  // The back button returns into the folder.
  await page.goBack();
  await expect(page.getByTestId('video-row')).toHaveCount(3);

  // Select two and move them into Clients/Acme with the folder chooser (one bulk call).
  const bulkCalls: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/videos/bulk') && bulkCalls.push(r.postData() ?? ''));
  await page.getByTestId('video-row').filter({ hasText: 'pitch' }).getByRole('checkbox').check();
  await page.getByTestId('video-row').filter({ hasText: 'teaser' }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Move to folder (2)' }).click();
  const chooser = page.getByRole('dialog', { name: 'Select video folder' });
  await chooser.getByRole('button', { name: 'Clients' }).click();
  await chooser.getByRole('button', { name: 'Acme' }).click();
  await expect(chooser.getByRole('navigation')).toContainText('Acme');
  await chooser.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('2 videos moved.');
  expect(bulkCalls).toHaveLength(1);
  // The list reloads and the selection clears.
  await expect(page.getByTestId('video-row')).toHaveText([/outtake/]);
  await expect(page.getByRole('button', { name: 'Move to folder' })).toBeDisabled();
  await expect(page.getByTestId('folder-row').filter({ hasText: 'Acme' })).toContainText('2');

  // Select all on the page toggles every row.
  await page.getByTestId('folder-row').filter({ hasText: 'Acme' }).getByRole('link').click();
  await expect(breadcrumbs).toContainText('Acme');
  // Wait for Acme's own rows: select-all before they load would select the previous list.
  await expect(page.getByTestId('video-row')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(page.getByRole('button', { name: 'Delete (2)' })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Select all' }).uncheck();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();

  // Delete Clients from the top level: its videos and Acme move up to My videos.
  await breadcrumbs.getByRole('link', { name: 'My videos' }).click();
  await page.getByRole('button', { name: 'Actions for folder Clients' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete folder' });
  await expect(confirm).toContainText('Its videos and folders move to “My videos”.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Folder deleted successfully!');
  await expect(page.getByTestId('folder-row')).toHaveText([/Acme/, /Archive/]);
  await expect(page.getByTestId('video-row')).toHaveText([/outtake/]);
});

test('folders: rename, move into another folder, and the top bar search across folders', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await createFolder(page, 'Drafts');
  await createFolder(page, 'Final');
  await page.getByRole('button', { name: 'Actions for folder Drafts' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  await rename.getByLabel('Folder name').fill('Old drafts');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('alert-bar')).toContainText('Folder updated successfully!');

  await page.getByRole('button', { name: 'Actions for folder Old drafts' }).click();
  await page.getByRole('menuitem', { name: 'Move' }).click();
  const move = page.getByRole('dialog', { name: 'Move folder “Old drafts”' });
  // A folder cannot be opened as its own target.
  await expect(move.getByRole('button', { name: 'Old drafts' })).toBeDisabled();
  await move.getByRole('button', { name: 'Final' }).click();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByTestId('folder-row')).toHaveText([/Final/]);

  // A video in Final/Old drafts is found by the top bar search from anywhere.
  await page.getByTestId('folder-row').getByRole('link').click();
  await page.getByTestId('folder-row').filter({ hasText: 'Old drafts' }).getByRole('link').click();
  await uploadTiny(page, ['hidden gem']);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Search videos').fill('gem');
  await page.getByLabel('Search videos').press('Enter');
  await expect(page.getByText('Results for “gem” in all folders')).toBeVisible();
  await expect(page.getByTestId('video-row')).toHaveText([/hidden gem/]);
});
