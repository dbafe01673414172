#!/usr/bin/env node
'use strict';
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else {
  require('node:module').enableCompileCache?.();
  require('node:v8').setFlagsFromString('--liftoff-only');
  import('../dist/cli.js').then(({ main }) => main(process.argv));
}
