/**
 * The programs a few e2e tests drive that npm does not provide: zsh, fish, bash-completion (the
 * completion tests) and Chromium (the export report). A test asks for one with `need()` before
 * doing anything: when it is missing the test is skipped with the program's name and the one
 * command that installs it, and the run's final summary lists every such skip (skips-setup.ts).
 * `.ci/run` installs them all and sets FISCO_REQUIRE_SYSTEM_PROGRAMS=1, under which a missing
 * program fails the test instead, so CI always runs them.
 *
 * Looked up without spawning anything, so a missing program can never hang a test or end it
 * with an unhandled ENOENT.
 */
import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { inject, type TestContext } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    skipsDir: string;
  }
}

/** Set by `.ci/run`: a missing system program is a failure, not a skip. */
export const REQUIRE_VARIABLE = 'FISCO_REQUIRE_SYSTEM_PROGRAMS';

export type SystemProgram = 'zsh' | 'fish' | 'bash-completion' | 'chromium' | 'pdftotext' | 'curl';

/** The one command that installs each (Debian and Ubuntu package names, as `.ci/run` uses). */
export const INSTALL: Record<SystemProgram, string> = {
  zsh: 'apt-get install zsh',
  fish: 'apt-get install fish',
  'bash-completion': 'apt-get install bash-completion',
  chromium: 'apt-get install chromium',
  pdftotext: 'apt-get install poppler-utils',
  curl: 'apt-get install curl',
};

/** An executable file of that name in one of PATH's folders. */
export function onPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const folder of path.split(delimiter)) {
    if (!folder) continue;
    const candidate = join(folder, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Where bash-completion's main script is (BASH_COMPLETION_SCRIPT names another place, or a missing one to hide it). */
function bashCompletion(): string | undefined {
  const candidates =
    process.env.BASH_COMPLETION_SCRIPT !== undefined
      ? [process.env.BASH_COMPLETION_SCRIPT]
      : [
          '/usr/share/bash-completion/bash_completion',
          '/usr/local/share/bash-completion/bash_completion',
          '/opt/homebrew/share/bash-completion/bash_completion',
        ];
  return candidates.find((c) => c !== '' && existsSync(c));
}

/**
 * A headless Chromium: CHROMIUM_BIN when set (an empty value hides every other), else one on
 * PATH (Debian's `chromium`, Ubuntu's `chromium-browser`, Google Chrome), else the build that the
 * npm package @sparticuz/chromium carries, when that package is installed.
 */
async function chromium(): Promise<string | undefined> {
  const named = process.env.CHROMIUM_BIN;
  if (named !== undefined) return named !== '' && (existsSync(named) || onPath(named)) ? named : undefined;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']) {
    const found = onPath(name);
    if (found) return found;
  }
  const packageName = '@sparticuz/chromium';
  try {
    const module = (await import(/* @vite-ignore */ packageName)) as { default: { executablePath(): Promise<string> } };
    return await module.default.executablePath();
  } catch {
    return undefined;
  }
}

/** Where the program is, or undefined when it is not installed. */
export async function locate(program: SystemProgram): Promise<string | undefined> {
  switch (program) {
    case 'zsh':
    case 'fish':
    case 'pdftotext':
    case 'curl':
      return onPath(program);
    case 'bash-completion':
      return bashCompletion();
    case 'chromium':
      return chromium();
  }
}

/** The note a skipped test carries and the run's summary repeats. */
export const missingNote = (program: SystemProgram) => `${program} is not installed (${INSTALL[program]})`;

function record(program: SystemProgram, test: string): void {
  let dir: string | undefined;
  try {
    dir = inject('skipsDir');
  } catch {
    dir = undefined;
  }
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const line = JSON.stringify({ program, install: INSTALL[program], test });
  writeFileSync(join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`), `${line}\n`);
}

/**
 * The program's location, for a test that cannot run without it. Missing: the test is skipped
 * (its note names the program and the install command), or fails under FISCO_REQUIRE_SYSTEM_PROGRAMS=1.
 */
export async function need(context: TestContext, program: SystemProgram): Promise<string> {
  const found = await locate(program);
  if (found) return found;
  const note = missingNote(program);
  if (process.env[REQUIRE_VARIABLE] === '1') throw new Error(`${note}, and ${REQUIRE_VARIABLE}=1 makes that a failure`);
  record(program, context.task.name);
  context.skip(note);
  throw new Error('unreachable: context.skip() throws');
}
