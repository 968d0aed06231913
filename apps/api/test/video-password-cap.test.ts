import { PRIVACY_MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { quietVideo } from './support/leads.ts';
import { sql } from './support/payments.ts';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

/*
 * Issue 35, item 3: besides the per-address limits, a password video takes at most
 * RATE_LIMIT_VIDEO_UNLOCK_PER_VIDEO checks (20 an hour by default) from all addresses together;
 * past it every guess answers 429 with Retry-After, and the owner is mailed once per window.
 * The server trusts X-Forwarded-For (TRUST_PROXY), so each guess comes from its own address.
 */

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUpAndLogin>>;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: 'true' });
  owner = await signUpAndLogin(s);
});
afterAll(() => s.stop());

async function passwordVideo(password: string) {
  const id = await quietVideo(s, owner.id, { name: 'Course lesson' });
  const res = await s.api('PUT', `/api/videos/${id}/privacy`, { token: owner.accessToken, body: { visibility: 'password', password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}
const guess = (id: string, password: string, address: string) => s.api('POST', `/api/videos/${id}/unlock`, { body: { password }, headers: { 'x-forwarded-for': address } });
const guessingMails = async (videoId: string) =>
  (await sql(s, "select data from mail_outbox where template = 'video-password-guessing' and to_email = ? and data->>'videoId' = ?", [owner.email, videoId])) as { data: any }[];

test('40 guesses from 40 addresses at one video: 20 are checked, the other 20 answer 429 with Retry-After, and the owner gets one mail', async () => {
  const id = await passwordVideo('lesson-one');
  const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(id, `guess-${i}`, `198.51.100.${i + 1}`)));
  const checked = answers.filter((a) => a.status === 403);
  const refused = answers.filter((a) => a.status === 429);
  // The 20 the video's count let through were checked, except any the bounded argon2 pool sent
  // away at once (503 past PASSWORD_CHECK_QUEUE waiting): never more than 20 checks.
  const busy = answers.filter((a) => a.status === 503);
  expect([checked.length + busy.length, refused.length]).toEqual([20, 20]);
  expect(checked.length).toBeGreaterThan(10);
  for (const a of checked) expect(a.body.message).toBe(PRIVACY_MESSAGES.wrongPassword);
  for (const a of refused) expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(60);

  // The cap holds for everyone, the right password included, from an address never seen.
  expect((await guess(id, 'lesson-one', '192.0.2.77')).status).toBe(429);

  // One mail for the window (recorded before the first refusal answered), naming the video and the cap.
  const mails = await guessingMails(id);
  expect(mails.map((m) => m.data)).toEqual([expect.objectContaining({ videoId: id, videoName: 'Course lesson', checks: 20, minutes: 60 })]);
  const mail = await s.lastMail(owner.email, 'video-password-guessing');
  expect(mail.text).toContain('Your video "Course lesson" got more than 20 password tries within 60 minutes');
  expect(mail.text).toContain(`${s.url}/${id}`);

  // Another video of the same owner keeps its own count.
  const other = await passwordVideo('lesson-two');
  const unlocked = await guess(other, 'lesson-two', '198.51.100.1');
  expect([unlocked.status, typeof unlocked.body.token]).toEqual([200, 'string']);
});
