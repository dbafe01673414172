// The crash tests' loader (node --import, through NODE_OPTIONS in the spawning tests: crashEnv() in
// process-env.ts): installs the hook src/io/crash-point.ts calls, killing the process with SIGKILL
// at the point FISCO_TEST_CRASH_AT names — `<stage>:<n>` (a journal step: before-sending,
// after-sending, after-response, of the n-th step), `sync-put:C:N` (after the N-th record put of the
// C-th company), `sync-commit:C`. Only the tests read FISCO_TEST_CRASH_AT; the product never does.
const m = /^(before-sending|after-sending|after-response|sync-put|sync-commit):(\d+)(?::(\d+))?$/.exec(process.env.FISCO_TEST_CRASH_AT ?? '');
if (m) {
  const [stage, place, count] = [m[1], Number(m[2]), m[3] === undefined ? undefined : Number(m[3])];
  globalThis[Symbol.for('fisco.crashPoint')] = (reached, at, n) => {
    if (reached === stage && at === place && (stage !== 'sync-put' || n === count)) process.kill(process.pid, 'SIGKILL');
  };
}
