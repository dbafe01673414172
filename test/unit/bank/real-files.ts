/**
 * Where the real bank statements of `../shared/bank-statements/` are (issue 27): read in place, never
 * copied into the project. FISCO_BANK_STATEMENTS_DIR names the folder; else `<repository root>/../shared/
 * bank-statements`; else `/work/shared/bank-statements` (a work tree beside the main checkout). On a
 * clone without the folder the tests that need it are skipped with a notice; with
 * FISCO_REQUIRE_BANK_STATEMENTS=1 (`.ci/run` sets it) a missing folder fails them instead.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const REQUIRE_BANK_STATEMENTS = process.env.FISCO_REQUIRE_BANK_STATEMENTS === '1';

/** The folder of the real statements, or undefined when this clone has none. */
export function bankStatementsDir(): string | undefined {
  const candidates = [process.env.FISCO_BANK_STATEMENTS_DIR, join(ROOT, '..', 'shared', 'bank-statements'), '/work/shared/bank-statements'];
  return candidates.find((dir): dir is string => dir !== undefined && dir !== '' && existsSync(join(dir, 'SOURCES.md')));
}

/** The statement files of the folder (SOURCES.md aside), sorted. */
export function statementFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f !== 'SOURCES.md')
    .sort();
}

export const MISSING_NOTICE =
  'the real bank statements (../shared/bank-statements/) are not beside this clone: their tests are skipped (FISCO_BANK_STATEMENTS_DIR names the folder; FISCO_REQUIRE_BANK_STATEMENTS=1 makes this a failure)';
