import { MESSAGES } from '@reelbase/api-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FAILURE_MESSAGES } from '../src/jobs/failure.ts';
import { JOBS, RETRY_LIMIT } from '../src/queue/job-contract.ts';
import { makeClip } from './support/clips.ts';
import { mailsTo } from './support/mail.ts';
import { signUpAndLogin, startTestServer, type SignedIn, type TestServer } from './support/test-server.ts';

/*
 * Issue 35 item 8: a worker that dies on a job's last try leaves the job to pg-boss, which fails it
 * once the heartbeat stops. Its slot (a place among the account's queued jobs, and its reserved
 * bytes) then ends at once, and the owner sees the video failed with a reason, instead of the slot
 * holding the account at its cap for hours and the video "processing" for ever.
 *
 * The dead worker is a pg-boss client (this test) that claims the job and goes silent, as a killed
 * worker process does; the server's own worker is taken off process-video for that, and still runs
 * the dead letter queue. The earlier tries fail through pg-boss as a crashing worker's would.
 */
let s: TestServer;
let owner: SignedIn;
let clip: string;
beforeAll(async () => {
  s = await startTestServer({ JOB_HEARTBEAT_SECONDS: '10', JOB_RETRY_DELAY_SECONDS: '1', JOBS_MAX_RUNNING_PER_ACCOUNT: '1', JOBS_MAX_QUEUED_PER_ACCOUNT: '1' });
  owner = await signUpAndLogin(s);
  clip = await makeClip({ seconds: 1, width: 160, height: 90 });
  await s.services.queue.boss.offWork(JOBS.processVideo);
}, 120_000);
afterAll(() => s?.stop());

/** Claims the video's process-video job as a worker would (when it is due again), or waits for it. */
async function claim(videoId: string) {
  const boss = s.services.queue.boss;
  for (;;) {
    const [job] = await boss.fetch<{ videoId: string }>(JOBS.processVideo, { includeMetadata: true });
    if (job) {
      expect(job.data.videoId).toBe(videoId);
      return job as typeof job & { retryCount: number };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("a job failed over on its last try frees the account's slot and tells the owner", async () => {
  const first = await s.upload(owner.accessToken, clip, { name: 'Lost on a dead worker' });
  expect(first.status).toBe(201);

  // Tries that crashed, then the last one on a worker that dies: claimed, never finished, no heartbeat.
  for (let tried = 0; tried < RETRY_LIMIT; tried++) {
    const job = await claim(first.body.id);
    await s.services.queue.boss.fail(JOBS.processVideo, job.id, { message: 'worker crashed' });
  }
  const last = await claim(first.body.id);
  expect(last.retryCount).toBe(RETRY_LIMIT);

  // The account's two jobs (one running, one queued): the dead one and this; a third upload waits its turn.
  expect((await s.upload(owner.accessToken, clip, { name: 'Queued' })).status).toBe(201);
  const refused = await s.upload(owner.accessToken, clip, { name: 'Waiting' });
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe(MESSAGES.tooManyJobs);

  // pg-boss fails it once the heartbeat is missed; the dead letter ends the slot and marks the video.
  const failed = await s.waitForVideo(owner.accessToken, first.body.id, (v) => v.status === 'failed', 90_000);
  expect(failed.processing.error).toBe(FAILURE_MESSAGES.failed);
  await expect.poll(async () => (await mailsTo(s.dataDir, owner.email)).some((m) => m.template === 'video-processing-failed'), { timeout: 15_000 }).toBe(true);
  const again = await s.upload(owner.accessToken, clip, { name: 'Now admitted' });
  expect(again.status, JSON.stringify(again.body)).toBe(201);
  const job = await s.services.queue.boss.getJobById(JOBS.processVideo, last.id);
  expect(job?.state).toBe('failed');
}, 180_000);
