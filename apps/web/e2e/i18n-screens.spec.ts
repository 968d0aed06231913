import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, type Account, apiToken, expect, registerViaApi, shot, test, tinyVideo, uploadViaApi, waitPlayable } from './support/fixtures.ts';
import { registerOwner } from './support/teams.ts';

/**
 * Issue 26 item 7 for the billing, team, analytics, admin, how-to and legal screens: a browser whose
 * language is German (or Spanish) gets them in that language; in English the spec's texts are
 * exactly as the spec writes them; the legal pages stay English with a translated notice.
 */

test.slow();
test.use({ actionTimeout: 30_000 });

/** Signs in through the form by its fields (their labels are in the browser's language). */
async function signInAnyLanguage(page: Page, a: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  const form = page.locator('form[name="login"]');
  await form.locator('input[type="email"]').fill(a.email);
  await form.locator('input[type="password"]').fill(a.password);
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

async function profileId(request: APIRequestContext, baseURL: string, a: Account): Promise<string> {
  const token = await apiToken(request, baseURL, a);
  return (await (await request.get(`${baseURL}/api/profile`, { headers: { authorization: `Bearer ${token}` } })).json()).id as string;
}

/** A video with one play counted: uploaded, playable, and the player's first beacon (second 0) sent. */
async function videoWithAPlay(request: APIRequestContext, baseURL: string, a: Account, name: string) {
  const token = await apiToken(request, baseURL, a);
  const video = await uploadViaApi(request, baseURL, a, tinyVideo(), name);
  await waitPlayable(request, baseURL, token, video.id);
  const beacon = await request.post(`${baseURL}/api/statistics/drop-off/${video.id}`, { data: { curTime: 0 }, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' } });
  expect(beacon.status(), await beacon.text()).toBe(204);
  return video;
}

/** Waits until the play is counted (the counts are flushed every few seconds). */
async function waitForPlay(request: APIRequestContext, baseURL: string, a: Account, videoId: string) {
  const headers = { authorization: `Bearer ${await apiToken(request, baseURL, a)}` };
  await expect
    .poll(async () => (await (await request.get(`${baseURL}/api/statistics/video/${videoId}`, { headers })).json()).totals?.plays ?? 0, { timeout: 90_000, intervals: [1_000] })
    .toBeGreaterThan(0);
}

test.describe('in a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('change tariff, usage, team, activity and analytics are German; the legal text stays English with a German notice', async ({ page, request, baseURL }, info) => {
    const owner = await registerOwner(request, baseURL as string);
    const video = await videoWithAPlay(request, baseURL as string, owner, 'Frühlingsangebot');
    await signInAnyLanguage(page, owner);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');

    await page.goto('/change-tariff');
    await expect(page.getByRole('heading', { level: 1, name: 'Tarif wechseln' })).toBeVisible();
    await expect(page.locator('.ant-segmented').first().getByText('Monat', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-segmented').first().getByText('Jahr', { exact: true })).toBeVisible();
    await expect(page.getByTestId('plan-silver').getByText('Aktueller Tarif')).toBeVisible();
    await expect(page.getByTestId('plan-silver').getByText('Team mit bis zu 3 Mitgliedern')).toBeVisible();
    await expect(page.getByTestId('plan-bronze').getByRole('button', { name: 'Zu Bronze wechseln' })).toBeVisible();
    await expect(page.getByText('Upgrades beginnen sofort')).toBeVisible();
    await shot(page, info, 'i18n-de-change-tariff');
    await page.getByTestId('plan-gold').getByRole('button', { name: 'Auf Gold upgraden' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Jetzt upgraden' });
    await expect(upgrade.getByTestId('change-explanation')).toContainText('Sie wechseln jetzt zu Gold');
    await expect(upgrade.getByText('Neuer Tarif')).toBeVisible();
    await shot(page, info, 'i18n-de-change-plan');
    await upgrade.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(upgrade).toBeHidden();

    await page.goto('/usage');
    await expect(page.getByRole('heading', { level: 1, name: 'Nutzung' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bandbreite in diesem Monat' })).toBeVisible();
    await expect(page.getByText('Grenzen Ihres Tarifs')).toBeVisible();
    await shot(page, info, 'i18n-de-usage');

    await page.goto('/settings/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mitglied einladen' })).toBeVisible();
    await expect(page.getByTestId('team-seats')).toHaveText('1 von 3 Plätzen belegt');
    await expect(page.getByRole('button', { name: 'Einladung senden' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Letzte Aktivität' })).toBeVisible();
    await expect(page.getByText('Keine offenen Einladungen.')).toBeVisible();
    await shot(page, info, 'i18n-de-team');

    await page.goto('/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Aktivitätsprotokoll' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Hat ein Video hochgeladen' })).toBeVisible();
    await shot(page, info, 'i18n-de-activity');

    await page.goto('/video-analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Statistiken' })).toBeVisible();
    await expect(page.locator('.ant-segmented').first().getByText('Letzte 30 Tage')).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Eindeutige Zuschauer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Frühlingsangebot' })).toBeVisible();
    await shot(page, info, 'i18n-de-analytics-overview');

    await waitForPlay(request, baseURL as string, owner, video.id);
    await page.goto(`/video-analytics/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Statistiken: Frühlingsangebot' })).toBeVisible();
    for (const [id, title] of [
      ['chart-drop-off', 'Abbruchrate der Zuschauer'],
      ['chart-country', 'Standorte der Zuschauer'],
      ['chart-device', 'Geräte'],
      ['chart-browser', 'Verwendeter Browser'],
    ]) {
      await expect(page.getByTestId(id).getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Zurück zum Video' })).toBeVisible();
    await shot(page, info, 'i18n-de-video-analytics');

    // The language chosen in settings (stored on this browser) wins over the browser's: the spec's English titles, exactly.
    await page.evaluate(() => localStorage.setItem('reelbase.locale', 'en'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics: Frühlingsangebot' })).toBeVisible();
    for (const [id, title] of [
      ['chart-drop-off', 'View drop-off rate'],
      ['chart-country', 'Location breakdown of the viewers'],
      ['chart-device', 'Devices'],
      ['chart-browser', 'Browser used to view video'],
    ]) {
      await expect(page.getByTestId(id).getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    await page.evaluate(() => localStorage.removeItem('reelbase.locale'));

    // Legal pages: the binding English text, with a German notice saying so.
    await page.goto('/terms-of-use');
    await expect(page.getByTestId('legal-english-only')).toHaveText('Diese Seite gibt es nur auf Englisch. Maßgeblich ist der englische Text.');
    // The text itself is marked English for screen readers.
    const english = page.locator('.rb-legal [lang="en"]');
    await expect(english.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
    await expect(english.getByText('60-day money-back guarantee')).toBeVisible();
    await shot(page, info, 'i18n-de-terms');
  });

  test('the Leads screen and the API keys and webhooks cards of the settings are German', async ({ page, request, baseURL }, info) => {
    const owner = await registerOwner(request, baseURL as string);
    await signInAnyLanguage(page, owner);

    await page.goto('/leads');
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakte' })).toBeVisible();
    for (const column of ['E-Mail', 'Name', 'Video', 'Einwilligung', 'Seite', 'Datum']) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Kontakte durchsuchen' })).toHaveAttribute('placeholder', 'E-Mail oder Name suchen');
    await expect(page.getByLabel('Von', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Bis', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSV herunterladen' })).toBeVisible();
    await expect(page.getByText('Noch keine Kontakte. Schalten Sie in den Player-Einstellungen eines Videos das Kontaktformular ein')).toBeVisible();
    await shot(page, info, 'i18n-de-leads');

    await page.goto('/settings');
    const keysCard = page.getByTestId('api-keys');
    await expect(keysCard.getByRole('heading', { level: 2, name: 'API-Schlüssel' })).toBeVisible();
    await expect(keysCard.getByLabel('Schlüsselname')).toBeVisible();
    await expect(keysCard.getByText('Berechtigungen', { exact: true }).first()).toBeVisible();
    await expect(keysCard.getByRole('button', { name: 'Schlüssel erstellen' })).toBeVisible();
    await expect(keysCard.getByRole('checkbox', { name: 'analytics:read Zuschauerstatistiken lesen' })).toBeVisible();
    await expect(page.getByText('Kann alle 6 Monate einmal geändert werden')).toBeVisible();
    const hooksCard = page.getByTestId('webhooks');
    await expect(hooksCard.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
    await expect(hooksCard.getByLabel('Endpunkt-URL')).toBeVisible();
    await expect(hooksCard.getByRole('button', { name: 'Endpunkt hinzufügen' })).toBeVisible();
    await keysCard.scrollIntoViewIfNeeded();
    await shot(page, info, 'i18n-de-api-keys-webhooks');
  });

  test('the admin screens are German', async ({ page, request, baseURL }, info) => {
    const owner = await registerOwner(request, baseURL as string);
    const id = await profileId(request, baseURL as string, owner);
    await uploadViaApi(request, baseURL as string, owner, tinyVideo(), 'Sommerfilm');
    await signInAnyLanguage(page, ADMIN);

    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Benutzer' })).toBeVisible();
    for (const column of ['Tarif', 'Speicher', 'Bandbreite', 'Letzte Anmeldung', 'Nächste Zahlung', 'Gekündigt am']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(page.getByRole('radio', { name: 'Nur gesperrte' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Benutzer anlegen' })).toBeVisible();
    await shot(page, info, 'i18n-de-admin-users');

    await page.goto(`/admin/users/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Olivia Owner' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zurück zu den Benutzern' })).toBeVisible();
    for (const title of ['Info', 'Zahlungen', 'Statistiken', 'Funktionen', 'Guthaben für den Videogenerator']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByRole('checkbox', { name: 'GIF erstellen' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Änderungen speichern' })).toBeVisible();
    await page.getByRole('button', { name: 'Aktionen' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sperren' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Benutzer löschen' })).toBeVisible();
    await shot(page, info, 'i18n-de-admin-user');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'DETAILS' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Videos von Olivia Owner' })).toBeVisible();
    for (const column of ['Sperrstatus', 'Größe', 'Bandbreite im Monat', 'Bandbreite gesamt', 'Hochgeladen am']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(page.getByRole('row', { name: /Sommerfilm/ }).getByText('Aktiv', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Video sperren' })).toBeDisabled();
    await shot(page, info, 'i18n-de-admin-videos');

    await page.goto('/admin/plans');
    await expect(page.getByRole('heading', { level: 1, name: 'Tarife' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stufe Gold ändern' })).toBeVisible();
    await shot(page, info, 'i18n-de-admin-plans');
  });
});

test.describe('in a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('change tariff, the guides, the team admin list and the legal notice are Spanish', async ({ page, request, baseURL }, info) => {
    const a = await registerViaApi(request, baseURL as string);
    await signInAnyLanguage(page, a);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    await page.goto('/change-tariff');
    await expect(page.getByRole('heading', { level: 1, name: 'Cambiar de tarifa' })).toBeVisible();
    await expect(page.locator('.ant-segmented').first().getByText('Mes', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-segmented').first().getByText('Año', { exact: true })).toBeVisible();
    await expect(page.getByTestId('plan-gold').getByRole('button', { name: 'Elegir Gold' })).toBeVisible();
    await shot(page, info, 'i18n-es-change-tariff');
    await page.getByTestId('plan-gold').getByRole('button', { name: 'Elegir Gold' }).click();
    const detail = page.getByRole('dialog', { name: 'Detalles del pago' });
    await expect(detail.getByText('Código promocional (opcional)')).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Pagar ahora' })).toBeVisible();
    await shot(page, info, 'i18n-es-payment-detail');
    await detail.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/how-to');
    await expect(page.getByRole('heading', { level: 1, name: 'Cómo se hace' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Subir un vídeo' })).toBeVisible();
    await expect(page.locator('#upload li').first().locator('b')).toHaveText('Subir vídeo');
    await shot(page, info, 'i18n-es-how-to');

    await page.goto('/privacy-policy');
    await expect(page.getByTestId('legal-english-only')).toHaveText('Esta página solo está disponible en inglés. El texto en inglés es el vinculante.');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  });
});

test.describe('in an English browser', () => {
  test.use({ locale: 'en-US' });

  test("the spec's texts of the admin and billing screens are exactly the spec's", async ({ page, browser, request, baseURL }, info) => {
    const a = await registerViaApi(request, baseURL as string);
    const id = await profileId(request, baseURL as string, a);
    await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Spec clip');
    await signInAnyLanguage(page, ADMIN);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.goto(`/admin/users/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'DETAILED', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes', exact: true })).toBeVisible();
    for (const label of ['Upload Player logo', 'Video Trimmer', 'Set Video Image', 'Create GIF', 'Add Watermark']) {
      await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeAttached();
    }
    await page.getByRole('button', { name: 'Actions' }).click();
    for (const item of ['Ban', 'Cancel account', 'Delete user']) await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'DETAILED', exact: true }).click();
    for (const column of ['Name', 'Block Status', 'Size', 'Monthly bandwidth usage', 'Total bandwidth usage', 'Upload date']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Block video', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unblock video', exact: true })).toBeVisible();
    await shot(page, info, 'i18n-en-admin-videos');

    // The subscriber's tariff screen: the spec's durations.
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    const user = await context.newPage();
    await signInAnyLanguage(user, a);
    await user.goto('/change-tariff');
    await expect(user.getByRole('heading', { level: 1, name: 'Change tariff' })).toBeVisible();
    await expect(user.locator('.ant-segmented').first().getByText('Month', { exact: true })).toBeVisible();
    await expect(user.locator('.ant-segmented').first().getByText('Year', { exact: true })).toBeVisible();
    await expect(user.getByTestId('plan-bronze').getByTestId('plan-price')).toContainText('/ Month');
    await shot(user, info, 'i18n-en-change-tariff');
    await context.close();
  });
});
