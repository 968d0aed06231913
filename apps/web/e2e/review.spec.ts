import { clips } from './support/clips.ts';
import { apiToken, expect, playhead, registerViaApi, shot, signInViaApi, test, uploadViaApi, waitPlayable } from './support/fixtures.ts';
import { lastMailText } from './support/outbox.ts';

// A server, two browser contexts and two players: room for a loaded machine.
test.slow();
test.use({ actionTimeout: 30_000 });

test('a reviewer without an account comments at a second and approves; the team sees the comment on the seek bar and the decision', async ({ page, browser, request, baseURL }, info) => {
  const owner = await registerViaApi(request, baseURL);
  const token = await apiToken(request, baseURL, owner);
  const video = await uploadViaApi(request, baseURL, owner, clips.phoneTwoRungs(), 'Spring ad');
  await waitPlayable(request, baseURL, token, video.id);

  // The owner makes a review link on the video page; its URL is shown once.
  await signInViaApi(page, owner);
  await page.goto(`/${video.id}`);
  const panel = page.getByTestId('review-panel');
  await panel.getByRole('tab', { name: 'Review links' }).click();
  await panel.getByRole('button', { name: 'Create review link' }).click();
  const url = (await panel.getByTestId('review-link-url').innerText()).trim();
  expect(url).toMatch(/\/review\/[\w-]{32}$/);
  await expect(panel.getByTestId('review-link')).toHaveCount(1);

  // The client: another browser, no account.
  const client = await browser.newContext({ baseURL });
  const reviewer = await client.newPage();
  await reviewer.goto(new URL(url).pathname);
  await expect(reviewer.getByRole('heading', { name: 'Spring ad' })).toBeVisible();
  const player = reviewer.getByTestId('review-player');
  await expect(player.locator('video')).toBeVisible();
  // Play, then pause at the third second (the player's own <video>, as its seek bar would set it).
  await player.locator('.rb-big-play').click();
  await reviewer.evaluate(
    () =>
      new Promise<void>((done) => {
        const v = document.querySelector('video') as HTMLVideoElement;
        const go = () => {
          v.pause();
          v.addEventListener('seeked', () => done(), { once: true });
          v.currentTime = 3.4;
        };
        if (!v.paused && v.readyState >= 2) go();
        else v.addEventListener('playing', go, { once: true });
      }),
  );
  const send = reviewer.getByRole('button', { name: 'Comment at 0:03' });
  await expect(send).toBeVisible();
  await reviewer.getByLabel('Your name').fill('Client Carl');
  await reviewer.getByLabel('Your email').fill('carl@example.com');
  await reviewer.getByLabel('Comment at 0:03').fill('Logo too small here.');
  await send.click();
  const thread = reviewer.getByTestId('review-thread');
  await expect(thread).toContainText('Logo too small here.');
  await expect(thread).toContainText('0:03');
  // Its mark sits on the player's own seek bar, at 3 of 12 seconds.
  const mark = player.getByTestId('review-marker');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveAttribute('data-at', '3');
  const [markBox, seekBox] = [await mark.boundingBox(), await player.locator('input.rb-seek').boundingBox()];
  expect(markBox && seekBox).toBeTruthy();
  if (markBox && seekBox) expect(Math.abs(markBox.x + markBox.width / 2 - (seekBox.x + (seekBox.width * 3) / 12))).toBeLessThan(3);

  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByTestId('review-decision')).toHaveText('Approved by Client Carl');
  await shot(reviewer, info, 'review-reviewer');
  // The name and email are remembered on this browser.
  await reviewer.reload();
  await expect(reviewer.getByLabel('Your name')).toHaveValue('Client Carl');
  await client.close();

  // The team: the mark under the owner's player seeks it, the comment and the decision in the Review panel.
  await page.reload();
  const strip = page.getByTestId('review-marker-strip');
  await expect(strip.getByTestId('review-marker')).toHaveAttribute('data-at', '3');
  await expect(panel.getByTestId('review-decision')).toContainText('Approved by Client Carl');
  await expect(panel.getByTestId('review-version-1')).toContainText('Logo too small here.');
  await expect(panel.getByTestId('review-version-1')).toContainText('Version 1 (current)');
  await strip.getByTestId('review-marker').click();
  await expect.poll(() => playhead(page)).toBe(3);
  await panel.getByRole('button', { name: 'Resolve' }).click();
  await expect(panel.getByTestId('review-thread')).toContainText('Resolved');
  await shot(page, info, 'review-team');
  // The team was mailed about the comment and the decision.
  expect(await lastMailText(owner.email, 'commented on')).toContain('Logo too small here.');
  expect(await lastMailText(owner.email, 'approved')).toContain('Client Carl');
});
