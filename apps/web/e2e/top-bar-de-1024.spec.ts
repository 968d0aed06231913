import type { Locator } from '@playwright/test';
import { apiToken, expect, registerViaApi, shot, sql, test } from './support/fixtures.ts';
import { registerOwner } from './support/teams.ts';

/**
 * Issue 35 item 7: the German top bar on a 1024 x 768 screen (the sidebar beside it) with every
 * item it can hold: the search, the team switcher (a member of two teams), the name with its
 * status and Abmelden. Each is visible, all sit on the bar's one row, and none is cut off.
 */
test.use({ locale: 'de-DE', viewport: { width: 1024, height: 768 } });

test('the German top bar at 1024 px shows every item on one row, none overflowing', async ({ page, request, baseURL }, info) => {
  const owner = await registerOwner(request, baseURL);
  const member = await registerViaApi(request, baseURL);
  const ids = await Promise.all([owner, member].map(async (a) => (await (await request.get(`${baseURL}/api/profile`, { headers: { authorization: `Bearer ${await apiToken(request, baseURL, a)}` } })).json()).id as string));
  await sql('insert into team_members (team_id, user_id, role, invited_by) values ($1, $2, $3, $1)', [ids[0], ids[1], 'editor']);

  await page.goto('/login');
  const form = page.locator('form[name="login"]');
  await form.locator('input[type="email"]').fill(member.email);
  await form.locator('input[type="password"]').fill(member.password);
  await form.locator('button[type="submit"]').click();
  await expect(page.getByRole('heading', { name: 'Meine Videos' })).toBeVisible();

  const bar = page.locator('header.ant-layout-header');
  const items: [string, Locator][] = [
    ['search field', bar.getByRole('textbox', { name: 'Videos durchsuchen' })],
    ['search button', bar.getByRole('button', { name: 'Suchen' })],
    ['team switcher', bar.getByTestId('team-switcher').locator('.ant-select')],
    ['name', bar.getByTestId('user-name')],
    ['status', bar.getByTestId('user-status')],
    ['logout', bar.getByRole('button', { name: 'Abmelden' })],
  ];
  for (const [, item] of items) await expect(item).toBeVisible();
  await shot(page, info, 'top-bar-de-1024');

  const barBox = (await bar.boundingBox()) as NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
  // Nothing wider than the bar, nothing scrolled out of it.
  expect(await bar.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const [name, item] of items) {
    const box = (await item.boundingBox())!;
    // Inside the bar (a pixel's rounding at the top and bottom: the name's line is the bar's 64 px over its 1 px border).
    expect({ name, left: box.x >= barBox.x, right: box.x + box.width <= barBox.x + barBox.width, top: box.y >= barBox.y - 1, bottom: box.y + box.height <= barBox.y + barBox.height + 1 }).toEqual({ name, left: true, right: true, top: true, bottom: true });
    // Its own text is not cut off (no ellipsis, nothing hidden inside it).
    expect({ name, clipped: await item.evaluate((el) => el.scrollWidth > el.clientWidth + 1) }).toEqual({ name, clipped: false });
  }
  // All on one row: every item's middle within the same band.
  const middles = await Promise.all(items.map(async ([, item]) => { const b = (await item.boundingBox())!; return b.y + b.height / 2; }));
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(12);
});
