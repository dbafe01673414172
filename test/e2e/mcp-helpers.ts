/** `fisco mcp` as an assistant starts it: the built bin spawned, spoken to by the SDK's own client over stdio. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { join } from 'node:path';
import { BIN, TODAY, TOKENS, type Harness } from './harness.js';

export interface McpRun {
  client: Client;
  transport: StdioClientTransport;
  /** Every protocol message the server sent, in order. */
  received: JSONRPCMessage[];
  stderr: () => string;
  close(): Promise<void>;
}

/** The environment of a run against the harness's emulator (as harness.run gives main()). */
export function mcpEnv(h: Harness, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: h.home,
    FISCO_CONFIG_DIR: join(h.home, 'fisco-config'),
    FISCO_DATA_DIR: join(h.home, 'fisco-data'),
    FISCO_RETRY_BASE_MS: '20',
    NO_COLOR: '1',
    TZ: 'Europe/Rome',
    LANG: 'C',
    FISCO_I18N_STRICT: '1',
    FISCO_TOKEN: TOKENS.prod,
    FISCO_BASE_URL: h.emulator.url,
    ...extra,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

export async function startMcp(
  args: string[],
  env: Record<string, string>,
  options: { command?: string; capabilities?: ConstructorParameters<typeof Client>[1] } = {},
): Promise<McpRun> {
  const transport = new StdioClientTransport({
    command: options.command ?? process.execPath,
    args: options.command ? args : [BIN, ...args],
    env,
    stderr: 'pipe',
  });
  let errors = '';
  transport.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const client = new Client({ name: 'fisco-test', version: '1.0.0' }, options.capabilities);
  await client.connect(transport);
  // Every message the server sends, as the client receives it.
  const received: JSONRPCMessage[] = [];
  const deliver = transport.onmessage!;
  transport.onmessage = (message: JSONRPCMessage) => {
    received.push(message);
    deliver(message);
  };
  return { client, transport, received, stderr: () => errors, close: () => client.close() };
}

export { TODAY };
