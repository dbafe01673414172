/**
 * A machine with only Node and npm: the tests that drive zsh, fish, bash-completion and Chromium
 * are skipped, each naming the program and the command that installs it, and the run's last lines
 * say so; nothing hangs and nothing ends in an unhandled spawn error. Under
 * FISCO_REQUIRE_SYSTEM_PROGRAMS=1 (what .ci/run sets) the same tests fail instead.
 *
 * Proven by running those test files in a child vitest whose PATH lacks the programs (a folder
 * of links to everything else on PATH), with bash-completion's script hidden and CHROMIUM_BIN empty
 * (which hides the npm package's Chromium too).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visit } from './chromium.js';
import { INSTALL, onPath, REQUIRE_VARIABLE } from './system-programs.js';
import { skipSummary } from './skips-setup.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HIDDEN = ['zsh', 'fish', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
/** The npm package that carries its own Chromium: when it is installed, the report test runs instead of skipping. */
const npmChromium = (() => {
  try {
    createRequire(import.meta.url).resolve('@sparticuz/chromium');
    return true;
  } catch {
    return false;
  }
})();

let work: string;
let path: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'fisco-no-programs-'));
  // Every PATH folder holding one of the programs is replaced by a folder of links to the rest.
  const folders: string[] = [];
  for (const [index, folder] of (process.env.PATH ?? '').split(delimiter).entries()) {
    if (!folder) continue;
    if (!HIDDEN.some((name) => onPath(name, folder))) {
      folders.push(folder);
      continue;
    }
    const copy = join(work, `path-${index}`);
    mkdirSync(copy);
    for (const name of readdirSync(folder)) if (!HIDDEN.includes(name)) symlinkSync(join(folder, name), join(copy, name));
    folders.push(copy);
  }
  path = folders.join(delimiter);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The test files that need the programs, only their tests that do, in a child vitest. */
function runWithout(extra: Record<string, string>, files: string[], filter: string) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PATH: path,
    BASH_COMPLETION_SCRIPT: '',
    CHROMIUM_BIN: '',
    [REQUIRE_VARIABLE]: undefined,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...extra,
  };
  delete env.FISCO_TEST_RESULTS;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  delete env.TEST;
  delete env.NODE_ENV;
  return execa(process.execPath, [VITEST, 'run', ...files, '-t', filter, '--reporter=verbose'], {
    cwd: ROOT,
    env,
    extendEnv: false,
    reject: false,
    all: true,
    timeout: 150_000,
  });
}

describe('without zsh, fish, bash-completion and Chromium', () => {
  it('the tests that need them are skipped, each named with its install command, in the final summary; no hang, no spawn error', async () => {
    for (const name of HIDDEN) expect(onPath(name, path), name).toBeUndefined();
    const result = await runWithout({}, ['test/e2e/completions-shells.test.ts', 'test/e2e/export.test.ts'], 'completes|Chromium');
    const output = result.all ?? '';
    // No hang: a child that hung would have been ended by runWithout's timeout, not exited by itself.
    expect(result.timedOut, output).toBe(false);
    expect(result.exitCode, output).toBe(0);
    expect(output).not.toMatch(/ENOENT|EPIPE|Unhandled/i);

    const expected = ['bash-completion', 'chromium', 'fish', 'zsh'] as const;
    // Each skipped test carries its note on its own line...
    for (const program of expected) expect(output).toContain(`[${program} is not installed (${INSTALL[program]})]`);
    // ...and the run ends with the summary: one line per program, with the one command that installs it.
    const summary = skipSummary(expected.map((program) => ({ program, install: INSTALL[program], test: '' })));
    const tail = output.slice(output.indexOf('Test Files'));
    expect(tail).toContain(summary.join('\n'));
    for (const program of expected) expect(tail).toMatch(new RegExp(`  ${program}: 1 test skipped; install it with: apt-get install ${program}\\n`));
  }, 180_000);

  it(`under ${REQUIRE_VARIABLE}=1 (as .ci/run sets) a missing program fails the test, saying which and how to install it`, async () => {
    const result = await runWithout({ [REQUIRE_VARIABLE]: '1' }, ['test/e2e/completions-shells.test.ts'], 'completes');
    const output = result.all ?? '';
    expect(result.exitCode, output).toBe(1);
    for (const program of ['zsh', 'fish', 'bash-completion'] as const) {
      expect(output).toContain(`${program} is not installed (${INSTALL[program]}), and ${REQUIRE_VARIABLE}=1 makes that a failure`);
    }
    expect(output).toMatch(/Tests +3 failed/);
    expect(output).not.toContain('skipped: ');
  }, 180_000);
});

describe('the Chromium that npm brings', () => {
  it.runIf(npmChromium && process.platform === 'linux' && process.arch === 'x64')(
    '@sparticuz/chromium renders a page with no browser of the system',
    async () => {
      const packageName = '@sparticuz/chromium';
      const { default: chromium } = (await import(/* @vite-ignore */ packageName)) as { default: { executablePath(): Promise<string> } };
      const executable = await chromium.executablePath();
      expect(executable).not.toMatch(/^\/usr\/bin\//);
      const page = await visit(executable, 'data:text/html,<h1>fisco</h1>', 'document.querySelector("h1").textContent');
      expect(page.evaluated).toBe('fisco');
      expect(page.screenshot.subarray(1, 4).toString('latin1')).toBe('PNG');
    },
    60_000,
  );
});

describe('the Chromium helper, whatever the browser does', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);
  beforeAll(() => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  });

  /** A stand-in browser: a shell script. */
  function fake(name: string, body: string): string {
    const file = join(work, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  }

  it('a browser that cannot be started is one error, at once (no ENOENT escapes)', async () => {
    // At once: the spawn error itself ends the visit, not its deadline (45 s, past this test's timeout).
    await expect(visit(join(work, 'no-such-chromium'), 'about:blank', '1')).rejects.toThrow(/no-such-chromium could not be started: .*ENOENT/);
  });

  it('a browser that exits at once is one error (no EPIPE escapes)', async () => {
    await expect(visit(fake('exits', 'exit 3'), 'about:blank', '1')).rejects.toThrow(/exited \(code 3\) before the page was read|DevTools pipe/);
  });

  it('a browser that never answers ends at the deadline, and is killed', async () => {
    const pidFile = join(work, 'silent.pid');
    await expect(visit(fake('silent', `echo $$ > ${pidFile}\nexec sleep 600`), 'about:blank', '1', { deadlineMs: 1_500 })).rejects.toThrow(
      /did not render about:blank within 1.5 s/,
    );
    // Killed: the browser's process (the sleep it became) is gone once visit() has ended.
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  });

  it('left nothing unhandled behind', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });
});
