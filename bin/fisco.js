#!/usr/bin/env node
'use strict';
// Launcher, CommonJS (bin/package.json) so that `fisco --version` is answered before Node's ESM
// loader or any module is loaded; everything else goes to the bundled CLI (dist/cli.js, built by
// `npm run build`).
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${require('../package.json').version}\n`);
} else if (!answeredHelp(args)) {
  require('node:module').enableCompileCache?.();
  // undici parses HTTP with a WebAssembly module; V8 would optimise it on a background thread
  // and the process would wait ~150 ms for that job before exiting. The baseline compiler alone
  // parses an API answer in well under a millisecond, so the process exits once output is out.
  require('node:v8').setFlagsFromString('--liftoff-only');
  // A CLI streams records and keeps few: a heap tuned for size keeps the peak memory of a long
  // `--all` export flat (20,000 and 100,000 records within 3%) at no measurable cost in speed.
  require('node:v8').setFlagsFromString('--optimize-for-size');
  import('../dist/cli.js').then(({ main }) => main(process.argv));
}

/**
 * `fisco [path…] --help|-h`, `fisco help [path…]` and `fisco noun help verb` (the forms
 * rewriteHelp in src/help/suggest.ts turns into `path --help`) for a known command path, answered
 * from dist/help.json: the build writes there what commander prints for each path when stdout is
 * not a terminal. Anything else (another flag or word, a terminal, which commander wraps to its
 * width, forced colours, no such file) returns false and goes to the bundled CLI.
 */
function answeredHelp(args) {
  let words = args;
  const asked = words.length > 0 && (words[words.length - 1] === '--help' || words[words.length - 1] === '-h');
  if (asked) words = words.slice(0, -1);
  if (!words.every((word) => /^[a-z0-9][a-z0-9-]*$/.test(word)) || !(asked || words.includes('help'))) return false;
  if (process.env.FORCE_COLOR !== undefined || process.env.CLICOLOR_FORCE !== undefined || process.stdout.isTTY) return false;
  let texts;
  try {
    texts = JSON.parse(require('node:fs').readFileSync(`${__dirname}/../dist/help.json`, 'utf8'));
  } catch {
    return false;
  }
  const known = (path) => Object.prototype.hasOwnProperty.call(texts, path.join(' '));
  const hasSubcommands = (path) => {
    const prefix = path.map((word) => `${word} `).join('');
    return Object.keys(texts).some((key) => key.length > prefix.length && key.startsWith(prefix));
  };
  // The first `help` word, after a known path with subcommands and none named help, is dropped
  // (the rest must still be a known path), as rewriteHelp does.
  const at = words.indexOf('help');
  if (at >= 0) {
    const before = words.slice(0, at);
    if (!known(before) || !hasSubcommands(before) || known([...before, 'help'])) return false;
    words = [...before, ...words.slice(at + 1)];
  }
  if (!known(words)) return false;
  // As main() does: a reader that stops early (`fisco --help | head`) ends the process quietly.
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  process.stdout.write(texts[words.join(' ')]);
  return true;
}
