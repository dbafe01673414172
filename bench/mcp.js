// Benchmark of `fisco mcp` (issue 39): `node bench/mcp.js [--quick]` after `npm run build`; `npm
// run bench` runs it too. The figure: the first list_invoices answer after the server starts (spawn,
// the protocol's handshake, the call) against the same `fisco invoice list -o json` run as a
// process, both against the emulator with 5,000 invoices; medians of paired runs (alternately), as
// bench/run.js pairs its start-up figures. Goal: ≤ 1.5×.

import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startEmulator } from '../dist/emulator/index.js';
import { benchHome, BIN, median } from './common.js';

const RUNS = process.argv.includes('--quick') ? 5 : 11;
const GOAL = 1.5;

const emulator = await startEmulator({ port: 0, quiet: true, sizes: { invoices: 5_000 } });
const { home, env } = benchHome('mcp', emulator);

/** `fisco invoice list -o json` as a process: until it exits. */
function cli() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'invoice', 'list', '--per-page', '50', '-o', 'json'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.resume();
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`invoice list: exit ${code}`))));
  });
}

/** `fisco mcp` spawned, the handshake, the first list_invoices answer (page of 50). */
async function mcp() {
  const started = performance.now();
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'inherit' });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  const answer = await client.callTool({ name: 'list_invoices', arguments: { page_size: 50 } });
  const elapsed = performance.now() - started;
  if (answer.isError || answer.structuredContent.items.length !== 50) throw new Error(`list_invoices: ${JSON.stringify(answer.content)}`);
  await client.close();
  return elapsed;
}

try {
  await cli(); // warm the file cache
  await mcp();
  const pairs = [];
  for (let i = 0; i < RUNS; i++) {
    const [a, b] = i % 2 === 0 ? [await cli(), await mcp()] : [await mcp(), await cli()].reverse();
    pairs.push({ cli: a, mcp: b, ratio: b / a });
  }
  const ratio = median(pairs.map((p) => p.ratio));
  const line = (figure, value, base) =>
    `${figure.padEnd(58)}  ${`${Math.round(value)} ms`.padStart(8)}  ${`${Math.round(base)} ms`.padStart(8)}  ${ratio.toFixed(2)}×  ≤ ${GOAL}×  ${ratio <= GOAL ? 'ok' : 'MISSED'}`;
  console.log(line('mcp: first list_invoices answer vs invoice list -o json', median(pairs.map((p) => p.mcp)), median(pairs.map((p) => p.cli))));
  if (ratio > GOAL) process.exitCode = 1;
} finally {
  await emulator.close();
  rmSync(home, { recursive: true, force: true });
}
