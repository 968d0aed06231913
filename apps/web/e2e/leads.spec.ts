import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { apiToken, expect, playhead, registerViaApi, shot, signInViaApi, test, tinyVideo, uploadViaApi, waitPlayable } from './support/fixtures.ts';

// A server, two browser contexts and a player per step: room for a loaded machine.
test.slow();
test.use({ actionTimeout: 30_000 });

/** The next player-config save and the settings it sent. */
function nextSave(page: Page) {
  return page
    .waitForResponse((r) => /\/api\/player-config\/[0-9a-f-]{36}$/.test(r.url()) && r.request().method() === 'PUT')
    .then(async (r) => ({ status: r.status(), sent: r.request().postDataJSON() as Record<string, unknown> }));
}

test('a viewer leaves an email in the embed, follows the call to action; the owner sees the lead, the CSV and the click', async ({ page, browser, request, baseURL }, info) => {
  const a = await registerViaApi(request, baseURL as string);
  const token = await apiToken(request, baseURL as string, a);
  const video = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Spring tour');
  await waitPlayable(request, baseURL as string, token, video.id);
  const link = `${baseURL}/privacy-policy`;
  const email = `viewer-${Date.now()}@example.com`;

  // The owner turns on a required lead form with a name field and consent, and a call to action.
  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/${video.id}`);
  const panel = page.getByRole('region', { name: 'Player settings' });
  for (const [name, sent] of [
    ['Ask viewers for their email', { leadForm: { enabled: true } }],
    ['Required (no Skip button)', { leadForm: { required: true } }],
    ['Name field', { leadForm: { nameField: true } }],
    ['Consent checkbox', { leadForm: { consentText: 'I agree to receive emails about this.' } }],
  ] as const) {
    const save = nextSave(page);
    await panel.getByRole('switch', { name }).click();
    expect(await save).toEqual({ status: 200, sent: { id: video.id, ...sent } });
  }
  let save = nextSave(page);
  await panel.getByLabel('Link (http:// or https://)').fill(link);
  await panel.getByLabel('Link (http:// or https://)').press('Enter');
  expect(await save).toEqual({ status: 200, sent: { id: video.id, callToAction: { url: link } } });
  save = nextSave(page);
  await panel.getByRole('switch', { name: 'Show a call to action' }).click();
  expect(await save).toEqual({ status: 200, sent: { id: video.id, callToAction: { enabled: true } } });
  // The live preview shows the form on play (and sends nothing).
  const preview = page.getByTestId('player-preview');
  await preview.locator('.rb-big-play').click();
  await expect(preview.getByRole('dialog', { name: 'Enter your email to watch' })).toBeVisible();
  await shot(page, info, 'lead-player-settings');

  // A viewer (another browser) opens the embed: play waits for the form.
  const viewer = await browser.newContext({ baseURL });
  const embed = await viewer.newPage();
  await embed.goto(`/embed/mp4/${video.id}`);
  await embed.locator('.rb-big-play').click();
  const form = embed.getByRole('dialog', { name: 'Enter your email to watch' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(form.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  expect(await playhead(embed)).toBe(0);
  await form.getByLabel('Email', { exact: true }).fill('not-an-email');
  await form.getByRole('button', { name: 'Watch' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter a valid email address.');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Name', { exact: true }).fill('Vera Viewer');
  await form.getByRole('button', { name: 'Watch' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please tick the box to continue.');
  await form.getByLabel('I agree to receive emails about this.').check();
  await shot(embed, info, 'lead-form-embed');
  const sent = embed.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/leads`) && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Watch' }).click();
  expect((await sent).status()).toBe(201);
  await expect(form).toBeHidden();

  // It plays to its end, where the call to action opens its link in a new window.
  const cta = embed.getByRole('region', { name: 'Want to know more?' });
  await expect(cta).toBeVisible({ timeout: 30_000 });
  await shot(embed, info, 'lead-call-to-action');
  const popup = viewer.waitForEvent('page');
  const counted = embed.waitForRequest((r) => r.url().endsWith(`/api/statistics/cta-click/${video.id}`));
  await cta.getByRole('link', { name: 'Learn more' }).click();
  await counted;
  const opened = await popup;
  await expect(opened).toHaveURL(link);
  await opened.close();

  // Back later: not asked again, the video simply plays.
  await embed.reload();
  await embed.locator('.rb-big-play').click();
  await expect.poll(() => playhead(embed), { timeout: 30_000 }).toBeGreaterThan(0.2);
  await expect(embed.getByRole('dialog')).toHaveCount(0);
  await viewer.close();

  // The owner finds the lead in Leads and in its CSV.
  await page.getByRole('link', { name: 'Leads' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Vera Viewer');
  await expect(row).toContainText('Spring tour');
  await shot(page, info, 'leads');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('created_at,email,name,consent_text,video_id,video_name,page_origin');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${email},Vera Viewer,I agree to receive emails about this.,${video.id},Spring tour,`);

  // The video's analytics count the click (flushed every few seconds) and list its lead.
  await page.goto(`/video-analytics/${video.id}`);
  await expect(page.getByTestId('video-leads')).toContainText(email);
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId('total-cta-clicks').waitFor();
        return page.getByTestId('total-cta-clicks').textContent();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toContain('1');
  await shot(page, info, 'lead-video-analytics');

  // The viewer asks to be forgotten: the owner deletes the lead, after a confirmation.
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByRole('button', { name: `Delete the lead ${email}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('alert-bar').filter({ hasText: 'Lead deleted.' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  const left = await request.get(`${baseURL}/api/leads?search=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${await apiToken(request, baseURL as string, a)}` } });
  expect((await left.json()).items).toEqual([]);
});
