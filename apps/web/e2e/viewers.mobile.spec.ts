import { expect, test } from './support/fixtures.ts';
import { clips, uploadReady } from './support/ready-video.ts';
import { playUntil, sessionsOf, startPlaying, watchedAt } from './support/viewers.ts';

/* Issue 33: a phone viewer (touch, a phone's size and browser) opens a session and reports it too. */
test.slow();
test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36' });

test('a phone viewer taps play on the share page: the owner sees their session, on a phone', async ({ page, request, baseURL }) => {
  const base = baseURL as string;
  const video = await uploadReady(request, base, clips.twoRungs(), 'Harbour on a phone');
  await page.goto(`/watch/${video.id}`);
  await startPlaying(page, 'tap');
  await playUntil(page, 6);
  // Once the pause's report is in (an earlier one may have carried the first seconds only); 4, not
  // 5: the clip is a little over 24 s, so the helper's bars, drawn for 24, run a second behind there.
  const [session] = await sessionsOf(request, base, video.token, video.id, ([s]) => !!s && watchedAt(s.heatmap, 24, 4));
  expect(session.device).toBe('Mobile');
  expect(watchedAt(session.heatmap, 24, 3)).toBe(true);
  expect(watchedAt(session.heatmap, 24, 20)).toBe(false);
});
