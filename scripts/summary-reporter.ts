import type { Reporter, TestModule } from 'vitest/node';
import { summarizeTimes, type FileTime } from './test-times';

/**
 * Ends the run with where the time went, then one plain line, "Tests: N passed, N failed, N skipped", after Vitest's
 * own summary: one line with each project's wall time (its first file's start to its last file's end) and the
 * whole run's, then the slowest files.
 */
export default class SummaryLineReporter implements Reporter {
  private runStartedAt = Date.now();
  private readonly files: FileTime[] = [];

  onTestRunStart() {
    this.runStartedAt = Date.now();
  }

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const endedAt = Date.now();
    this.files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      startedAt: endedAt - ms,
      endedAt,
    });
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) counts[test.result().state] += 1;
    }
    const times = summarizeTimes(this.files, Date.now() - this.runStartedAt);
    process.stdout.write(
      `\n${times.join('\n')}\n` +
        `Tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped + counts.pending} skipped\n`,
    );
  }
}
