/** `fisco emulator` as its own process, for the tests of that command: started, its URLs read from its JSON announcement. */
import { execa, type ResultPromise } from 'execa';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN } from './harness.js';

export interface EmulatorProcess {
  /** What it printed: base URLs and demo tokens. */
  info: { url: string; sandbox_url: string; tokens: { token: string }[] };
  /** A fresh HOME and profile folder for the commands run against it. */
  env: Record<string, string>;
  home: string;
  server: ResultPromise;
  /** Ctrl-C, then its exit code. */
  stop(): Promise<number | undefined>;
}

/** `args` may depend on the fresh HOME (a state file inside it). */
export async function spawnEmulator(args: string[] | ((home: string) => string[]), prefix = 'fisco-emu-'): Promise<EmulatorProcess> {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const env = { PATH: process.env.PATH!, HOME: home, FISCO_CONFIG_DIR: join(home, 'cfg'), NO_COLOR: '1' };
  const server = execa('node', [BIN, 'emulator', '--port', '0', '--today', '2026-11-20', '-o', 'json', ...(typeof args === 'function' ? args(home) : args)], {
    env,
    extendEnv: false,
    reject: false,
    buffer: false,
  });
  let out = '';
  const info = await new Promise<EmulatorProcess['info']>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      try {
        resolve(JSON.parse(out) as EmulatorProcess['info']);
      } catch {
        /* wait for the whole object */
      }
    });
    void server.on('exit', () => reject(new Error(`emulator exited early: ${out}`)));
  });
  return {
    info,
    env,
    home,
    server,
    async stop() {
      server.kill('SIGINT');
      return (await server).exitCode;
    },
  };
}
