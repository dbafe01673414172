// The build: esbuild bundles the CLI into a few ESM files (code splitting, so what a command does
// not use stays in chunks it never loads), and tsc emits the typings of the exported library only.
//
// dist/cli.js                  main(argv) and buildProgram(): what bin/fisco.js imports
// dist/index.js                the package's "." export
// dist/webhooks/signature.js   the "./webhooks" export, with dist/webhooks/signature.d.ts
// dist/emulator/index.js       startEmulator(), for the benchmark and external test setups
// dist/completion/generate.js  the completion generators (scripts/gen-completions.mjs)
// dist/chunks/*.js             shared and lazily loaded code (prompts, tables, CSV, iCalendar,
//                              the emulator, zod, undici), each loaded only by what imports it
//
// Every runtime dependency is bundled: start-up reads a handful of files instead of hundreds.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const metafile = process.argv.includes('--metafile');

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

/** `import … from 'undici'` in fisco's sources gets only Agent, request and errors (scripts/shims/undici-lite.cjs). */
const undiciLite = {
  name: 'undici-lite',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, (args) =>
      /[\\/]src[\\/]/.test(args.importer) ? { path: fileURLToPath(new URL('./shims/undici-lite.cjs', import.meta.url)) } : undefined,
    );
  },
};

/** zod's locale namespace becomes English only (scripts/shims/zod-locales.js). */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: fileURLToPath(new URL('./shims/zod-locales.js', import.meta.url)) } : undefined,
    );
  },
};

/** commander's `require('node:child_process')` becomes a lazy stand-in (scripts/shims). */
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: fileURLToPath(new URL('./shims/lazy-child-process.cjs', import.meta.url)) } : undefined,
    );
  },
};

const result = await build({
  absWorkingDir: root,
  entryPoints: {
    cli: 'src/cli.ts',
    index: 'src/index.ts',
    'webhooks/signature': 'src/webhooks/signature.ts',
    'emulator/index': 'src/emulator/index.ts',
    'completion/generate': 'src/completion/generate.ts',
    // For scripts/gen-readme-reference.mjs (npm run docs:commands).
    'help/reference': 'src/help/reference.ts',
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  chunkNames: 'chunks/[name]-[hash]',
  mainFields: ['module', 'main'],
  define: { FISCO_VERSION: JSON.stringify(pkg.version) },
  // CommonJS packages (undici, commander, cli-table3) call require() for Node built-ins.
  banner: { js: "import { createRequire as __fiscoCreateRequire } from 'node:module'; const require = __fiscoCreateRequire(import.meta.url);" },
  legalComments: 'none',
  plugins: [lazyChildProcessForCommander, englishOnlyZod, undiciLite],
  // Whitespace and syntax only: identifiers keep their names, so --debug stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile,
});

if (metafile) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(new URL('../dist/meta.json', import.meta.url), JSON.stringify(result.metafile));
}

// Typings for the exported library only (`fisco/webhooks`); the CLI's internals ship none.
execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.types.json'], {
  cwd: root,
  stdio: 'inherit',
});

// dist/help.json: what `--help` prints for every command path when stdout is not a terminal,
// taken from the built CLI itself; bin/fisco.js answers help from it without loading the bundle.
{
  const { writeFileSync } = await import('node:fs');
  const cli = await import(new URL('../dist/cli.js', import.meta.url).href);
  writeFileSync(new URL('../dist/help.json', import.meta.url), JSON.stringify((cli.helpTexts ?? cli.default.helpTexts)()));
}
