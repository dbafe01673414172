import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as a user gets it: `npm pack` of the project, installed from the tarball into an
 * empty prefix without development dependencies, then run from there. (Packed with
 * --ignore-scripts: `npm test` has just built dist/, and rebuilding it here would race the other
 * e2e files that run the same build.)
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let work: string;
let tarball: string;
let files: string[];
let install: { stdout: string; stderr: string; exitCode?: number };
let prefix: string;
let env: Record<string, string>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fisco-package-'));
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT });
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info.filename);
  files = info.files.map((f) => f.path).sort();
  prefix = join(work, 'prefix');
  mkdirSync(prefix);
  install = await execa('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', prefix, tarball], {
    cwd: work,
    reject: false,
  });
  env = {
    PATH: `${join(prefix, 'node_modules', '.bin')}:${process.env.PATH}`,
    HOME: join(work, 'home'),
    FISCO_CONFIG_DIR: join(work, 'config'),
    FISCO_DATA_DIR: join(work, 'data'),
    NO_COLOR: '1',
  };
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const run = (file: string, args: string[], options: { input?: string } = {}) =>
  execa(file, args, { cwd: work, env, extendEnv: false, reject: false, input: options.input ?? '', timeout: 60_000 });

describe('the npm package', () => {
  it('holds what runs, the help texts, the typings of fisco/webhooks, the FatturaPA schema, LICENSE and README, and nothing else', () => {
    const outside = files.filter(
      (f) =>
        // The official FatturaPA schema, shipped unchanged with its origin and checksums (issue 40).
        !/^(bin\/[^/]+\.js|bin\/package\.json|dist\/.+\.c?js|dist\/help(\.it)?\.json|completions\/[^/]+|schema\/fatturapa\/(SOURCES\.md|[\w.-]+\.xsd))$/.test(
          f,
        ) && !['LICENSE', 'README.md', 'package.json'].includes(f),
    );
    expect(outside.filter((f) => f !== 'dist/webhooks/signature.d.ts')).toEqual([]);
    expect(files).toContain('LICENSE');
    expect(files).toContain('dist/cli.cjs');
    // What bin/fisco.js answers help from; without it help still works, through the bundle.
    expect(files).toContain('dist/help.json');
    expect(files).toContain('dist/webhooks/signature.d.ts');
    expect(files.filter((f) => f.endsWith('.d.ts'))).toEqual(['dist/webhooks/signature.d.ts']);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    for (const key of ['repository', 'homepage', 'bugs']) expect(manifest[key], key).toBeTruthy();
  });

  it('README links work from the registry page: absolute, or files inside the package', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((target) => !/^[a-z]+:/.test(target));
    expect(relative.filter((target) => !files.includes(target.replace(/^\.\//, '')))).toEqual([]);
  });

  it('installs from the tarball without development dependencies and without an install-time build', () => {
    expect(install.exitCode, install.stderr).toBe(0);
    expect(install.stderr).not.toMatch(/prepare|install-scripts|tsc/);
  });

  it('runs --version, --help and --demo whoami from the installed bin', async () => {
    const version = await run('fisco', ['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
    const help = await run('fisco', ['--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Examples:');
    const whoami = await run('fisco', ['--demo', 'whoami']);
    expect(whoami.exitCode, whoami.stderr).toBe(0);
    expect(JSON.parse(whoami.stdout).company.name).toMatch(/Rossi Consulting/);
  }, 120_000);

  it('prints a completion script that completes in bash', async () => {
    const script = await run('fisco', ['completion', 'bash']);
    expect(script.exitCode).toBe(0);
    const bash = await run('bash', [
      '-c',
      `${script.stdout}\nCOMP_WORDS=(fisco f24 l); COMP_CWORD=2; COMP_LINE="fisco f24 l"; COMP_POINT=\${#COMP_LINE}; _fisco; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ]);
    expect(bash.stdout.trim()).toBe('list');
  }, 60_000);

  it('exports fisco/webhooks for a Node receiver', async () => {
    const code = `
      const { signDelivery, verifyDelivery } = await import('fisco/webhooks');
      const body = '{"event":"invoice.created"}';
      const now = Math.floor(Date.now() / 1000);
      const headers = signDelivery('s3cret', now, body);
      const result = verifyDelivery({ secrets: ['s3cret'], signature: headers['X-Service-Signature'], timestamp: headers['X-Service-Timestamp'], rawBody: body });
      console.log(JSON.stringify(result.ok));`;
    const result = await execa('node', ['--input-type=module', '-e', code], { cwd: prefix, env, extendEnv: false, reject: false });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('true');
  }, 60_000);
});
