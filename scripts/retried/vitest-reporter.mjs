import { recordRetried } from './record.mjs';

/** A vitest reporter (next to the default one) that records each test passed only on its retry. */
export default class RetriedReporter {
  onTestCaseResult(testCase) {
    const d = testCase.diagnostic();
    if (testCase.result().state === 'passed' && d?.flaky) recordRetried({ runner: 'vitest', file: testCase.module.moduleId, name: testCase.fullName, retries: d.retryCount });
  }
}
