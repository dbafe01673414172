/**
 * globalSetup of the suite: creates the run folder of the secrets sweep (see sweep.ts) and, when
 * every test file is done, scans what the workers recorded. A leak fails the run (exit code 1)
 * with each offending command, stream and an excerpt in which the secret itself is masked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findLeaks, readRun } from './sweep.js';

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'fisco-sweep-'));
  project.provide('sweepDir', dir);
  return () => {
    const { outputs, secrets } = readRun(dir);
    const leaks = findLeaks(outputs, secrets);
    if (leaks.length === 0) {
      if (outputs.length > 0)
        process.stderr.write(
          `secrets sweep: ${outputs.length} captured outputs scanned for ${new Set(secrets.map((s) => s.value)).size} secrets: none leaked\n`,
        );
      rmSync(dir, { recursive: true, force: true });
      return;
    }
    process.exitCode = 1;
    const report = leaks
      .map((l) => `  ${l.kind} in the ${l.stream} of \`fisco ${l.args.join(' ')}\`${l.test ? ` (${l.test})` : ''}: …${JSON.stringify(l.excerpt)}…`)
      .join('\n');
    throw new Error(
      `secrets sweep: ${leaks.length} output(s) hold a secret the product rules (docs/reliability.md, Secrets) do not allow there (records kept in ${dir}):\n${report}`,
    );
  };
}
