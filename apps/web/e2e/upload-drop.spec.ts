import { readFile } from 'node:fs/promises';
import { expect, registerViaApi, signInViaApi, test, tinyVideo } from './support/fixtures.ts';

test('several files dropped on the upload modal: each video gets its own entry, other files are refused with the reason', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  await signInViaApi(page, a);
  await page.getByRole('button', { name: 'Upload video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload video' });
  const bytes = [...(await readFile(tinyVideo()))];

  const transfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    const video = new Uint8Array(data);
    dt.items.add(new File([video], 'first.mp4', { type: 'video/mp4' }));
    dt.items.add(new File([video], 'second.mp4', { type: 'video/mp4' }));
    dt.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    return dt;
  }, bytes);
  const zone = dialog.getByTestId('drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });

  // The refused file has its own entry in the dialog, saying why.
  await expect(dialog.getByRole('alert').filter({ hasText: '“notes.txt” was not uploaded: it is a .txt file, not a video.' })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Upload of first.mp4' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Upload of second.mp4' })).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Upload of notes.txt' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('video-row')).toHaveCount(2);
});
