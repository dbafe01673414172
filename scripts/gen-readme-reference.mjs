// Rewrites the generated parts of docs/ (`npm run docs:commands`): the command reference of
// docs/commands.md from the built command tree, and the demo tokens of docs/emulator.md from the
// emulator's own seed. Tests keep both current (test/unit/completions.test.ts, test/e2e/docs.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startEmulator } from '../dist/emulator/index.js';
import { commandReference, demoTokensTable, withDemoTokens, withReference } from '../dist/help/reference.js';

const { buildProgram } = createRequire(import.meta.url)('../dist/cli.cjs');

const commands = new URL('../docs/commands.md', import.meta.url);
writeFileSync(commands, withReference(readFileSync(commands, 'utf8'), commandReference(buildProgram())));
console.error('docs/commands.md: command reference regenerated');

const emulator = await startEmulator({ port: 0, quiet: true });
const tokens = emulator.tokens;
await emulator.close();
const demo = new URL('../docs/emulator.md', import.meta.url);
writeFileSync(demo, withDemoTokens(readFileSync(demo, 'utf8'), demoTokensTable(tokens)));
console.error('docs/emulator.md: demo tokens regenerated');
