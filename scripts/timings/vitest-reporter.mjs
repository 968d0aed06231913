import { recordTiming, suiteOf } from './record.mjs';

/** A vitest reporter (next to the default one) that records the run's and each test file's duration. */
export default class TimingsReporter {
  onInit(vitest) {
    this.suite = suiteOf(vitest.config.root);
  }

  onTestRunStart() {
    this.start = performance.now();
  }

  onTestRunEnd(testModules) {
    let tests = 0;
    for (const m of testModules) {
      const d = m.diagnostic();
      const count = [...m.children.allTests()].length;
      tests += count;
      // What the file cost its worker: loading it (and what it imports), its setup files, its tests and hooks.
      const ms = d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      recordTiming({ kind: 'file', suite: this.suite, file: m.moduleId, seconds: ms / 1000, tests: count });
    }
    recordTiming({ kind: 'suite', name: `${this.suite} (vitest)`, seconds: (performance.now() - this.start) / 1000, files: testModules.length, tests });
  }
}
