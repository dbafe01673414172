// Rewrites the README's command reference from the built command tree: `npm run docs:commands`.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildProgram } from '../dist/cli.js';
import { commandReference, withReference } from '../dist/help/reference.js';

const file = new URL('../README.md', import.meta.url);
writeFileSync(file, withReference(readFileSync(file, 'utf8'), commandReference(buildProgram())));
console.error('README.md command reference regenerated');
