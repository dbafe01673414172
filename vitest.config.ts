import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Much e2e time is waiting (the emulator's answers, deadlines, child processes), not computing: one file more at a
    // time than the machine has cores (vitest's default is one fewer: on 2 cores, one file at a time).
    maxWorkers: availableParallelism() + 1,
    // A worker keeps the modules it loaded for its next file instead of loading src/ again for each (a third of the
    // suite's time went to imports). Nothing a test runs keeps state in a module: main() builds its context, pacer,
    // profile store and redactor per run (issue 20), and no test file mocks a module or changes process.env.
    isolate: false,
    // .ci/run keeps the results of `npm test` for its closing sum (scripts/test-node-versions.sh).
    ...(process.env.FISCO_TEST_RESULTS ? { reporters: ['default', ['json', { outputFile: process.env.FISCO_TEST_RESULTS }]] } : {}),
    // The secrets sweep: records every captured output, scans them after the run (test/e2e/sweep.ts);
    // the tests skipped for a missing system program, listed at the end (test/e2e/system-programs.ts).
    globalSetup: ['test/e2e/sweep-setup.ts', 'test/e2e/skips-setup.ts'],
  },
});
