/**
 * The guided `invoice create` through a real pseudo-terminal (util-linux `script`): keystrokes
 * are written only after the prompt they answer has appeared.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, TOKENS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

const ENTER = '\r';
const DOWN = '\x1b[B';
const strip = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/** Runs the bin on a pty; `steps` are [prompt text to wait for, keys to type]. */
function drive(args: string[], steps: [string, string][]): Promise<{ exitCode: number | null; screen: string }> {
  const env = {
    PATH: process.env.PATH,
    HOME: h.home,
    FISCO_CONFIG_DIR: join(h.home, 'fisco-config'),
    FISCO_TOKEN: TOKENS.prod,
    FISCO_BASE_URL: h.emulator.url,
    NO_COLOR: '1',
    TERM: 'xterm',
    TZ: 'Europe/Rome',
  };
  const child = spawn('script', ['-qec', ['node', BIN, ...args].join(' '), '/dev/null'], { env: env as NodeJS.ProcessEnv });
  let screen = '';
  let from = 0;
  let step = 0;
  const advance = () => {
    while (step < steps.length) {
      const [wanted, keys] = steps[step];
      const at = strip(screen).indexOf(wanted, from);
      if (at < 0) return;
      from = at + wanted.length;
      step++;
      setTimeout(() => child.stdin.write(keys), 30);
      return;
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString('utf8');
    advance();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out at step ${step} (${steps[step]?.[0]}); screen:\n${strip(screen).slice(-1500)}`));
    }, 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, screen: strip(screen) });
    });
  });
}

const common: [string, string][] = [
  ['Client (type to search', ENTER], // first choice: new client by VAT number
  ['Client VAT number', `IT00743110157${ENTER}`],
  ['Numbering', ENTER],
  ['Payment method', ENTER],
  ['Document type', ENTER],
  ['Issue date', `\x15\x0b2026-11-20${ENTER}`],
  ['Line 1 — name', `Consulenza${ENTER}`],
  ['Quantity', `2${ENTER}`],
  ['Unit price', `150.00${ENTER}`],
  ['VAT rate', ENTER],
  ['Description', ENTER],
  ['Add another line?', ENTER],
  ['Discount', ENTER],
  ['Due dates', ENTER],
  ['CIG', ENTER],
  ['CUP', ENTER],
  ['purchase-order references?', ENTER],
  ['Notes', ENTER],
  ['Extra e-mail', ENTER],
];

describe('guided invoice create on a terminal', () => {
  it('ends in a draft', async () => {
    const before = h.emulator.store.invoices.length;
    const result = await drive(['invoice', 'create'], [...common, ['What now?', ENTER]]);
    expect(result.screen).toContain('Invoice preview');
    expect(result.screen).toMatch(/TOTAL\s+366,00 €/);
    expect(result.exitCode).toBe(0);
    expect(h.emulator.store.invoices.length).toBe(before + 1);
    expect(h.emulator.store.invoices.at(-1)).toMatchObject({ sdi_status: 'draft', total_amount: '366.00', issue_date: '2026-11-20' });
    expect((h.emulator.store.requests.findLast((r) => r.method === 'POST')!.body as any).invia_sdi).toBe(false);
  });

  it('ends in a confirmed send', async () => {
    const before = h.emulator.store.invoices.length;
    const result = await drive(['invoice', 'create'], [...common, ['What now?', `${DOWN}${ENTER}`], ['Transmit this invoice to the SDI now?', `y${ENTER}`]]);
    expect(result.screen).toContain('SEND to the SDI (irreversible)');
    expect(result.exitCode).toBe(0);
    expect(h.emulator.store.invoices.length).toBe(before + 1);
    expect(h.emulator.store.invoices.at(-1)).toMatchObject({ sdi_status: 'sent', total_amount: '366.00' });
  });

  it('picks an existing client by typing part of its name, and invoices that client', async () => {
    // A client outside the first page the picker shows before any typing; typed: a part of its name no other client has.
    const firstPage = JSON.parse((await h.run(['clients', 'list', '--per-page', '20'])).stdout) as { id: number }[];
    const rossi = h.emulator.store.clients.filter((c) => c.accountId === 'acc_rossi');
    const wordOf = (name: string) => {
      const part = name.split(/\s+/).slice(0, 2).join(' ').toLowerCase().slice(1, -1);
      return rossi.filter((o) => o.name.toLowerCase().includes(part)).length === 1 ? part : undefined;
    };
    const client = rossi.find((c) => !firstPage.some((f) => f.id === c.id) && c.country === 'IT' && c.piva && c.address && c.province && wordOf(c.name))!;
    expect(client).toBeDefined();
    const word = wordOf(client.name)!;
    const before = h.emulator.store.invoices.length;
    const result = await drive(['invoice', 'create'], [['Client (type to search', word], [client.name, ENTER], ...common.slice(2), ['What now?', ENTER]]);
    expect(result.exitCode).toBe(0);
    expect(h.emulator.store.invoices.length).toBe(before + 1);
    expect(h.emulator.store.invoices.at(-1)).toMatchObject({ sdi_status: 'draft', total_amount: '366.00', counterpart: { name: client.name, vat_number: client.piva!.replace(/^IT/, '') } });
    expect((h.emulator.store.requests.findLast((r) => r.method === 'POST')!.body as any).cliente).toMatchObject({ name: client.name, city: client.city });
  });

  it('sends nothing when the confirmation is declined (default No)', async () => {
    const before = h.emulator.store.invoices.length;
    const result = await drive(['invoice', 'create'], [...common, ['What now?', `${DOWN}${ENTER}`], ['Transmit this invoice to the SDI now?', ENTER]]);
    expect(result.exitCode).toBe(10);
    expect(h.emulator.store.invoices.length).toBe(before);
  });
});
