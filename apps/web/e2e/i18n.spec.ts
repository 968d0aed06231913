// The app and the player in the viewer's language (issue 26 item 7): a German browser gets the
// sign-in page, My videos and the embed player in German with German dates and numbers; the
// settings switch changes the app to Spanish and is remembered; an English browser sees the
// spec's texts exactly; the embed loads only its own language's strings.
import { apiToken, expect, registerViaApi, shot, signIn, test, tinyVideo, uploadViaApi, waitPlayable } from './support/fixtures.ts';

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('sign-in page, My videos and the embed player speak German; settings switch to Spanish', async ({ page, request, baseURL }, info) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText('Angemeldet bleiben')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Registrieren' })).toBeVisible();
    await shot(page, info, 'i18n-login-de');
    await page.getByRole('link', { name: 'Registrieren' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
    await shot(page, info, 'i18n-registration-de');
    await page.goto('/login');

    const a = await registerViaApi(request, baseURL as string);
    const video = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Frühlingsangebot');
    await page.getByLabel('E-Mail').fill(a.email);
    await page.getByLabel('Passwort').fill(a.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Meine Videos' })).toBeVisible();
    const row = page.getByTestId('video-row').filter({ hasText: 'Frühlingsangebot' });
    await expect(row).toBeVisible();
    // German dates (DD.MM.YYYY) and decimal commas in sizes.
    const today = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    await expect(row.getByText(today)).toBeVisible();
    await expect(row.getByText(/^\d+,\d\d MB$/)).toBeVisible();
    await expect(row.getByText('Haupt: bereit')).toBeVisible({ timeout: 90_000 });
    await shot(page, info, 'i18n-my-videos-de');
    // The video page: its panels in German.
    await page.goto(`/${video.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Frühlingsangebot' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Einbettung' })).toBeVisible();
    await shot(page, info, 'i18n-video-de');

    // The embed in German: German controls, and only the German strings chunk is fetched.
    const embed = await page.context().newPage();
    const scripts: string[] = [];
    embed.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await embed.goto(`/embed/hls/${video.id}`);
    await expect(embed.getByRole('button', { name: 'Abspielen' }).first()).toBeVisible();
    await expect(embed.getByRole('button', { name: 'Vollbild' })).toBeVisible();
    await expect(embed.getByRole('region', { name: 'Videoplayer: Frühlingsangebot' })).toBeVisible();
    // (reelbase-de-later-*, the texts of the chunks after the first frame, may come too: they are not the strings chunk.)
    expect(scripts.filter((s) => /reelbase-de-(?!later-)[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(scripts.filter((s) => /reelbase-es-[\w-]+\.js$/.test(s))).toEqual([]);
    await shot(embed, info, 'i18n-embed-de');
    // ?lang= of the embed URL wins over the browser's languages.
    scripts.length = 0;
    await embed.goto(`/embed/hls/${video.id}?lang=es`);
    await expect(embed.getByRole('button', { name: 'Reproducir' }).first()).toBeVisible();
    expect(scripts.filter((s) => /reelbase-(de|es)-(?!later-)[\w-]+\.js$/.test(s)).map((s) => s.replace(/^.*reelbase-(de|es)-.*$/, '$1'))).toEqual(['es']);
    await embed.close();

    // The settings switch: Spanish at once, remembered after a reload.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
    await shot(page, info, 'i18n-settings-de');
    await page.getByTestId('language').getByText('Español').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis vídeos' })).toBeVisible();
    await shot(page, info, 'i18n-my-videos-es');
  });
});

test.describe('a German viewer', () => {
  test.use({ locale: 'de-DE' });

  test("sees the embed's lead form in German; the owner's own texts as written", async ({ page, request, baseURL }, info) => {
    const a = await registerViaApi(request, baseURL as string);
    const token = await apiToken(request, baseURL as string, a);
    const video = await uploadViaApi(request, baseURL as string, a, tinyVideo(), 'Frühlingsangebot');
    await waitPlayable(request, baseURL as string, token, video.id);
    const heading = 'Enter your email to watch the tour';
    const saved = await request.put(`${baseURL}/api/player-config/${video.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { leadForm: { enabled: true, when: 'beforePlay', required: false, nameField: true, heading, buttonText: 'Watch now' } },
    });
    expect(saved.status()).toBe(200);
    await page.goto(`/embed/mp4/${video.id}`);
    await page.getByRole('button', { name: 'Abspielen' }).first().click();
    const form = page.getByRole('dialog', { name: heading });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('E-Mail', { exact: true })).toBeFocused();
    await expect(form.getByLabel('Name', { exact: true })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Überspringen' })).toBeVisible();
    await form.getByLabel('E-Mail', { exact: true }).fill('keine-adresse');
    await form.getByRole('button', { name: 'Watch now' }).click();
    await expect(form.getByRole('alert')).toHaveText('Geben Sie eine gültige E-Mail-Adresse ein.');
    // The lead form's styles came with its chunk (a constructed stylesheet, allowed by the embed's CSP).
    await expect(form).toHaveCSS('position', 'absolute');
    await shot(page, info, 'i18n-lead-form-de');
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('sees the spec texts exactly and loads no strings chunk', async ({ page, request, baseURL }, info) => {
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.getByText('Remember Me').textContent()).toBe('Remember Me');
    expect(await page.getByRole('link', { name: 'Forgot Password' }).textContent()).toBe('Forgot Password');
    expect(await page.getByText(/^New to Reelbase\?/).textContent()).toBe('New to Reelbase? Sign up');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    expect(loaded.filter((p) => /catalogs-(de|es)|de_DE|es_ES/.test(p))).toEqual([]);
    await shot(page, info, 'i18n-login-en');

    const a = await registerViaApi(request, baseURL as string);
    await signIn(page, a);
    await expect(page.getByRole('heading', { level: 1, name: 'My videos' })).toBeVisible();
    await expect(page.getByText('No videos yet. Upload your first one.')).toBeVisible();
  });
});
