/**
 * The guided `invoice create` through a real pseudo-terminal (test/e2e/pty.ts): every keystroke
 * is sent only after the prompt it answers is on the screen; nothing waits a fixed time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientRecord } from '../../src/emulator/store.js';
import { BIN, harness, type Harness } from './harness.js';
import { harnessFolders, processEnv } from './process-env.js';
import { KEY, spawnPty, type PtySession } from './pty.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
  // Every keystroke in the client search is a GET: these tests are about the flow, not about
  // pacing under the 120-a-minute limit (test/e2e/foundation and the pacer tests cover that).
  h.emulator.setRateLimit({ limit: 100_000, windowMs: 60_000 });
});
afterAll(async () => h.close());

const KILL_LINE = '\x15'; // Ctrl-U: clears a prefilled default

function start(args: string[] = []): PtySession {
  return spawnPty('node', [BIN, 'invoice', 'create', ...args], processEnv(h, harnessFolders(h)));
}

/** A session that counts the answers given: one per `answer` call. */
function counted(session: PtySession) {
  let answers = 0;
  return {
    session,
    get answers() {
      return answers;
    },
    async answer(prompt: string | RegExp, keys: string) {
      await session.expect(prompt);
      session.send(keys);
      answers++;
    },
    /** Waits for the preview, takes the default at "What now?" (one answer) and resolves to the exit code. */
    async takePreviewDefault(): Promise<number> {
      await session.expect('Invoice preview');
      await this.answer('What now?', KEY.enter);
      return session.exit();
    },
  };
}

const lastCreation = () => h.emulator.store.requests.findLast((r) => r.method === 'POST' && r.path.startsWith('/fatture/nuova'));
const creationsSince = (seq: number) => h.emulator.store.requests.filter((r) => r.seq > seq && r.method === 'POST' && r.path.startsWith('/fatture/nuova'));
const seq = () => h.emulator.store.requests.at(-1)?.seq ?? 0;

/** An Italian client of the demo company whose name a short word finds alone, and whose SDI code is not a PA office's. */
function findableClient(): { client: ClientRecord; word: string } {
  const rossi = h.emulator.store.clients.filter((c) => c.accountId === 'acc_rossi');
  for (const client of rossi) {
    if (client.country !== 'IT' || !client.piva || !client.address || !client.province || (client.sdi ?? '').length === 6) continue;
    const word = client.name.split(/\s+/).slice(0, 2).join(' ').toLowerCase().slice(1, -1);
    if (rossi.filter((o) => o.name.toLowerCase().includes(word)).length === 1) return { client, word };
  }
  throw new Error('no findable client in the demo data');
}

/** One line answered with its name, quantity and price, the default 22% VAT and no further line. */
async function oneLine(flow: ReturnType<typeof counted>, nome: string, quantity: string, price: string): Promise<void> {
  await flow.answer('Line 1 — name', `${nome}${KEY.enter}`);
  await flow.answer('Quantity', `${quantity}${KEY.enter}`);
  await flow.answer('Unit price', `${price}${KEY.enter}`);
  await flow.answer('VAT rate', KEY.enter);
  await flow.answer('Add another line?', KEY.enter);
}

async function pickClient(flow: ReturnType<typeof counted>, client: ClientRecord, word: string): Promise<void> {
  await flow.session.expect('Client (type to search');
  flow.session.send(word);
  // The list before any typing names every client too, with a new-client choice active: wait
  // until the search has run and the client is the active choice (❯), or Enter could pick that.
  await flow.answer(`❯ ${client.name}`, KEY.enter);
}

/** A guided session (with `args`) whose first answer picks an existing client, found by a short word. */
async function withClientPicked(args: string[] = []): Promise<{ client: ClientRecord; flow: ReturnType<typeof counted> }> {
  const { client, word } = findableClient();
  const flow = counted(start(args));
  await pickClient(flow, client, word);
  return { client, flow };
}

