import { recordTiming, suiteOf } from './record.mjs';

/**
 * A Playwright reporter (next to the list one) that records the run's duration and each spec
 * file's: the sum of its tests' attempts (retries included), as the workers spent it.
 */
export default class TimingsReporter {
  files = new Map();

  onBegin(config) {
    this.suite = suiteOf(config.rootDir);
  }

  onTestEnd(test, result) {
    const f = this.files.get(test.location.file) ?? { ms: 0, tests: new Set() };
    f.ms += result.duration;
    f.tests.add(test.id);
    this.files.set(test.location.file, f);
  }

  onEnd(result) {
    let tests = 0;
    for (const [file, f] of this.files) {
      tests += f.tests.size;
      recordTiming({ kind: 'file', suite: `${this.suite} (browser)`, file, seconds: f.ms / 1000, tests: f.tests.size });
    }
    recordTiming({ kind: 'suite', name: `${this.suite} (browser, Playwright)`, seconds: result.duration / 1000, files: this.files.size, tests });
  }
}
