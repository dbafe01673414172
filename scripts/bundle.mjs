// What the two builds share: `npm run build` (scripts/build.mjs, the npm launcher's dist/) and
// `npm run build:exe` (scripts/build-exe.mjs, the single executable): esbuild's settings, the
// stand-ins for dependencies' internals, the CommonJS bundle of an entry, and the stamp that
// names a bundle's build.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/**
 * The two stand-ins that keep the list command within its start-up goal (docs/performance.md has
 * what each is worth): `import … from 'undici'` in fisco's sources gets only Agent, request and
 * errors, and undici's `require('node:http2')` its constants without loading node:http2.
 */
function shim(name, specifier, importer, file) {
  return {
    name,
    setup(b) {
      b.onResolve({ filter: specifier }, (args) =>
        importer.test(args.importer) ? { path: fileURLToPath(new URL(`./shims/${file}`, import.meta.url)) } : undefined,
      );
    },
  };
}
/**
 * synckit (the PostgreSQL mirror's bridge to its driver thread, src/mirror/pg-store.ts) preloads its
 * register.cjs into each worker from beside its own files; bundled, it finds it beside the bundle:
 * dist/synckit-register.cjs, built by scripts/build.mjs (in the single executable, the copy of that
 * asset bin/fisco.js writes to disk: its `__fiscoFile`).
 */
