// Rewrites the README's command reference from the built command tree: `npm run docs:commands`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { commandReference, withReference } from '../dist/help/reference.js';

const { buildProgram } = createRequire(import.meta.url)('../dist/cli.cjs');

const file = new URL('../README.md', import.meta.url);
writeFileSync(file, withReference(readFileSync(file, 'utf8'), commandReference(buildProgram())));
console.error('README.md command reference regenerated');
