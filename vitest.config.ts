import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most e2e time is waiting (the emulator's answers, deadlines, child processes), not computing: more files at a time
    // than the machine has cores (vitest's default on 2 cores is one at a time), and more concurrent cases within a file
    // (the fault matrix and the bad-input matrix, each case on its own emulator or with nothing sent).
    maxWorkers: 3,
    isolate: false,
    // .ci/run keeps the results of `npm test` for its closing sum (scripts/test-node-versions.sh).
    ...(process.env.FISCO_TEST_RESULTS ? { reporters: ['default', ['json', { outputFile: process.env.FISCO_TEST_RESULTS }]] } : {}),
    // The secrets sweep: records every captured output, scans them after the run (test/e2e/sweep.ts);
    // the tests skipped for a missing system program, listed at the end (test/e2e/system-programs.ts).
    globalSetup: ['test/e2e/sweep-setup.ts', 'test/e2e/skips-setup.ts'],
  },
});
