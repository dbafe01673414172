/**
 * globalSetup of the suite: gathers the tests skipped because a system program is missing
 * (system-programs.ts) and, once every test file is done, ends the run's output with them: one
 * line per program with the number of tests it would have run and the one command that installs it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

interface Skip {
  program: string;
  install: string;
  test: string;
}

/** The summary's lines for these skips (empty when none). */
export function skipSummary(skips: Skip[]): string[] {
  if (skips.length === 0) return [];
  const byProgram = new Map<string, Skip[]>();
  for (const skip of skips) byProgram.set(skip.program, [...(byProgram.get(skip.program) ?? []), skip]);
  const lines = [`skipped: ${skips.length} test${skips.length === 1 ? '' : 's'} need${skips.length === 1 ? 's' : ''} a program that is not installed`];
  for (const [program, list] of [...byProgram].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  ${program}: ${list.length} test${list.length === 1 ? '' : 's'} skipped; install it with: ${list[0].install}`);
  }
  lines.push('  (.ci/run installs them all and sets FISCO_REQUIRE_SYSTEM_PROGRAMS=1, under which a missing program fails)');
  return lines;
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'fisco-skips-'));
  project.provide('skipsDir', dir);
  return () => {
    const skips = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Skip);
    rmSync(dir, { recursive: true, force: true });
    const lines = skipSummary(skips);
    if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  };
}
