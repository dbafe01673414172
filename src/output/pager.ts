/**
 * The pager for tables on a terminal, as gh and git do it: `FISCO_PAGER`, else `PAGER`, else
 * `less -FRX` (quit at once when the text fits one screen, keep colours, leave it on the screen);
 * an empty value or `cat` means none, and so does `--no-pager`. The pager starts only when the
 * output grows past one screen: shorter output goes straight to the terminal, no process spawned.
 */
import type { ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, isAbsolute, join } from 'node:path';

export interface PagerEnv {
  FISCO_PAGER?: string;
  PAGER?: string;
  LESS?: string;
  LV?: string;
  PATH?: string;
  [name: string]: string | undefined;
}

export const DEFAULT_PAGER = 'less -FRX';

/** The pager command to use, or undefined for none. */
export function selectPager(options: { env: PagerEnv; noPager: boolean; stdoutIsTTY: boolean; stdinIsTTY?: boolean }): string | undefined {
  if (options.noPager || !options.stdoutIsTTY) return undefined;
  const chosen = (options.env.FISCO_PAGER ?? options.env.PAGER ?? DEFAULT_PAGER).trim();
  if (chosen === '' || chosen === 'cat') return undefined;
  const program = chosen.split(/\s+/)[0]!;
  return findProgram(program, options.env.PATH) ? chosen : undefined;
}

/** Whether a program (a name looked up in PATH, or a path) exists and is executable. */
export function findProgram(program: string, path = ''): boolean {
  const candidates = program.includes('/')
    ? [program]
    : path
        .split(delimiter)
        .filter((dir) => isAbsolute(dir))
        .map((dir) => join(dir, program));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Where a table is written: the terminal directly, or a pager once the text is taller than the screen. */
export interface TextSink {
  write(text: string): boolean;
  /** Resolves when the sink takes more text (backpressure). */
  drained(): Promise<void>;
  /** True once the reader has gone (the user quit the pager): stop producing. */
  readonly closed: boolean;
  end(): Promise<void>;
}

export interface PagerOptions {
  command: string;
  /** Lines that fit the screen. */
  rows: number;
  stdout: NodeJS.WritableStream;
  env: PagerEnv;
  spawn?: (command: string, env: PagerEnv) => ChildProcess;
}

function spawnPager(command: string, env: PagerEnv): ChildProcess {
  // node:child_process (and dgram, net…) is loaded only when a table fills the screen.
  const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
  return spawn(command, {
    shell: true,
    stdio: ['pipe', 'inherit', 'inherit'],
    env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' } as NodeJS.ProcessEnv,
  });
}

/** Holds up to one screen of text; past that, starts the pager and streams the rest into it. */
export class PagedOutput implements TextSink {
  private held: string[] = [];
  private lines = 0;
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private gone = false;
  private failed = false;

  constructor(private readonly options: PagerOptions) {}

  get closed(): boolean {
    return this.gone;
  }

  /** Whether the pager was started (the text was taller than the screen). */
  get paging(): boolean {
    return this.child !== undefined;
  }

  write(text: string): boolean {
    if (this.failed) return this.options.stdout.write(text);
    if (this.gone) return true;
    if (this.child) return this.child.stdin!.write(text);
    this.held.push(text);
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lines++;
    if (this.lines >= this.options.rows) this.start();
    return true;
  }

  drained(): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.gone || !stdin.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        stdin.off('drain', done);
        stdin.off('close', done);
        resolve();
      };
      stdin.once('drain', done);
      stdin.once('close', done);
    });
  }

  async end(): Promise<void> {
    if (!this.child) {
      if (this.held.length > 0) this.options.stdout.write(this.held.join(''));
      this.held = [];
      return;
    }
    if (!this.gone && !this.failed) this.child.stdin!.end();
    await this.exited;
  }

  private start(): void {
    const first = this.held.join('');
    this.held = [];
    const child = (this.options.spawn ?? spawnPager)(this.options.command, this.options.env);
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('close', () => {
        if (!this.failed) this.gone = true;
        resolve();
      });
      child.once('error', () => {
        // The pager could not start: the terminal gets the text after all.
        this.failed = true;
        this.options.stdout.write(first);
        resolve();
      });
    });
    // The user quit the pager before the end: stop writing, quietly.
    child.stdin!.on('error', () => {
      this.gone = true;
    });
    child.stdin!.write(first);
  }
}
