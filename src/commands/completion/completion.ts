import { readFile } from 'node:fs/promises';
import type { Factory } from '../../factory/factory.js';

import { COMPLETION_FILES as FILES } from '../../completion/generate.js';
import { executableAsset } from '../../io/bundled.js';

/** Prints the script kept in completions/ (generated from the command tree, kept in sync by a test). */
export async function run([shell]: string[], _options: object, factory: Factory): Promise<void> {
  const file = FILES[shell as keyof typeof FILES];
  // completions/ sits at the package root: one folder up from dist/cli.cjs, three from src/commands/completion/;
  // the single executable carries it as assets.
  const script =
    executableAsset(`completions/${file}`) ??
    (await readFile(new URL(`../completions/${file}`, import.meta.url), 'utf8').catch(() =>
      readFile(new URL(`../../../completions/${file}`, import.meta.url), 'utf8'),
    ));
  factory.output.data(script);
}
