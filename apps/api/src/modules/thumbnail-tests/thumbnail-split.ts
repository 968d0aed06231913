import { createHash } from 'node:crypto';

/**
 * Which of `count` covers a viewer sees: a hash of the test and the viewer id, so one viewer keeps
 * its cover for the whole test (every reload, every page) and ids spread evenly over the covers;
 * a new test deals them again.
 */
export function coverIndexOf(testId: string, viewerId: string, count: number): number {
  const digest = createHash('sha256').update(`${testId}\n${viewerId.toLowerCase()}`).digest();
  return digest.readUInt32BE(0) % count;
}
