import { readFile } from 'node:fs/promises';
import { expect, registerViaApi, signInViaApi, test, tinyVideo } from './support/fixtures.ts';

// The second stack, so its dozen uploads do not queue ahead of the other tests' processing.
// Its access tokens end within a test (ACCESS_TOKEN_TTL_SECONDS), hence a fresh sign-in per upload.
test.use({ baseURL: process.env.E2E_SHORT_TTL_WEB_URL });

test('on a phone, See more adds 5 videos per step', async ({ page, request, baseURL }) => {
  const a = await registerViaApi(request, baseURL as string);
  const buffer = await readFile(tinyVideo());
  for (let i = 1; i <= 12; i++) {
    const { accessToken } = await (await request.post(`${baseURL}/api/auth/login`, { data: { email: a.email, password: a.password } })).json();
    const r = await request.post(`${baseURL}/api/videos`, {
      headers: { authorization: `Bearer ${accessToken}` },
      multipart: { name: `Clip ${String(i).padStart(2, '0')}`, video: { name: `clip${i}.mp4`, mimeType: 'video/mp4', buffer } },
    });
    expect(r.status()).toBe(201);
  }
  await signInViaApi(page, a);
  const rows = page.getByTestId('video-row');
  await expect(rows).toHaveCount(10);
  await page.getByRole('button', { name: 'See more' }).click();
  await expect(rows).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'See more' })).toBeHidden();
});
