// Runs bin/fisco.js inside this process and writes its peak resident set size (KiB) to fd 3 at
// exit: `node bench/rss.js bin/fisco.js ARGS…`. Used by bench/run.js for the memory figures.
import { writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

process.argv.splice(1, 1);
process.on('exit', () => {
  try {
    writeSync(3, `${process.resourceUsage().maxRSS}\n`);
  } catch {
    // fd 3 not open: run by hand
  }
});
await import(pathToFileURL(resolve(process.argv[1])).href);
