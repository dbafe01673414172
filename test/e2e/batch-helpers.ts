import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { partitaIvaCheckDigit } from '../../src/domain/identifiers.js';
import type { EmulatorOptions } from '../../src/emulator/index.js';
import { BIN, harness, TOKENS, type Harness } from './harness.js';
import { journalPath } from '../../src/journal/journal.js';
import { harnessFolders, processEnv } from './process-env.js';

/** A valid Italian VAT number from a 10-digit base (the check digit of the partita IVA, as src/domain/identifiers.ts computes it). */
export function piva(n: number): string {
  const base = String(1_000_000_000 + n).slice(-10);
  return base + String(partitaIvaCheckDigit(base));
}

export interface Rec {
  ref: string;
  account?: string;
  client: string;
  vat: string;
  items: { name: string; qty: string; price: string; vat: string }[];
}

/**
 * `count` records; record i gets its own client (named after its ref, its VAT number from the prefix unless `vatBase` is
 * given) and 1–2 lines. Records of different prefixes never share content: a batch with no journal that finds invoices
 * with its content on the service stops before sending (src/invoice/batch-origin.ts).
 */
export function records(count: number, options: { prefix?: string; accounts?: string[]; vatBase?: number } = {}): Rec[] {
  const vatBase =
    options.vatBase ??
    7_000 +
      (parseInt(
        createHash('sha256')
          .update(options.prefix ?? 'C')
          .digest('hex')
          .slice(0, 6),
        16,
      ) %
        9_000) *
        1_000;
  return Array.from({ length: count }, (_, i) => {
    const ref = `${options.prefix ?? 'C'}-${String(i + 1).padStart(4, '0')}`;
    return {
      ref,
      account: options.accounts?.[i % options.accounts.length],
      client: `Cliente ${ref} S.r.l.`,
      vat: piva(vatBase + i),
      items: [
        { name: 'Canone mensile', qty: '1', price: `${100 + i}.50`, vat: '22' },
        ...(i % 2 === 0 ? [{ name: 'Assistenza', qty: '2', price: '40.00', vat: '22' }] : []),
      ],
    };
  });
}

/** The Italian-dialect CSV of `recs` (`;`, decimal comma, dd/mm/yyyy), one row per line item. */
export function csvIt(recs: Rec[], date = '20/11/2026'): string {
  const header = 'ref;account;client_name;client_piva;client_address;client_cap;client_city;numbering;date;payment_method;item;quantity;price;vat';
  const rows = recs.flatMap((r) =>
    r.items.map((it, j) =>
      [
        r.ref,
        j === 0 ? (r.account ?? '') : '',
        j === 0 ? r.client : '',
        j === 0 ? r.vat : '',
        j === 0 ? 'Via Roma 1' : '',
        j === 0 ? '20121' : '',
        j === 0 ? 'Milano' : '',
        j === 0 ? 'Standard' : '',
        j === 0 ? date : '',
        j === 0 ? 'Bonifico Intesa' : '',
        it.name,
        it.qty,
        it.price.replace('.', ','),
        it.vat,
      ].join(';'),
    ),
  );
  return `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
}

/** The NDJSON of `recs`: the manual variant's body plus ref (and account). */
export function ndjson(recs: Rec[], date = '2026-11-20'): string {
  return (
    recs
      .map((r) =>
        JSON.stringify({
          ref: r.ref,
          ...(r.account ? { account: r.account } : {}),
          cliente: { name: r.client, piva: r.vat, address: 'Via Roma 1', cap: '20121', city: 'Milano' },
          numerazione: 'Standard',
          issue_date: date,
          metodo_pagamento: 'Bonifico Intesa',
          articoli: r.items.map((it) => ({ nome: it.name, quantita: it.qty, prezzo: it.price, iva: it.vat })),
        }),
      )
      .join('\n') + '\n'
  );
}

/** How many invoices the emulator holds for each record (by its client's name). */
export function invoicesPerRecord(h: Harness, recs: Rec[]): Record<string, number> {
  return Object.fromEntries(recs.map((r) => [r.ref, h.emulator.store.invoices.filter((i) => i.counterpart.name === r.client).length]));
}

export function oncePerRecord(recs: Rec[]): Record<string, number> {
  return Object.fromEntries(recs.map((r) => [r.ref, 1]));
}

/** The environment harness.run gives the bin, for tests that need the child process itself (to kill it). */
export function binEnv(h: Harness, token: string, extra: Record<string, string> = {}): Record<string, string> {
  return processEnv(h, { ...harnessFolders(h), FISCO_RETRY_BASE_MS: '20', ...extra }, token);
}

export function spawnBin(h: Harness, args: string[], token: string, extra: Record<string, string> = {}): ResultPromise<{ reject: false }> {
  return execa('node', [BIN, ...args], { env: binEnv(h, token, extra), extendEnv: false, reject: false, input: '', timeout: 30_000 }) as ResultPromise<{
    reject: false;
  }>;
}

/** Waits (polling, bounded) until `condition` holds. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The creation POSTs the emulator answered or dropped since `from`. */
export function creationPosts(h: Harness, from: number) {
  return h.emulator.store.requests.filter((r) => r.seq > from && r.method === 'POST' && r.path.startsWith('/fatture/nuova/'));
}

/** The creation POSTs since `from` whose client is one of these records'. */
export function creationsFor(h: Harness, recs: readonly Rec[], from: number) {
  const names = new Set(recs.map((r) => r.client));
  return creationPosts(h, from).filter((r) => names.has((r.body as { cliente: { name: string } }).cliente.name));
}

/** The journal of batch `file` run with the production demo token from the environment (journaled.ts: env-<digest of base URL and token>). */
export function batchJournalOf(h: Harness, file: string): string {
  const key = `env-${createHash('sha256').update(`${h.emulator.url}\n${TOKENS.prod}`).digest('hex').slice(0, 12)}`;
  return journalPath(join(h.home, 'fisco-data'), 'batch', [key, file]);
}

/** A harness for a file of batch tests, with a fresh `files` folder under its HOME for the batch files they write. */
export async function batchHarness(options: EmulatorOptions = {}): Promise<{ h: Harness; dir: string }> {
  const h = await harness(options);
  const dir = join(h.home, 'files');
  mkdirSync(dir);
  return { h, dir };
}
