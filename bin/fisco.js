#!/usr/bin/env node
// Launcher: stays tiny so `fisco --version` costs little more than starting Node.
// `--version` alone is answered here, before any module is loaded; everything else goes to the
// bundled CLI (dist/cli.js, built by `npm run build`).
import { readFileSync } from 'node:fs';
import module from 'node:module';
import v8 from 'node:v8';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  module.enableCompileCache?.();
  // undici parses HTTP with a WebAssembly module; V8 would optimise it on a background thread
  // and the process would wait ~150 ms for that job before exiting. The baseline compiler alone
  // parses an API answer in well under a millisecond, and the process exits once output is out.
  v8.setFlagsFromString('--liftoff-only');
  const { main } = await import('../dist/cli.js');
  await main(process.argv);
}
