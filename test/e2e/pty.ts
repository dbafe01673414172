import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Runs a command in a real pseudo-terminal (util-linux `script`), so prompts behave as they do
 * for a person: `expect` waits for text on the screen, `send` types keys.
 */
export interface PtySession {
  expect(text: string | RegExp, timeoutMs?: number): Promise<void>;
  send(keys: string): void;
  /** Everything the terminal showed so far, with ANSI sequences removed. */
  screen(): string;
  exit(): Promise<number>;
}

export const KEY = { enter: '\r', down: '\x1b[B', up: '\x1b[A', ctrlC: '\x03', backspace: '\x7f' };

export function spawnPty(command: string, args: string[], env: Record<string, string | undefined>): PtySession {
  const line = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child: ChildProcess = spawn('script', ['-qfec', line, '/dev/null'], { env: { ...env, TERM: 'xterm-256color', COLUMNS: '120', LINES: '40' } as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let consumed = 0;
  child.stdout!.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString('utf8')));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  const clean = () => output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\x1b[()][A-Z0-9]/g, '');
  return {
    async expect(text, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const rest = clean().slice(consumed);
        const at = typeof text === 'string' ? rest.indexOf(text) : rest.search(text);
        if (at >= 0) {
          consumed += at + 1;
          return;
        }
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(text)}; screen:\n${clean().slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    send(keys) {
      child.stdin!.write(keys);
    },
    screen: clean,
    exit: () => exited,
  };
}
