/**
 * bin/fisco.js names the CLI's code cache after the command a run names (commandKey), skipping the
 * global flags that take a value: its list of them is the flag table's (src/flags/global.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GLOBAL_FLAGS } from '../../../src/flags/global.js';

it("the launcher's list of global flags that take a value is the flag table's", () => {
  const launcher = readFileSync(new URL('../../../bin/fisco.js', import.meta.url), 'utf8');
  const list = /const VALUED_GLOBALS = \[([^\]]*)\];/.exec(launcher)?.[1] ?? '';
  const listed = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  const table = Object.values(GLOBAL_FLAGS)
    .filter((spec) => spec.kind !== 'boolean')
    .flatMap((spec) => spec.flag.split(/[ ,]+/).filter((part) => part.startsWith('-')));
  expect([...listed].sort()).toEqual([...table].sort());
});
