import { apiToken, expect, newAccount, shot, test } from './support/fixtures.ts';
import { lastLink } from './support/outbox.ts';
import { choose } from './support/select.ts';
import { registerOwner } from './support/teams.ts';

/** No sideways scrolling: the page fits the phone's 375 px. */
async function fitsWidth(page: import('@playwright/test').Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
}

test('on a phone, the team switcher is in the menu and the Team and invitation pages fit the screen', async ({ page, request, baseURL }, info) => {
  const owner = await registerOwner(request, baseURL as string);
  const member = { ...newAccount(), firstName: 'Eddie', lastName: 'Editor' };
  // The owner's team has the owner's id; the invitation goes out through the API here.
  const ownerToken = await apiToken(request, baseURL as string, owner);
  const teams = await (await request.get(`${baseURL}/api/teams`, { headers: { authorization: `Bearer ${ownerToken}` } })).json();
  const sent = await request.post(`${baseURL}/api/teams/${teams.defaultTeamId}/invitations`, { headers: { authorization: `Bearer ${ownerToken}` }, data: { email: member.email, role: 'editor' } });
  expect(sent.status(), await sent.text()).toBe(201);

  const link = new URL(await lastLink(member.email, '/invitation'));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('invitation-summary')).toContainText('as editor');
  await fitsWidth(page);
  await shot(page, info, 'invitation');
  await page.getByText('I am new to Reelbase').click();
  await page.getByLabel('First name').fill(member.firstName);
  await page.getByLabel('Last name').fill(member.lastName);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();

  // The switcher lives in the menu on a phone.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByTestId('team-switcher')).toContainText('(Editor)');
  await shot(page, info, 'team-switcher-menu');
  await menu.getByRole('link', { name: 'Team' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByText(/you are editor\./)).toBeVisible();
  await fitsWidth(page);
  await shot(page, info, 'team-page');

  // Switching to the member's own team from the menu closes it and opens that team's videos.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await choose(menu.getByTestId('team-switcher').locator('.ant-select'), '(Owner)');
  await expect(menu).toBeHidden();
  await expect(page.getByText('No videos yet. Upload your first one.')).toBeVisible();
});