const synckitRegister = {
  name: 'synckit-register',
  setup(b) {
    b.onLoad({ filter: /[\\/]synckit[\\/]lib[\\/](helpers\.js|index\.cjs)$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const patched = source.replace(
        /(node_path\.default|path)\.resolve\(_dirname, ["']\.\.\/register\.cjs["']\)/,
        "(typeof __fiscoFile === 'function' ? __fiscoFile('synckit-register.cjs') : require('node:path').join(__dirname, 'synckit-register.cjs'))",
      );
      if (patched === source) throw new Error(`synckit-register: ${args.path} no longer resolves ../register.cjs as the build expects`);
      return { contents: patched, loader: 'js' };
    });
  },
};
/**
 * node-postgres's crypto utilities on Node's synchronous crypto, loaded on first use
 * (shims/pg-crypto.cjs), and node:dns, which node-postgres requires for its native driver only,
 * loaded on first use (shims/lazy-dns.cjs): a connection starts before either is loaded, and SCRAM's
 * PBKDF2 runs without starting libuv's thread pool. In every bundle of node-postgres (the fast
 * path's reader and the PostgreSQL mirror's driver thread).
 */
export const pgShims = {
  name: 'pg-shims',
  setup(b) {
    // The stand-in offers every function node-postgres's own module does.
    const load = createRequire(import.meta.url);
    const names = (module) => Object.keys(module).sort().join(', ');
    const [own, standIn] = [load('pg/lib/crypto/utils.js'), load('./shims/pg-crypto.cjs')];
    if (names(own) !== names(standIn)) throw new Error(`node-postgres's crypto utilities are ${names(own)}; scripts/shims/pg-crypto.cjs has ${names(standIn)}`);
    const pgLib = /[\\/]node_modules[\\/]pg[\\/]lib[\\/]/;
    b.onResolve({ filter: /(^|\/)utils$/ }, (args) =>
      pgLib.test(args.importer) && /[\\/]pg[\\/]lib[\\/]crypto[\\/]utils$/.test(join(args.resolveDir, args.path))
        ? { path: fileURLToPath(new URL('./shims/pg-crypto.cjs', import.meta.url)) }
        : undefined,
    );
    b.onResolve({ filter: /^dns$/ }, (args) =>
      pgLib.test(args.importer) ? { path: fileURLToPath(new URL('./shims/lazy-dns.cjs', import.meta.url)) } : undefined,
    );
  },
};

export const SHIMS = [
  shim('undici-lite', /^undici$/, /[\\/]src[\\/]/, 'undici-lite.cjs'),
  shim('lazy-http2-for-undici', /^node:http2$/, /[\\/]undici[\\/]/, 'lazy-http2.cjs'),
  synckitRegister,
];

export const common = {
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

/**
 * What the CLI imports only on use, each a file apart (its output name: its entry): the emulator,
 * the Italian catalogue (an Italian run only, src/i18n/load.ts) and help's Italian words, the prompts,
 * JMESPath, for dunning the letters' PDF and the SMTP conversation, and for `fisco mcp` the MCP SDK's
 * server and stdio transport (one bundle: src/mcp/sdk.ts). Each is a CommonJS bundle, dist/<name>.cjs
 * (apartBundles), that bin/fisco.js compiles with its code cache, in the npm package and the single
 * executable alike.
 */
export const APART = {
  'emulator/index': 'src/emulator/index.ts',
  'vendor/catalogue-it': 'src/i18n/it.ts',
  // Help's Italian words, imported for Italian help only (src/help/load.ts).
  'vendor/help-it': 'src/help/words-it.ts',
  'vendor/prompts': '@inquirer/prompts',
  'vendor/jmespath': '@jmespath-community/jmespath',
  'vendor/pdf-lib': 'pdf-lib',
  'vendor/mail-composer': 'nodemailer/lib/mail-composer',
  'vendor/smtp-connection': 'nodemailer/lib/smtp-connection',
  'vendor/mcp': 'src/mcp/sdk.ts',
};
const VENDOR = Object.fromEntries(
  Object.entries(APART)
    .filter(([, entry]) => !entry.startsWith('src/'))
    .map(([out, name]) => [name, out]),
);

/**
 * The CLI's own `import()`s of what lives apart (APART) stay imports, of files beside the CLI's
 * bundle; bin/fisco.js gives the compiled file its `__fiscoImport`.
 */
export const apart = {
  name: 'apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/it\.js$/ }, (args) =>
      /[\\/]src[\\/]i18n[\\/]load\.ts$/.test(args.importer) ? { path: './vendor/catalogue-it.js', external: true } : undefined,
    );
    b.onResolve({ filter: /^\.\/words-it\.js$/ }, (args) =>
      /[\\/]src[\\/]help[\\/]load\.ts$/.test(args.importer) ? { path: './vendor/help-it.js', external: true } : undefined,
    );
    b.onResolve({ filter: /^\.\/sdk\.js$/ }, (args) =>
      /[\\/]src[\\/]mcp[\\/]server\.ts$/.test(args.importer) ? { path: './vendor/mcp.js', external: true } : undefined,
    );
    b.onResolve({ filter: /(^|\/)emulator\/index\.js$/ }, (args) =>
      /[\\/]src[\\/](factory[\\/]demo\.ts|commands[\\/]emulator[\\/](emulator|statement)\.ts)$/.test(args.importer)
        ? { path: './emulator/index.js', external: true }
        : undefined,
    );
    b.onResolve(
      {
        filter: /^(@inquirer\/prompts|@jmespath-community\/jmespath|pdf-lib|nodemailer\/lib\/(mail-composer|smtp-connection))$/,
      },
      (args) => ({
        path: `./${VENDOR[args.path]}.js`,
        external: true,
      }),
    );
  },
};

/**
 * Every character of the sources outside ASCII (fisco's and its dependencies') written as a `\u` escape, so that the bundles
 * bin/fisco.js compiles are ASCII only: V8 keeps a source with one other character (a `…` in a
 * message) as a two-byte string, and the CLI's bundle read, wrapped and compiled so cost every
 * command about 10 ms (docs/performance.md, "Start-up: the bundles in ASCII"). esbuild writes
 * strings so already (its `charset` is ASCII) but leaves tagged templates and regular expressions
 * as written. An escape means the same in a string, a regular expression, a comment and a
 * template's text, but not in a template's raw text: no String.raw template may hold such a
 * character (the build stops), fisco's own tag, t``, reads the text, never the raw, and a
 * dependency's file that may have a tagged template with such a character is left as it is.
 */
const TAGGED_OUTSIDE_ASCII = /[\w$)\]]\s*`[^`]*[^\x00-\x7f]/;
const asciiSource = {
  name: 'ascii-source',
  setup(b) {
    b.onLoad({ filter: /\.([cm]?js|ts)$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8').replace(/^\ufeff/, '');
      if (!/[^\x00-\x7f]/.test(source)) return undefined;
      // A dependency's file with what may be a tagged template holding such a character (its tag may
      // read the raw text) is left as written: commonJs then stops, naming the bundle.
      if (/[\\/]node_modules[\\/]/.test(args.path) && TAGGED_OUTSIDE_ASCII.test(source)) return undefined;
      for (const [raw] of source.matchAll(/String\.raw`[^`]*`/g))
        if (/[^\x00-\x7f]/.test(raw))
          throw new Error(`${args.path}: a String.raw template holds a character outside ASCII, which the bundle would write as an escape`);
      // A character after an odd number of backslashes was escaped itself (`\’` is `’`): the escape replaces that backslash.
      const contents = source.replace(
        /(\\*)([^\x00-\x7f])/g,
        (_, slashes, char) => `${slashes.length % 2 ? slashes.slice(1) : slashes}\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/**
 * One CommonJS file of `entry` (no ESM loader at start-up; bin/fisco.js keeps a code cache of the
 * CLI), ASCII only: its sources' other characters escaped (asciiSource, after the plugins given,
 * whose own contents win), and the build stopped if one is left.
 */
export async function commonJs(entry, outfile, plugins = []) {
  const { build } = await import('esbuild');
  const result = await build({
    ...common,
    entryPoints: [entry],
    outfile,
    format: 'cjs',
    define: { ...common.define, 'import.meta.url': '__fiscoModuleUrl' },
    banner: { js: "var __fiscoModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [...plugins, asciiSource],
  });
  const text = readFileSync(resolve(root, outfile), 'utf8');
  const at = text.search(/[^\x00-\x7f]/);
  if (at >= 0) throw new Error(`${outfile} holds a character outside ASCII (bundle.mjs, asciiSource): …${text.slice(Math.max(0, at - 60), at + 20)}…`);
  return result;
}

/**
 * Every APART file as a CommonJS bundle, `<dir>/<name>.cjs`, that requires Node's own modules only
 * (the build stops on any other import()), stamped with its build id: bin/fisco.js compiles each
 * with its own code cache when the CLI imports it (its `__fiscoImport`), as it compiles the CLI.
 * Built at once; returns their esbuild results by name.
 */
export async function apartBundles(dir) {
  const built = await Promise.all(
    Object.entries(APART).map(async ([out, entry]) => {
      const file = `${dir}/${out}.cjs`;
      const result = await commonJs(entry, file, SHIMS);
      stampCli(file, /^"node:[a-z/_]+"$/);
      return [out, result];
    }),
  );
  return Object.fromEntries(built);
}

/**
 * bin/fisco.js compiles a CLI bundle itself, with a V8 code cache, and a script compiled that way
 * cannot import(): the bundle's import()s call the __fiscoImport it is given instead. `allowed`
 * says which specifiers may remain (the build stops on any other). The bundle's first line names
 * the build, so a code cache of another build is never used.
 */
export function stampCli(file, allowed) {
  let source = readFileSync(file, 'utf8');
  const imports = [...source.matchAll(/\bimport\(("[^"]*"|[^)]*)\)/g)].map((m) => m[1]);
  const strays = imports.filter((spec) => !allowed.test(spec));
  if (strays.length) throw new Error(`${file}: unexpected import() of ${strays.join(', ')}`);
  source = source.replace(/\bimport\((?=")/g, '__fiscoImport(');
  stamp(file, source);
}

/** Writes a bundle with its build id as its first line: bin/fisco.js names its code cache after it. */
export function stamp(file, source) {
  writeFileSync(file, `//fisco-build ${createHash('sha256').update(source).digest('hex').slice(0, 16)}\n${source}`);
}
