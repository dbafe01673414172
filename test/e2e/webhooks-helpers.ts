import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execa, type ResultPromise } from 'execa';
import { BIN } from './harness.js';

export interface Captured {
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A plain receiver in the test process: records raw requests and answers `status()`. */
export async function receiver(status: () => number = () => 200): Promise<{ url: string; received: Captured[]; close(): Promise<void> }> {
  const received: Captured[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function until<T>(probe: () => T | undefined | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface Listening {
  url: string;
  lines: () => any[];
  stderr: () => string;
  process: ResultPromise;
  stop(): Promise<void>;
}

/** Spawns `fisco hooks listen -o ndjson …` and resolves once it says where it listens. */
export async function listen(args: string[], home: string): Promise<Listening> {
  let stdout = '';
  let stderr = '';
  const child = execa('node', [BIN, 'hooks', 'listen', '-o', 'ndjson', ...args], {
    env: { PATH: process.env.PATH!, HOME: home, FISCO_CONFIG_DIR: `${home}/fisco-config`, NO_COLOR: '1' },
    extendEnv: false,
    reject: false,
    timeout: 30_000,
  });
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await until(() => /listening on (http:\/\/\S+)/.exec(stderr)?.[1], 10_000, `the listener (${stderr})`);
  return {
    url,
    lines: () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    stderr: () => stderr,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await child;
    },
  };
}
