// The build: esbuild bundles the CLI into one CommonJS file, and what it loads only on use (and the
// library entries) into ESM files with code splitting, so what a command does not use stays in
// chunks it never loads; tsc emits the typings of the exported library only.
//
// dist/cli.cjs                 main(argv) and buildProgram(): the CLI, one CommonJS file that
//                              bin/fisco.js requires with Node's compile cache on (see there)
// dist/vendor/*.js             libraries the CLI loads only on use (prompts, JMESPath), and the
//                              emulator's dist/emulator/index.js, imported by dist/cli.cjs
// dist/webhooks/signature.js   the "./webhooks" export, with dist/webhooks/signature.d.ts
// dist/emulator/index.js       startEmulator(), for the benchmark and external test setups
// dist/completion/generate.js  the completion generators (scripts/gen-completions.mjs)
// dist/chunks/*.js             shared and lazily loaded code (prompts, tables, CSV, iCalendar,
//                              the emulator, zod, undici), each loaded only by what imports it
//
// Every runtime dependency is bundled: start-up reads a handful of files instead of hundreds. One
// CommonJS file for the CLI, because it starts faster than the same code as ES modules split in
// chunks (docs/performance.md has the figures).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const metafile = process.argv.includes('--metafile');

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node22.13',
  mainFields: ['module', 'main'],
  define: { FISCO_VERSION: JSON.stringify(pkg.version) },
  legalComments: 'none',
  // Whitespace and syntax only: identifiers keep their names, so --debug stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
};

// The library entries and what dist/cli.cjs imports on use, as ESM with code splitting.
const VENDOR = { '@inquirer/prompts': 'vendor/prompts', '@jmespath-community/jmespath': 'vendor/jmespath' };
const esm = await build({
  ...common,
  entryPoints: {
    'webhooks/signature': 'src/webhooks/signature.ts',
    'emulator/index': 'src/emulator/index.ts',
    'completion/generate': 'src/completion/generate.ts',
    // For scripts/gen-readme-reference.mjs (npm run docs:commands).
    'help/reference': 'src/help/reference.ts',
    ...Object.fromEntries(Object.entries(VENDOR).map(([name, out]) => [out, name])),
  },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS packages (undici, commander, cli-table3) call require() for Node built-ins.
  banner: { js: "import { createRequire as __fiscoCreateRequire } from 'node:module'; const require = __fiscoCreateRequire(import.meta.url);" },
});

/** The CLI's own `import()`s of what lives apart (the emulator, the vendor bundles) stay imports, of files beside dist/cli.cjs. */
const apart = {
  name: 'apart',
  setup(b) {
    b.onResolve({ filter: /(^|\/)emulator\/index\.js$/ }, (args) =>
      /[\\/]src[\\/](context\.ts|commands[\\/]emulator[\\/](emulator|statement)\.ts)$/.test(args.importer)
        ? { path: './emulator/index.js', external: true }
        : undefined,
    );
    b.onResolve({ filter: /^@(inquirer\/prompts|jmespath-community\/jmespath)$/ }, (args) => ({ path: `./${VENDOR[args.path]}.js`, external: true }));
  },
};

// The CLI: one CommonJS file (no ESM loader at start-up; Node's compile cache keeps its compiled code).
const cli = await build({
  ...common,
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.cjs',
  format: 'cjs',
  define: { ...common.define, 'import.meta.url': '__fiscoModuleUrl' },
  banner: { js: "var __fiscoModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [apart],
});
if (metafile) {
  writeFileSync(new URL('../dist/meta.json', import.meta.url), JSON.stringify({ esm: esm.metafile, cli: cli.metafile }));
}

// Typings for the exported library only (`fisco/webhooks`); the CLI's internals ship none.
execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.types.json'], {
  cwd: root,
  stdio: 'inherit',
});

// dist/help.json: what `--help` prints for every command path when stdout is not a terminal,
// taken from the built CLI itself; bin/fisco.js answers help from it without loading the bundle.
{
  const { createRequire } = await import('node:module');
  const { helpTexts } = createRequire(import.meta.url)('../dist/cli.cjs');
  writeFileSync(new URL('../dist/help.json', import.meta.url), JSON.stringify(helpTexts()));
}
