import { apiToken, expect, registerViaApi, shot, signInViaApi, test, tinyVideo, uploadViaApi } from './support/fixtures.ts';

/*
 * Caption translation in the app (issue 37 item 1): "Translate to…" on a track lists the languages
 * the server's engine (Debian's Apertium) offers; a pick makes a translated track on the worker;
 * after the source is edited, the translation says so and is translated again with one click.
 */

const VTT = `WEBVTT

00:00:00.000 --> 00:00:01.000
The cat is on the table.

00:00:01.000 --> 00:00:02.000
Good morning, my friend.
`;

test('translate a track from the Captions card, then again after its source changed', async ({ page, request, baseURL }, info) => {
  test.setTimeout(120_000);
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, tinyVideo(), 'Breakfast');
  const headers = { authorization: `Bearer ${await apiToken(request, baseURL, a)}` };
  const added = await request.post(`${baseURL}/api/videos/${video.id}/captions`, {
    headers,
    multipart: { language: 'en', label: 'English', file: { name: 'en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(VTT) } },
  });
  expect(added.status()).toBe(201);
  const source = await added.json();

  await signInViaApi(page, a);
  await page.goto(`/${video.id}`);
  const card = page.getByTestId('captions-panel');
  const rows = card.locator('.ant-list-item');
  await expect(rows).toHaveCount(1);
  await card.getByRole('button', { name: 'Translate captions: English' }).click();
  // The engine's languages, named in the app's language.
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Spanish (es)' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Catalan (ca)' })).toBeVisible();
  await shot(page, info, 'captions-translate-menu');
  await menu.getByRole('menuitem', { name: 'Spanish (es)' }).click();
  await expect(page.getByText('The captions are being translated.')).toBeVisible();
  const spanish = rows.filter({ hasText: 'Spanish (translated)' });
  await expect(spanish).toContainText('2 cues');
  await expect(spanish).toContainText('translated');
  await expect(spanish).toContainText('from English');

  // The source is edited (as in its editor): the translation says so, and one click translates it again.
  const cues = [
    { startSec: 0, endSec: 1, text: 'The cat is on the table.' },
    { startSec: 1, endSec: 2, text: 'The library opens at nine.' },
  ];
  expect((await request.put(`${baseURL}/api/videos/${video.id}/captions/${source.id}`, { headers, data: { cues } })).status()).toBe(200);
  await page.reload();
  await expect(spanish.getByText('source changed')).toBeVisible();
  await shot(page, info, 'captions-translate-source-changed');
  await spanish.getByRole('button', { name: 'Translate again' }).click();
  await expect(spanish.getByText('source changed')).toBeHidden();
  const list = await (await request.get(`${baseURL}/api/videos/${video.id}/captions`, { headers })).json();
  const translated = list.items.find((t: { kind: string }) => t.kind === 'translated');
  const texts = async () => ((await (await request.get(`${baseURL}/api/videos/${video.id}/captions/${translated.id}`, { headers })).json()).cues ?? []).map((c: { text: string }) => c.text);
  await expect.poll(texts).toEqual([expect.stringMatching(/gato/), expect.stringMatching(/biblioteca/)]);
  await expect(rows).toHaveCount(2);
});
