import { ADMIN, expect, newAccount, sampleVideo, shot, signInViaApi, test } from './support/fixtures.ts';
import { lastLink } from './support/outbox.ts';
import { choose } from './support/select.ts';
import { invite, joinAsNewPerson, registerOwner } from './support/teams.ts';

/*
 * Issue 24's browser test: the owner invites an editor (the link from the outbox), the editor
 * uploads into the team, the viewer sees the video and cannot delete it, the owner sees both in
 * the activity log. Around it, every teams screen: the switcher kept across a reload, the Team
 * page, the invitation page, the activity log's filter, the admin's teams and the plans' seats.
 */

test('the owner invites an editor and a viewer; the editor uploads, the viewer cannot delete, the owner sees it all in the activity log', async ({ page, request, baseURL, browser }, info) => {
  test.setTimeout(240_000);
  const owner = await registerOwner(request, baseURL as string);
  const editor = { ...newAccount(), firstName: 'Eddie', lastName: 'Editor' };
  const viewer = { ...newAccount(), firstName: 'Vera', lastName: 'Viewer' };

  // The owner invites both from Settings > Team.
  await signInViaApi(page, owner);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByTestId('team-seats')).toHaveText('1 of 3 seats used');
  await invite(page, editor.email, 'Editor');
  await invite(page, viewer.email, 'Viewer');
  await expect(page.getByTestId('team-seats')).toHaveText('3 of 3 seats used');
  // Resend gives the viewer a new link (the one they will use below).
  await page.getByRole('button', { name: `Resend the invitation to ${viewer.email}` }).click();
  await expect(page.getByText(`Invitation sent again to ${viewer.email}.`)).toBeVisible();
  await shot(page, info, 'team-invitations');
  // Silver's seats are taken (invitations waiting count): a fourth answers with the upgrade hint.
  await page.locator('form[id="invite"]').getByLabel('Email').fill(newAccount().email);
  await page.locator('form[id="invite"]').getByRole('button', { name: 'Send invitation' }).click();
  const hint = page.getByRole('alert').filter({ hasText: 'Upgrade your plan to invite more people.' });
  await expect(hint).toContainText('Your plan allows 3 members');
  await expect(hint.getByRole('button', { name: 'Change plan' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, info, 'team-seat-limit');

  // The editor joins through the mailed link and uploads into the team.
  const ed = await joinAsNewPerson(browser, baseURL as string, editor, info, 'invitation');
  await expect(ed.page.getByTestId('team-switcher')).toContainText('(Editor)');
  // An editor sees no billing.
  const edNav = ed.page.getByRole('navigation', { name: 'Main' });
  await expect(edNav.getByRole('link', { name: 'Change plan' })).toHaveCount(0);
  await edNav.getByRole('link', { name: 'Settings' }).click();
  await expect(ed.page.getByLabel('First name')).toHaveValue('Eddie');
  await expect(ed.page.getByTestId('plan-card')).toHaveCount(0);
  await expect(ed.page.getByRole('heading', { name: 'Payment history' })).toHaveCount(0);
  await edNav.getByRole('link', { name: 'My videos' }).click();
  await ed.page.getByRole('button', { name: 'Upload video' }).click();
  const dialog = ed.page.getByRole('dialog', { name: 'Upload video' });
  const chooser = ed.page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles(sampleVideo());
  await expect(dialog.getByText('Uploaded')).toBeVisible({ timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  const edRow = ed.page.getByTestId('video-row').filter({ hasText: 'sample clip' });
  await expect(edRow).toBeVisible();
  await shot(ed.page, info, 'team-editor-videos');

  // The choice of team outlives a reload: still the owner's team, with its video.
  await ed.page.reload();
  await expect(ed.page.getByTestId('team-switcher')).toContainText('(Editor)');
  await expect(ed.page.getByTestId('video-row').filter({ hasText: 'sample clip' })).toBeVisible();
  // The editor's own team is empty; switching back shows the team's video again.
  const switcher = ed.page.getByTestId('team-switcher').locator('.ant-select');
  await choose(switcher, '(Owner)');
  await expect(ed.page.getByText('No videos yet. Upload your first one.')).toBeVisible();
  await choose(switcher, '(Editor)');
  await expect(ed.page.getByTestId('video-row').filter({ hasText: 'sample clip' })).toBeVisible();
  await switcher.click();
  await shot(ed.page, info, 'team-switcher');
  await ed.page.keyboard.press('Escape');
  await ed.context.close();

  // The viewer sees the video and cannot delete it (nor upload).
  const vw = await joinAsNewPerson(browser, baseURL as string, viewer, info);
  const vwRow = vw.page.getByTestId('video-row').filter({ hasText: 'sample clip' });
  await expect(vwRow).toBeVisible();
  await expect(vw.page.getByTestId('team-switcher')).toContainText('(Viewer)');
  await expect(vwRow.getByTestId('video-uploaded-by')).toHaveText('by Eddie Editor');
  await expect(vw.page.getByRole('button', { name: 'Upload video' })).toHaveCount(0);
  await expect(vw.page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await shot(vw.page, info, 'team-viewer-videos');
  await vwRow.getByRole('link', { name: 'sample clip' }).click();
  await expect(vw.page.getByRole('heading', { level: 1, name: 'sample clip' })).toBeVisible();
  await expect(vw.page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(vw.page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(vw.page.getByRole('button', { name: 'Trim' })).toHaveCount(0);
  // Watching and copying the embed code stay.
  await expect(vw.page.getByRole('button', { name: 'Copy embed code' })).toBeVisible();
  // Leads (prospects' emails and names) are not a viewer's to read: the menu has analytics, not leads.
  const vwNav = vw.page.getByRole('navigation', { name: 'Main' });
  await expect(vwNav.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await expect(vwNav.getByRole('link', { name: 'Leads' })).toHaveCount(0);
  await shot(vw.page, info, 'team-viewer-video');
  await vw.context.close();

  // The owner's Team page lists both with their roles and who invited them.
  await page.reload();
  const members = page.getByRole('row');
  await expect(members.filter({ hasText: 'Eddie Editor' })).toContainText('Olivia Owner');
  await expect(members.filter({ hasText: 'Vera Viewer' })).toContainText('Olivia Owner');
  await expect(page.getByText('No invitations waiting.')).toBeVisible();
  await shot(page, info, 'team-members');

  // The activity log: the editor's upload and both joins; the action filter narrows it.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leads' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity log' })).toBeVisible();
  const log = page.getByTestId('activity-log');
  await expect(log.getByRole('row').filter({ hasText: 'Uploaded a video' })).toContainText('Eddie Editor');
  await expect(log.getByRole('row').filter({ hasText: 'Joined the team' }).filter({ hasText: 'Vera Viewer' })).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'Joined the team' }).filter({ hasText: 'Eddie Editor' })).toBeVisible();
  await shot(page, info, 'team-activity');
  await choose(page.getByLabel('Action'), 'Uploaded a video');
  await expect(log.getByRole('row').filter({ hasText: 'Joined the team' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: 'Uploaded a video' })).toHaveCount(1);
  await shot(page, info, 'team-activity-filtered');

  // The admin sees the team with its members and can move its ownership.
  const adminContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signInViaApi(admin, ADMIN);
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  await admin.getByLabel('Find a team').fill(owner.email);
  await admin.getByRole('button', { name: 'Search' }).last().click();
  const teamRow = admin.getByRole('row').filter({ hasText: 'Olivia Owner' }).first();
  await expect(teamRow).toContainText('3 of 3');
  await teamRow.getByRole('button', { name: /expand/i }).click();
  const memberTable = admin.locator('.ant-table-expanded-row');
  await expect(memberTable.getByRole('row').filter({ hasText: 'Eddie Editor' })).toContainText('Editor');
  await shot(admin, info, 'admin-teams');
  await teamRow.getByRole('button', { name: /^Move ownership of / }).click();
  const move = admin.getByRole('dialog', { name: 'Move ownership' });
  await choose(move.getByLabel('New owner'), 'Eddie Editor');
  await move.getByLabel('Reason (for the audit log)').fill('Support case: the owner left the company.');
  await shot(admin, info, 'admin-move-ownership');
  await move.getByRole('button', { name: 'Move ownership' }).click();
  await expect(admin.getByText(/now belongs to Eddie Editor/)).toBeVisible();

  // The plans say how many members each has.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Plans' }).click();
  await expect(admin.getByRole('columnheader', { name: 'Team members' })).toBeVisible();
  await shot(admin, info, 'admin-plans-members');
  await adminContext.close();
});

test('a revoked invitation stops working; the owner transfers ownership with the password and the new owner accepts it', async ({ page, request, baseURL, browser }, info) => {
  test.setTimeout(180_000);
  const owner = await registerOwner(request, baseURL as string);
  const editor = { ...newAccount(), firstName: 'Eddie', lastName: 'Editor' };
  const stranger = newAccount();
  await signInViaApi(page, owner);
  await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
  await page.goto('/settings/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  // Revoke: the row goes and the mailed link no longer joins anyone.
  await invite(page, stranger.email, 'Viewer');
  const strangerLink = new URL(await lastLink(stranger.email, '/invitation'));
  await page.getByRole('button', { name: `Revoke the invitation to ${stranger.email}` }).click();
  await expect(page.getByText('Invitation revoked.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: stranger.email })).toHaveCount(0);
  const strangerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(strangerLink.pathname + strangerLink.search);
  await expect(strangerPage.getByText('This invitation link is not valid')).toBeVisible();
  await expect(strangerPage.getByRole('button', { name: /join/ })).toHaveCount(0);
  await shot(strangerPage, info, 'invitation-revoked');
  await strangerContext.close();

  await invite(page, editor.email, 'Editor');
  const ed = await joinAsNewPerson(browser, baseURL as string, editor, info);

  // The owner offers the ownership: the password is asked, and nothing moves until the editor accepts.
  await page.reload();
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer ownership' });
  await choose(transfer.getByLabel('New owner'), 'Eddie Editor');
  await transfer.getByLabel('Your password').fill('not-the-password');
  await transfer.getByRole('button', { name: 'Offer ownership' }).click();
  await expect(page.getByText('The password is not correct.').first()).toBeVisible();
  await transfer.getByLabel('Your password').fill(owner.password);
  await shot(page, info, 'team-transfer');
  await transfer.getByRole('button', { name: 'Offer ownership' }).click();
  await expect(page.getByText('Ownership offered to Eddie Editor, waiting for their acceptance')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Olivia Owner (you)' })).toContainText('Owner');

  // The editor accepts on the Team page and becomes the owner; the old owner stays as an admin.
  await ed.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  const offer = ed.page.getByRole('alert').filter({ hasText: 'Olivia Owner offers you the ownership' });
  await expect(offer).toBeVisible();
  await shot(ed.page, info, 'team-ownership-offer');
  await offer.getByRole('button', { name: 'Accept ownership' }).click();
  await expect(ed.page.getByText(/you are owner\./)).toBeVisible();
  await expect(ed.page.getByTestId('team-switcher')).toContainText('(Owner)');
  await ed.context.close();
  await page.reload();
  await expect(page.getByText(/you are admin\./)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Eddie Editor' })).toContainText('Owner');
  await shot(page, info, 'team-after-transfer');
});
