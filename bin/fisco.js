#!/usr/bin/env node
// Launcher: stays tiny so `fisco --version` costs little more than starting Node.
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/cli.js');
await main(process.argv);
