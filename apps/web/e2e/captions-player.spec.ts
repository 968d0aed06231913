import { apiToken, expect, nextFrame, registerViaApi, sampleVideo, shot, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';

/*
 * Issue 25, playback: the share page's player offers the video's caption tracks in its CC menu
 * (tracks by label, and Off), shows the owner's default one, and draws the cue under the playhead
 * above the control bar.
 */
test('the share page player: CC menu, the default track shown, another picked', async ({ page, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL);
  const video = await uploadViaApi(request, baseURL, a, sampleVideo(), 'Harbour tour');
  const token = await apiToken(request, baseURL, a);
  await waitPlayable(request, baseURL, token, video.id);
  const upload = async (label: string, language: string, text: string, isDefault: boolean) => {
    const res = await request.post(`${baseURL}/api/videos/${video.id}/captions`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: { language, label, isDefault: String(isDefault), file: { name: 'captions.vtt', mimeType: 'text/vtt', buffer: Buffer.from(`WEBVTT\n\n00:00:00.000 --> 01:00:00.000\n${text}\n`) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await upload('English', 'en', 'Welcome to the harbour', true);
  await upload('Español', 'es', 'Bienvenidos al puerto', false);

  await page.goto(`/watch/${video.id}`);
  const cc = page.getByRole('button', { name: 'Captions' });
  await expect(cc).toBeVisible();
  await expect(cc).toHaveAttribute('aria-pressed', 'true');
  const showing = () =>
    page.evaluate(() => {
      const t = Array.from(document.querySelector('video')?.textTracks ?? []).find((x) => x.mode === 'showing');
      return t ? [t.label, ...Array.from(t.activeCues ?? []).map((c) => (c as VTTCue).text)] : null;
    });
  await page.evaluate(() => {
    const v = document.querySelector('video') as HTMLVideoElement;
    v.muted = true;
    return v.play().catch(() => {});
  });
  await expect.poll(showing, { timeout: 30_000 }).toEqual(['English', 'Welcome to the harbour']);
  await page.evaluate(() => document.querySelector('video')?.pause());
  await nextFrame(page); // the cue is drawn on the next frame
  await shot(page, info, 'captions-share-default');

  await cc.click();
  const menu = page.getByRole('menu', { name: 'Captions' });
  await expect(menu.getByRole('menuitemradio')).toHaveText(['Off', 'English', 'Español']);
  await shot(page, info, 'captions-share-menu');
  // Keyboard: the menu opens on the checked item and arrows move through it.
  await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: 'Español' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect.poll(showing).toEqual(['Español', 'Bienvenidos al puerto']);
  await nextFrame(page);
  await shot(page, info, 'captions-share-spanish');
});
