import { apiToken, expect, registerViaApi, shot, signInViaApi, sql, test } from './support/fixtures.ts';

// Issue 33 items 4 and 5: the Settings CRM card against the HubSpot and Mailchimp stand-ins the main stack talks to, and the Lead alerts card.
test.slow();

test('settings, CRM: a refused token shows on its field; HubSpot and Mailchimp connect; a captured lead is listed as sent; disconnect; lead alerts', async ({ page, request, baseURL }, info) => {
  const hubspotToken = process.env.E2E_HUBSPOT_TOKEN as string;
  const a = await registerViaApi(request, baseURL as string);
  const token = await apiToken(request, baseURL as string, a);
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await request.get(`${baseURL}/api/profile`, { headers: auth })).json();
  // A video nothing processes, with its lead form on: enough to capture a lead.
  const videoId = crypto.randomUUID();
  await sql(`insert into videos (id, user_id, name, source, size, status, player_config, visibility, created_at) values ($1, $2, 'Spring tour', 'upload', 1000, 'processing', '{}', 'public', now())`, [videoId, me.id]);
  expect((await request.put(`${baseURL}/api/player-config/${videoId}`, { headers: auth, data: { leadForm: { enabled: true } } })).status()).toBe(200);

  await signInViaApi(page, a);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'CRM' })).toBeVisible({ timeout: 60_000 });
  const hubspot = page.getByTestId('integration-hubspot');
  const mailchimp = page.getByTestId('integration-mailchimp');
  await expect(hubspot.getByText('Not connected')).toBeVisible({ timeout: 30_000 });

  // HubSpot refuses a wrong token: the message is on the field, nothing is connected.
  await hubspot.getByLabel('Private app access token').fill('pat-na1-not-the-token');
  await hubspot.getByRole('button', { name: 'Connect HubSpot' }).click();
  await expect(hubspot.getByText(/HubSpot refused this access token/)).toBeVisible();
  await hubspot.getByLabel('Private app access token').fill(hubspotToken);
  await hubspot.getByRole('button', { name: 'Connect HubSpot' }).click();
  await expect(hubspot.getByText('Connected', { exact: true })).toBeVisible();
  await expect(hubspot.getByText(`Access token ending in ${hubspotToken.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(hubspotToken)).toHaveCount(0);

  await mailchimp.getByLabel('API key').fill(process.env.E2E_MAILCHIMP_KEY as string);
  await mailchimp.getByLabel('Audience id').fill(process.env.E2E_MAILCHIMP_AUDIENCE as string);
  await mailchimp.getByRole('button', { name: 'Connect Mailchimp' }).click();
  await expect(mailchimp.getByText(/Audience: Spring prospects/)).toBeVisible();

  // A viewer leaves an email: both CRMs get it, and the card says so.
  const email = `lead-${Date.now()}@example.com`;
  expect((await request.post(`${baseURL}/api/videos/${videoId}/leads`, { data: { email } })).status()).toBe(201);
  await page.reload();
  for (const section of [hubspot, mailchimp]) {
    const row = section.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Sent')).toBeVisible({ timeout: 30_000 });
    await expect(row.getByText('Contact')).toBeVisible();
  }
  await shot(page, info, 'settings-crm');

  await mailchimp.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Disconnect' }).click();
  await expect(mailchimp.getByText('Not connected')).toBeVisible();
  await expect(hubspot.getByText('Connected', { exact: true })).toBeVisible();

  // Lead alerts: the owner starts with instant mails and switches to the daily digest.
  const alerts = page.getByTestId('lead-alerts');
  await expect(alerts.getByRole('radio', { name: /Each time/ })).toBeChecked();
  // The choice shows once the server took it.
  await alerts.getByRole('radio', { name: 'A daily digest' }).click();
  await expect(page.getByText('Lead alerts saved.')).toBeVisible();
  await expect(alerts.getByRole('radio', { name: 'A daily digest' })).toBeChecked();
  expect(await (await request.get(`${baseURL}/api/notifications`, { headers: auth })).json()).toEqual({ leadWatched: 'daily' });
});
