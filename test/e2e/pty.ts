import { spawn, type ChildProcess } from 'node:child_process';
import { recordOutputs } from './sweep.js';

/**
 * Runs a command in a real pseudo-terminal (util-linux `script`), so prompts behave as they do
 * for a person: `expect` waits for text to appear on the screen, `send` types keys.
 *
 * Nothing here waits a fixed time: every wait is for something the screen shows (or for the
 * process to end), with a generous deadline, so the tests hold on a loaded machine; a wait that
 * runs out fails with what was awaited and the screen as it was.
 */
export interface PtySession {
  /** Waits until `text` appears after the previous match; fails after `timeoutMs` showing the screen. */
  expect(text: string | RegExp, timeoutMs?: number): Promise<void>;
  send(keys: string): void;
  /** Everything the terminal showed so far, with ANSI sequences removed. */
  screen(): string;
  /** Everything the program wrote, escapes and carriage returns included (to replay redraws). */
  raw(): string;
  /** The exit code; fails after `timeoutMs` (the process is killed) showing the screen. */
  exit(timeoutMs?: number): Promise<number>;
  /** Ends the session now (a test that failed half-way leaves no process behind). */
  kill(): void;
}

export const KEY = { enter: '\r', down: '\x1b[B', up: '\x1b[A', ctrlC: '\x03', backspace: '\x7f' };

/** Per-wait deadline: long, because a loaded machine can take seconds to start Node and render. */
export const DEFAULT_WAIT_MS = 45_000;

// CSI sequences (colours, cursor moves, erase), OSC sequences (titles, links), charset selection and other two-byte escapes.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Z0-9]|\x1b[@-Z\\-_=>78]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '').replace(/\r/g, '');
}

/** The terminal's size; `script` gives its pseudo-terminal none of its own (0 columns) unless told. */
export interface PtySize {
  columns: number;
  rows: number;
}

export function spawnPty(command: string, args: string[], env: Record<string, string | undefined>, size?: PtySize): PtySession {
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  // With a size, the pseudo-terminal is set to it before the command starts (what the program reads with TIOCGWINSZ).
  const line = size ? `stty cols ${size.columns} rows ${size.rows} && exec ${quoted}` : quoted;
  const child: ChildProcess = spawn('script', ['-qfec', line, '/dev/null'], {
    env: { ...env, TERM: 'xterm-256color', COLUMNS: String(size?.columns ?? 120), LINES: String(size?.rows ?? 40) } as NodeJS.ProcessEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let consumed = 0;
  let exitCode: number | undefined;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };
  const onData = (d: Buffer) => {
    output += d.toString('utf8');
    changed();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number>((resolve) =>
    child.on('close', (code) => {
      exitCode = code ?? -1;
      recordOutputs(args, { terminal: output });
      resolve(exitCode);
      changed();
    }),
  );
  const clean = () => stripAnsi(output);
  const failure = (what: string, timeoutMs: number) => {
    const screen = clean();
    return new Error(
      `${what} not seen within ${timeoutMs} ms (\`${[command, ...args].join(' ')}\`${exitCode === undefined ? ', still running' : `, exited ${exitCode}`}).\n` +
        `--- screen since the previous match ---\n${screen.slice(consumed).slice(-3000)}\n--- end of screen ---`,
    );
  };

  return {
    expect(text, timeoutMs = DEFAULT_WAIT_MS) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          const rest = clean().slice(consumed);
          const match =
            typeof text === 'string'
              ? { index: rest.indexOf(text), length: text.length }
              : (() => {
                  const m = text.exec(rest);
                  return m ? { index: m.index, length: m[0].length } : { index: -1, length: 0 };
                })();
          if (match.index >= 0) {
            consumed += match.index + Math.max(1, match.length);
            done();
            resolve();
          } else if (exitCode !== undefined) {
            done();
            reject(failure(`${String(text)} (the process ended first)`, timeoutMs));
          }
        };
        const timer = setTimeout(() => {
          done();
          const error = failure(String(text), timeoutMs);
          child.kill('SIGKILL'); // a failed wait fails the test: leave no process behind
          reject(error);
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    send(keys) {
      child.stdin!.write(keys);
    },
    screen: clean,
    raw: () => output,
    exit(timeoutMs = DEFAULT_WAIT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<number>((_resolve, reject) => {
        timer = setTimeout(() => {
          const error = failure('the end of the process', timeoutMs);
          child.kill('SIGKILL');
          reject(error);
        }, timeoutMs);
      });
      return Promise.race([exited, limit]).finally(() => clearTimeout(timer));
    },
    kill() {
      if (exitCode === undefined) child.kill('SIGKILL');
    },
  };
}

/**
 * What a terminal of `columns` shows after `raw`: carriage returns, erase-line and the automatic
 * wrap at the last column replayed. `wrapped` counts the lines a too-long write pushed onto the next.
 */
export function replay(raw: string, columns: number): { lines: string[]; wrapped: number[] } {
  const lines: string[][] = [[]];
  let row = 0;
  let col = 0;
  const wrapped: number[] = [];
  const text = raw.replace(/\x1b\[2K/g, '\u0001').replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Z0-9]|\x1b[@-Z\\-_=>78]/g, '');
  for (const ch of text) {
    if (ch === '\u0001') lines[row] = [];
    else if (ch === '\r') col = 0;
    else if (ch === '\n') {
      row++;
      lines[row] ??= [];
    } else {
      if (col >= columns) {
        wrapped.push(row);
        row++;
        col = 0;
        lines[row] ??= [];
      }
      const line = lines[row]!;
      while (line.length < col) line.push(' ');
      line[col++] = ch;
    }
  }
  return { lines: lines.map((l) => l.join('').trimEnd()), wrapped };
}
