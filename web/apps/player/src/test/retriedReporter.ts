import type { Reporter, TestCase } from 'vitest/node';

/** Names every test that passed only on its retry (CI runs with retry: 1), so a flaky test is seen, not hidden. */
export default class RetriedReporter implements Reporter {
  private retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const d = testCase.diagnostic();
    if (d && d.retryCount > 0 && testCase.result().state === 'passed') {
      this.retried.push(`${testCase.module.moduleId.replace(/.*\/src\//, 'src/')} > ${testCase.fullName}`);
    }
  }

  onTestRunEnd() {
    if (this.retried.length === 0) return;
    console.log(`\nFLAKY: ${this.retried.length} test(s) passed only on their retry:`);
    for (const name of this.retried) console.log(`  - ${name}`);
  }
}