describe('guided invoice create on a terminal', () => {
  it('one line to an existing client takes 8 answers; a decimal comma is accepted and echoed; the preview shows the client record', async () => {
    const from = seq();
    const { client, flow } = await withClientPicked();
    await flow.answer('Line 1 — name', `Consulenza${KEY.enter}`);
    await flow.answer('Quantity', KEY.enter);
    // An ambiguous number is refused with the spellings that are not, then the Italian form is accepted.
    await flow.session.expect('Unit price');
    flow.session.send(`1.234${KEY.enter}`);
    await flow.session.expect('is ambiguous');
    flow.session.send(KEY.backspace.repeat(5));
    flow.session.send(`1.234,50${KEY.enter}`);
    await flow.session.expect('= 1234.50');
    await flow.answer('VAT rate', KEY.enter);
    await flow.answer('Add another line?', KEY.enter);
    await flow.answer('More options?', KEY.enter);
    expect(await flow.takePreviewDefault()).toBe(0);
    // The price answer counts once though it was typed twice: 8 answers in all.
    expect(flow.answers + 1).toBeLessThanOrEqual(8);

    const screen = flow.session.screen();
    expect(screen).not.toMatch(/\? (PA: CIG|PA: CUP|Numbering|Payment method|Document type|Issue date|Discount|Due dates|Description)/);
    expect(screen).toContain(`${client.name} — VAT ${client.piva!.replace(/^IT/, '')} (client ${client.id})`);
    expect(screen).toContain(`Codice fiscale ${client.codice_fiscale} (on client ${client.id}; the request has no field for it)`);
    expect(screen).toMatch(/Numbering Standard\s+·\s+Payment Bonifico Intesa/);
    expect(screen).toContain('none given: the service sets 30 days from the issue date');
    // The search typed at once cost one request, not one a keystroke (plus the list before typing).
    expect(h.emulator.store.requests.filter((r) => r.seq > from && r.path === '/clients').length).toBeLessThanOrEqual(2);
    const [request] = creationsSince(from);
    expect(request.path).toBe('/fatture/nuova/manuale');
    const body = request.body as any;
    expect(body).toMatchObject({
      numerazione: 'Standard',
      metodo_pagamento: 'Bonifico Intesa',
      invia_sdi: false,
      articoli: [{ nome: 'Consulenza', quantita: 1, prezzo: 1234.5, iva: 22 }],
    });
    expect(body.cliente).toMatchObject({ name: client.name, city: client.city });
    expect(body.cliente).not.toHaveProperty('codice_fiscale');
    expect(body).not.toHaveProperty('pa');
  });

  it('asks CIG and CUP by default for a public-administration recipient (6-character SDI code)', async () => {
    const added = await h.run([
      'clients',
      'add',
      '--name',
      'Comune di Pratolungo',
      '--piva',
      '02345678904',
      '--sdi',
      'UFABCD',
      '--address',
      'Piazza Grande 1',
      '--cap',
      '50100',
      '--city',
      'Firenze',
      '--province',
      'FI',
    ]);
    expect(added.exitCode, added.stderr).toBe(0);
    const from = seq();
    const flow = counted(start());
    await flow.session.expect('Client (type to search');
    flow.session.send('pratolungo');
    await flow.answer('Comune di Pratolungo', KEY.enter);
    await oneLine(flow, 'Servizio', '', '500');
    await flow.answer('PA: CIG', `ZAB1234567${KEY.enter}`);
    await flow.answer('PA: CUP', `J12H19000120001${KEY.enter}`);
    await flow.answer('More options?', KEY.enter);
    await flow.answer('What now?', KEY.enter);
    expect(await flow.session.exit()).toBe(0);
    expect((creationsSince(from)[0].body as any).pa).toEqual({ cig: 'ZAB1234567', cup: 'J12H19000120001' });
  });

  it('More options: the issue date, discount and due dates are typed the Italian way and sent in their canonical form', async () => {
    const from = seq();
    const { flow } = await withClientPicked();
    await oneLine(flow, 'Consulenza', '', '1000');
    await flow.answer('More options?', `y${KEY.enter}`);
    await flow.answer('Numbering', KEY.enter);
    await flow.answer('Payment method', KEY.enter);
    await flow.answer('Document type', KEY.enter);
    await flow.answer('Issue date (YYYY-MM-DD or dd/mm/yyyy)', `${KILL_LINE}31/11/2026${KEY.enter}`);
    await flow.session.expect('31/11/2026 is not a calendar date');
    flow.session.send(`${KILL_LINE}20/11/2026${KEY.enter}`);
    await flow.answer('Discount in euro', `1.234${KEY.enter}`);
    await flow.session.expect("'1.234' is ambiguous: write 1234 or 1.234,00 for 1234 euro");
    flow.session.send(`${KILL_LINE}10,50${KEY.enter}`);
    await flow.answer('Due dates', `${KILL_LINE}31/12/2026=100%${KEY.enter}`);
    await flow.answer('PA: CIG', KEY.enter);
    await flow.answer('PA: CUP', KEY.enter);
    await flow.answer('Purchase-order references?', KEY.enter);
    await flow.answer('Notes (optional)', KEY.enter);
    await flow.answer('Extra e-mail recipients', KEY.enter);
    await flow.answer('Add descriptions to the lines?', KEY.enter);
    expect(await flow.takePreviewDefault()).toBe(0);
    const [request] = creationsSince(from);
    expect(request.body).toMatchObject({
      issue_date: '2026-11-20',
      sconto: 10.5,
      scadenze: [{ date: '2026-12-31', value: 100, type: 'percent' }],
      invia_sdi: false,
    });
  });

  it('a declined send offers a draft instead: nothing reaches the SDI', async () => {
    const from = seq();
    const before = h.emulator.store.invoices.length;
    const { flow } = await withClientPicked();
    await oneLine(flow, 'Sviluppo', '2,5', '80');
    await flow.answer('More options?', KEY.enter);
    await flow.answer('What now?', `${KEY.down}${KEY.enter}`);
    await flow.session.expect('SEND to the SDI (irreversible)');
    await flow.answer('Transmit this invoice to the SDI now?', KEY.enter); // default No
    await flow.answer('Not sent. What now?', KEY.enter); // default: save as draft instead
    expect(await flow.session.exit()).toBe(0);
    expect(h.emulator.store.invoices.length).toBe(before + 1);
    expect(h.emulator.store.invoices.at(-1)).toMatchObject({ sdi_status: 'draft', total_amount: '244.00' });
    const requests = creationsSince(from);
    expect(requests).toHaveLength(1);
    expect((requests[0].body as any).invia_sdi).toBe(false);
    expect((requests[0].body as any).articoli[0].quantita).toBe(2.5);
  });

  it('a declined send can go back to editing, then be discarded: exit 10, nothing created', async () => {
    const from = seq();
    const { flow } = await withClientPicked();
    await oneLine(flow, 'Prima', '', '100');
    await flow.answer('More options?', KEY.enter);
    await flow.answer('What now?', `${KEY.down}${KEY.enter}`);
    await flow.answer('Transmit this invoice to the SDI now?', KEY.enter);
    await flow.answer('Not sent. What now?', `${KEY.down}${KEY.enter}`); // Edit
    await flow.answer('Edit what?', `${KEY.down}${KEY.enter}`); // Lines
    await flow.answer('Line 1 — name', KEY.enter); // keeps "Prima"
    await flow.answer('Quantity', KEY.enter);
    await flow.answer('Unit price', `${KILL_LINE}0,125${KEY.enter}`);
    await flow.session.expect('= 0.125');
    await flow.answer('VAT rate', KEY.enter);
    await flow.answer('Add another line?', KEY.enter);
    await flow.session.expect(/1\. Prima\s+1 ×\s+0,125 €/);
    await flow.answer('What now?', `${KEY.down}${KEY.down}${KEY.down}${KEY.enter}`); // Discard
    expect(await flow.session.exit()).toBe(10);
    expect(flow.session.screen()).toContain('discarded; nothing was created');
    expect(creationsSince(from)).toEqual([]);
  });

  it('a by-VAT client: the preview shows the name the client list knows and what the service fills in; no nature code is asked for 0%', async () => {
    const { client } = findableClient();
    const from = seq();
    const flow = counted(start());
    await flow.session.expect('Client (type to search');
    await flow.answer('+ New client by VAT number', KEY.enter); // the first choice, once the list is shown
    await flow.answer('Client VAT number', `${client.piva}${KEY.enter}`);
    await flow.answer('Line 1 — name', `Esente${KEY.enter}`);
    await flow.answer('Quantity', KEY.enter);
    await flow.answer('Unit price', `50${KEY.enter}`);
    await flow.answer('VAT rate', `${KEY.down.repeat(4)}${KEY.enter}`); // 0%
    await flow.answer('Add another line?', KEY.enter);
    await flow.answer('More options?', KEY.enter);
    await flow.answer('What now?', KEY.enter);
    expect(await flow.session.exit()).toBe(0);
    const screen = flow.session.screen();
    expect(screen).toContain(`${client.name} (as in your client list)`);
    expect(screen).toContain('The service fills in name, address and delivery code from the business register.');
    expect(screen).toMatch(/Numbering Standard \(the service's default\)/);
    expect(screen).not.toContain('VAT nature code for the 0% lines');
    expect(screen).toMatch(/the by-VAT variant \(--piva\) carries no nature code/);
    const [request] = creationsSince(from);
    expect(request.path).toBe('/fatture/nuova/piva');
    expect(Object.keys(request.body as object).sort()).toEqual(['articoli', 'invia_sdi', 'issue_date', 'piva']);
  });

  it('Ctrl-C at any prompt leaves nothing and exits 10', async () => {
    for (const stop of ['Client (type to search', 'Unit price', 'What now?']) {
      const from = seq();
      const { client, word } = findableClient();
      const flow = counted(start());
      const steps: [string, string][] = [
        ['Line 1 — name', `X${KEY.enter}`],
        ['Quantity', KEY.enter],
        ['Unit price', `10${KEY.enter}`],
        ['VAT rate', KEY.enter],
        ['Add another line?', KEY.enter],
        ['More options?', KEY.enter],
        ['What now?', KEY.enter],
      ];
      if (stop === 'Client (type to search') {
        await flow.session.expect(stop);
        flow.session.send(KEY.ctrlC);
      } else {
        await pickClient(flow, client, word);
        for (const [prompt, keys] of steps) {
          if (prompt === stop) {
            await flow.session.expect(prompt);
            flow.session.send(KEY.ctrlC);
            break;
          }
          await flow.answer(prompt, keys);
        }
      }
      expect(await flow.session.exit(), stop).toBe(10);
      expect(creationsSince(from), stop).toEqual([]);
    }
  });

  it('--send on a terminal, confirmed: sent to the SDI', async () => {
    const before = h.emulator.store.invoices.length;
    const { flow } = await withClientPicked(['--send']);
    await oneLine(flow, 'Consulenza', '2', '150,00');
    await flow.answer('More options?', KEY.enter);
    await flow.answer('Transmit this invoice to the SDI now?', `y${KEY.enter}`);
    expect(await flow.session.exit()).toBe(0);
    expect(h.emulator.store.invoices.length).toBe(before + 1);
    expect(h.emulator.store.invoices.at(-1)).toMatchObject({ sdi_status: 'sent', total_amount: '366.00' });
    expect((lastCreation()!.body as any).invia_sdi).toBe(true);
    expect(flow.session.screen()).toContain('created and sent to the SDI');
  });
});
