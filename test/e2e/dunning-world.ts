/**
 * The receivables and dunning tests' world: the emulator's company acc_rossi with every seeded
 * receivable settled and a known set of open invoices across half-years (built in the store), a
 * real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it was handed, and the
 * files a person would give (a rates table, a contacts file).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { Store } from '../../src/emulator/index.js';
import { addInvoice, recordPayment } from '../../src/emulator/resources/invoice-model.js';
import { nextId, type InvoiceRecord } from '../../src/emulator/store.js';
import { addBankAccount, validIban } from './bank-fixtures.js';
import { harness, TODAY, type Harness } from './harness.js';
import { addDays } from '../../src/domain/dates.js';

export const ACCOUNT = 'acc_rossi';
export const IBAN = validIban('X0542811101000000999888');
export const PASSWORD = 'smtp-Secret-7f3a9q!';

export const CLIENTS = {
  alfa: { name: 'Alfa Solleciti S.r.l.', vat: '00743110157', pec: 'amministrazione@pec.alfa-solleciti.it' },
  beta: { name: 'Beta Solleciti S.p.A.', vat: '01234567897', email: 'contabilita@beta-solleciti.it' },
  gamma: { name: 'Gamma Solleciti S.n.c.', vat: '03456789019' },
  delta: { name: 'Delta Solleciti S.r.l.', vat: '02345678903', pec: 'delta@pec.delta-solleciti.it' },
} as const;

/** An outbound invoice of acc_rossi (or `account`) in the store; a client without `vat` is a counterpart known by its name only. */
export function invoice(
  store: Store,
  fields: { number: string; issue: string; due: string; total: string; paid?: string; client: { name: string; vat?: string }; tipo?: string; account?: string },
): InvoiceRecord {
  const at = new Date().toISOString();
  const n = nextId(store, 'invoices');
  const record: InvoiceRecord = {
    id: `inv_dun_${n}`,
    numericId: 900000 + n,
    uuid: `0dd0e000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    accountId: fields.account ?? ACCOUNT,
    direction: 'outbound',
    tipo_documento: fields.tipo ?? 'TD01',
    number: fields.number,
    issue_date: fields.issue,
    counterpart: { name: fields.client.name, vat_number: fields.client.vat ? `IT${fields.client.vat}` : '' },
    total_amount: fields.total,
    amount_paid: fields.paid ?? '0.00',
    due_dates: [fields.due],
    sdi_status: 'accepted',
    sdi_error: null,
    last_sdi_update: at,
    details: {},
    createdAt: at,
    updatedAt: at,
  };
  addInvoice(store, record);
  return record;
}

/** Every seeded receivable of acc_rossi settled, then the scenario's invoices, clients and IBAN. */
export function buildScenario(store: Store): Record<string, InvoiceRecord> {
  for (const inv of store.invoices) if (inv.accountId === ACCOUNT && inv.direction === 'outbound') inv.amount_paid = inv.total_amount;
  const at = new Date().toISOString();
  const client = (c: { name: string; vat: string; pec?: string }) =>
    store.clients.push({
      id: 700000 + store.clients.length,
      accountId: ACCOUNT,
      name: c.name,
      piva: c.vat,
      codice_fiscale: null,
      sdi: '0000000',
      pec: c.pec ?? null,
      email: null,
      phone: null,
      domain: null,
      address: 'Via Roma 1',
      cap: '20121',
      city: 'Milano',
      province: 'MI',
      country: 'IT',
      created_at: '2025-01-10',
      createdAt: at,
      updatedAt: at,
    });
  client(CLIENTS.alfa);
  client(CLIENTS.beta);
  client(CLIENTS.delta);
  addBankAccount(store, ACCOUNT, IBAN);
  return {
    a1: invoice(store, { number: 'SOL-A1/2025', issue: '2025-12-01', due: '2025-12-31', total: '1000.00', client: CLIENTS.alfa }),
    a2: invoice(store, { number: 'SOL-A2/2026', issue: '2026-10-01', due: '2026-10-31', total: '500.00', paid: '200.00', client: CLIENTS.alfa }),
    aNote: invoice(store, { number: 'NC-SOL-1/2026', issue: '2026-10-05', due: '2026-10-05', total: '50.00', client: CLIENTS.alfa, tipo: 'TD04' }),
    b1: invoice(store, { number: 'SOL-B1/2026', issue: '2026-09-01', due: '2026-09-30', total: '300.00', client: CLIENTS.beta }),
    b2: invoice(store, { number: 'SOL-B2/2026', issue: '2026-11-15', due: '2026-12-15', total: '120.00', client: CLIENTS.beta }),
    c1: invoice(store, { number: 'SOL-C1/2026', issue: '2026-10-10', due: '2026-11-10', total: '200.00', client: CLIENTS.gamma }),
    d1: invoice(store, { number: 'SOL-D1/2026', issue: '2026-10-01', due: '2026-11-01', total: '400.00', client: CLIENTS.delta }),
  };
}

/** A payment registered on the service (as a person would, between plan and send). */
export function pay(store: Store, inv: InvoiceRecord, amount: string): void {
  recordPayment(store, inv, { amount, payment_date: '2026-11-20', metodo_pagamento: null, note: null, at: new Date().toISOString() });
}

/**
 * The rates the tests give: the published 2025-H2 and 2026-H1, and a figure of the test's own for
 * 2026-H2; then the same figure for every later half-year to 2040 (the later plans' dates, below).
 */
export function writeRates(dir: string): string {
  const file = join(dir, 'tassi.csv');
  const later = Array.from({ length: 28 }, (_, i) => `${2027 + Math.floor(i / 2)}-${i % 2 ? '07' : '01'}-01,2.40\n`).join('');
  writeFileSync(file, `from,rate\n2025-07-01,2.15\n2026-01-01,2.15\n2026-07-01,2.40\n${later}`);
  return file;
}

/**
 * The as-of of a test's n-th later plan: 40 days apart, so that each is past the deadline and the
 * grace of every letter sent before it (the cadence: 15 days + 7, counted from the later of the
 * date a letter bears and the day it went out, which is the real clock's).
 */
export function planDate(n: number): string {
  const base = [TODAY, new Date().toISOString().slice(0, 10)].sort().at(-1)!;
  return addDays(base, 40 * n);
}

/** The e-mail of Beta and, for Gamma's letter by registered mail, its postal address (none with `{ address: false }`). */
export function writeContacts(dir: string, { address = true }: { address?: boolean } = {}): string {
  const file = join(dir, address ? 'contatti.csv' : 'contatti-senza-indirizzo.csv');
  const gamma = address ? `IT${CLIENTS.gamma.vat};;${GAMMA_ADDRESS}\n` : '';
  writeFileSync(file, `partita_iva;email;indirizzo\nIT${CLIENTS.beta.vat};${CLIENTS.beta.email};\n${gamma}`);
  return file;
}

export const GAMMA_ADDRESS = 'Via Po 3, 10121 Torino (TO)';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface Smtp {
  url: string;
  received: Received[];
  /** 'ok' answers 250; 'drop-after-data' reads the whole message, then closes the connection without an answer. */
  mode: 'ok' | 'drop-after-data';
  logins: string[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (no TLS: the client runs with --smtp-insecure), AUTH PLAIN with PASSWORD. */
export async function startSmtp(options: Partial<SMTPServerOptions> = {}): Promise<Smtp> {
  const state: Smtp = { url: '', received: [], mode: 'ok', logins: [], close: async () => undefined };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      state.logins.push(auth.username ?? '');
      if (auth.username === 'solleciti' && auth.password === PASSWORD) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        if (state.mode === 'drop-after-data') {
          (session as unknown as { socket?: { destroy(): void } }).socket?.destroy();
          // smtp-server keeps the socket on the connection object; closing every connection drops it.
          for (const connection of (server as unknown as { connections: Set<{ close(): void }> }).connections) connection.close();
          return;
        }
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const port = (server.server.address() as { port: number }).port;
  state.url = `smtp://solleciti@127.0.0.1:${port}`;
  state.close = () => new Promise<void>((done) => server.close(() => done()));
  return state;
}

/** What a dunning test file works in: the harness with the scenario's invoices, a real SMTP server, a folder with the rates and the contacts. */
export interface DunningWorld {
  h: Harness;
  dir: string;
  smtp: Smtp;
  invoices: Record<string, InvoiceRecord>;
  rates: string;
  contacts: string;
}

/** A test file's world, its folder named by `prefix` (closeWorld ends it); what was opened is closed if opening fails. */
export async function openWorld(prefix: string): Promise<DunningWorld> {
  const world: Partial<DunningWorld> = {};
  try {
    world.h = await harness();
    world.dir = mkdtempSync(join(tmpdir(), prefix));
    world.smtp = await startSmtp();
    world.invoices = buildScenario(world.h.emulator.store);
    world.rates = writeRates(world.dir);
    world.contacts = writeContacts(world.dir);
    return world as DunningWorld;
  } catch (error) {
    await closeWorld(world);
    throw error;
  }
}

export async function closeWorld(world: Partial<DunningWorld> | undefined): Promise<void> {
  await world?.smtp?.close();
  await world?.h?.close();
  if (world?.dir) rmSync(world.dir, { recursive: true, force: true });
}
