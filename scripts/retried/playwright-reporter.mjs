import { recordRetried } from './record.mjs';

/** A Playwright reporter (next to the list one) that records each test passed only on its retry. */
export default class RetriedReporter {
  // Called after every attempt; 'flaky' is a test whose attempt passed after one that failed.
  onTestEnd(test, result) {
    if (result.status === 'passed' && test.outcome() === 'flaky') recordRetried({ runner: 'playwright', file: test.location.file, name: test.titlePath().filter(Boolean).join(' > '), retries: result.retry });
  }
}
