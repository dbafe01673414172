/**
 * Italian to the last word (issue 41, point 6): every command's table and view, rendered in an
 * Italian run from the demo's data, holds no English word of fisco's own — no enum value of the
 * service (`paid`, `delivered`…) nor of fisco (`proposed`, `needs-review`…), no common English word
 * (the, of, with, found…). Set aside before the scan: what the service wrote (names, descriptions,
 * titles, its error texts), commands and flags, paths and URLs, identifiers. json, ndjson and the
 * RFC CSV keep the service's values (the last test).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, TOKENS, type Harness } from './harness.js';
import { ENUMS, englishWords } from './english-words.js';
import { PASSWORD, startSmtp, type Smtp } from './dunning-world.js';

/** Every string the service's answers hold (names, descriptions, titles, error texts): its words, not fisco's. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The words a page shows (report.html, index.html, note-studio.md): no styles, scripts, tags or entities. */
function pageText(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&[a-z]+;|&#\d+;/g, ' ');
}

let h: Harness;
let dir: string;
let service: string[] = [];

beforeAll(async () => {
  h = await harness();
  dir = mkdtempSync(join(tmpdir(), 'fisco-italian-'));
  // The service's free text: what its answers say, as json holds it.
  for (const args of [
    ['invoice', 'list', '--all'],
    ['clients', 'list', '--all'],
    ['expenses', 'list', '--all'],
    ['f24', 'list', '--all'],
    ['deadlines', 'list', '--all'],
    ['cost-centers', 'list', '--all'],
    ['events', 'list'],
    ['accounts', 'list'],
    ['invoice', 'numberings'],
    ['invoice', 'payment-methods'],
    ['whoami'],
    ['events', 'sample', 'invoice.created'],
    ['receivables', '--by', 'invoice'],
  ]) {
    const result = await h.run([...args, '-o', 'json'], { timeout: 60_000 });
    if (result.exitCode === 0) service.push(...strings(JSON.parse(result.stdout)));
  }
  service = service.filter((s) => !ENUMS.includes(s));
  writeFileSync(
    join(dir, 'batch.csv'),
    'ref;client_name;client_piva;client_address;client_cap;client_city;numbering;payment_method;item;quantity;price;vat\nIT-1;Alfa Impianti S.r.l.;00743110157;Via Roma 1;20121;Milano;Standard;Bonifico Intesa;Canone;1;450,00;22\n',
  );
}, 120_000);

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every command's table or view, as an accountant would first read it. */
const COMMANDS: string[][] = [
  ['whoami'],
  ['auth', 'status'],
  ['accounts', 'list'],
  ['clients', 'list'],
  ['invoice', 'list'],
  ['invoice', 'list', '--sdi-status', 'rejected,delivery_failed,queued'],
  ['invoice', 'list', '--direction', 'inbound'],
  ['invoice', 'get', '52/2026'],
  ['invoice', 'get', '50/2026'],
  ['invoice', 'numberings'],
  ['invoice', 'payment-methods'],
  ['cost-centers', 'list'],
  ['expenses', 'list'],
  ['expenses', 'summary', '--from', '2026-06', '--to', '2026-10'],
  ['f24', 'list'],
  ['f24', 'get', 'f24_0001'],
  ['f24', 'get', 'f24_0003'],
  ['deadlines', 'list'],
  ['receipts', 'list'],
  ['events', 'list'],
  ['hooks', 'list'],
  ['overview'],
  ['receivables'],
  ['receivables', '--by', 'invoice'],
  ['cash'],
  ['dunning', 'rates'],
];

describe('an Italian run shows no English word of its own in any table or view', () => {
  it.each(COMMANDS.map((args) => [args.join(' '), args]))('%s', async (_name, args) => {
    const result = await h.run([...(args as string[]), '-o', 'table'], { lang: 'it', env: { COLUMNS: '250' }, timeout: 60_000 });
    expect([0, 11], result.stderr).toContain(result.exitCode);
    expect((result.stdout + result.stderr).length).toBeGreaterThan(0);
    expect(englishWords(result.stdout, service).join(' '), result.stdout).toBe('');
    expect(englishWords(result.stderr, service).join(' '), result.stderr).toBe('');
  });

  it('dunning rates: the rates as Italian numbers', async () => {
    const result = await h.run(['dunning', 'rates', '-o', 'table'], { lang: 'it', env: { COLUMNS: '250' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/2026-H1 +01\/01\/2026 +30\/06\/2026 +2,15 +10,15 /);
    expect(result.stdout).not.toMatch(/\d\.\d{2}\b/);
  });

  it('invoice batch --dry-run', async () => {
    const result = await h.run(['invoice', 'batch', join(dir, 'batch.csv'), '--dry-run', '-o', 'table'], { lang: 'it', env: { COLUMNS: '250' } });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(englishWords(result.stdout + result.stderr, service), result.stdout + result.stderr).toEqual([]);
  });
});

describe('an Italian run says its problems, results and outcomes in Italian', () => {
  const scan = (result: { stdout: string; stderr: string }) => englishWords(result.stdout + result.stderr, service);

  it('invoice create: a missing VAT number of a new client', async () => {
    const result = await h.run(
      ['invoice', 'create', '--client-name', 'Alfa', '--numbering', 'Standard', '--payment-method', 'Bonifico Intesa', '--item', 'A;1;10;22', '--dry-run'],
      { lang: 'it' },
    );
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      'cliente.piva: SDI 00417 (CessionarioCommittente/IdFiscaleIVA, CodiceFiscale): una partita IVA o un codice fiscale per il cliente',
    );
    expect(scan(result).join(' '), result.stderr).toBe('');
  });

  it('invoice batch: a numbering that does not exist', async () => {
    const file = join(dir, 'typo.csv');
    writeFileSync(
      file,
      'ref;client_name;client_piva;client_address;client_cap;client_city;numbering;payment_method;item;quantity;price;vat\nIT-2;Alfa Impianti S.r.l.;00743110157;Via Roma 1;20121;Milano;Standardd;Bonifico Intesa;Canone;1;450,00;22\n',
    );
    const result = await h.run(['invoice', 'batch', file, '--dry-run'], { lang: 'it' });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain('non è una numerazione attiva di');
    expect(scan(result).join(' '), result.stderr).toBe('');
  });

  it('invoice batch --draft, then --status: the counts agree in number, the instants are dd/mm/yyyy hh:mm', async () => {
    const file = join(dir, 'batch.csv');
    const sent = await h.run(['invoice', 'batch', file, '--draft'], { lang: 'it' });
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sent.stderr).toContain('1 fattura su 1 creata come bozza');
    expect(scan(sent).join(' '), sent.stderr).toBe('');
    const status = await h.run(['invoice', 'batch', file, '--status', '-o', 'table'], { lang: 'it', env: { COLUMNS: '250' } });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(status.stdout).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(scan(status).join(' '), status.stdout + status.stderr).toBe('');
  });

  it('bank match and bank apply: statuses, reasons and the --unmatched CSV in the Italian dialect', async () => {
    const demo = { env: { FISCO_DATA_DIR: join(dir, 'bank-data'), COLUMNS: '250' }, token: null, baseUrl: null, lang: 'it' as const };
    const statement = await h.run(['--demo', 'emulator', 'statement', '--format', 'camt.053'], demo);
    expect(statement.exitCode, statement.stderr).toBe(0);
    const file = join(dir, 'statement.xml');
    writeFileSync(file, statement.stdout);
    const plan = join(dir, 'plan.json');
    const unmatched = join(dir, 'unmatched.csv');
    const match = await h.run(['--demo', 'bank', 'match', file, '--plan', plan, '--unmatched', unmatched, '--csv-dialect', 'it', '-o', 'table'], demo);
    expect(match.exitCode, match.stderr).toBe(0);
    expect(match.stdout).toContain('proposto');
    expect(match.stderr).toContain('1 non abbinato');
    const statementText = strings([statement.stdout]).concat(service);
    expect(englishWords(match.stdout + match.stderr, statementText).join(' '), match.stdout + match.stderr).toBe('');
    const csv = readFileSync(unmatched, 'utf8');
    expect(
      englishWords(
        csv
          .split('\n')
          .slice(1)
          .map((line) => line.split(';').slice(8).join(';'))
          .join('\n'),
        [],
      ).join(' '),
      csv,
    ).toBe('');
    const apply = await h.run(['--demo', 'bank', 'apply', plan, '--yes', '-o', 'table'], demo);
    expect(apply.exitCode, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('registrato');
    expect(englishWords(apply.stdout + apply.stderr, statementText).join(' '), apply.stdout + apply.stderr).toBe('');
  }, 60_000);
});

describe("dunning, export and sync in Italian: tables, confirmation, the client's report and the Italian CSV", () => {
  const scan = (result: { stdout: string; stderr: string }, more: readonly string[] = []) => englishWords(result.stdout + result.stderr, [...service, ...more]);
  let smtp: Smtp;
  let letters: string;
  let planFile: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    // fisco's rates table and the half-year of the emulator's today, as the dunning help's example adds it.
    const table = await h.run(['dunning', 'rates', '--fields', 'from,rate', '-o', 'csv']);
    writeFileSync(join(dir, 'tassi.csv'), `${table.stdout}2026-07-01,2.15\n`);
    // Two demo clients reached by e-mail, one by registered mail with its address; the others have none.
    writeFileSync(
      join(dir, 'contatti.csv'),
      'partita_iva;email;indirizzo\n01234560157;amministrazione@alfa-logistica.it;\n02345670588;contabilita@beta-software.it;\n04567890373;;Via Po 3, 10121 Torino (TO)\n',
    );
    letters = join(dir, 'solleciti');
    planFile = join(letters, 'piano.json');
  });
  afterAll(async () => smtp?.close());

  it('dunning plan: the letters, the waiting and the clients to reach by registered mail', async () => {
    const result = await h.run(
      ['dunning', 'plan', '--rates', join(dir, 'tassi.csv'), '--contacts', join(dir, 'contatti.csv'), '--out', letters, '-o', 'table'],
      { lang: 'it', env: { COLUMNS: '250' } },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('raccomandata');
    expect(scan(result).join(' '), result.stdout + result.stderr).toBe('');
  });

  it('dunning send: not confirmed without a terminal, then the result table and its summary', async () => {
    const env = { FISCO_SMTP_URL: smtp.url, FISCO_SMTP_PASSWORD: PASSWORD, FISCO_SMTP_FROM: 'solleciti@example.it', COLUMNS: '250' };
    const unconfirmed = await h.run(['dunning', 'send', planFile, '--smtp-insecure'], { lang: 'it', env });
    expect(unconfirmed.exitCode, unconfirmed.stderr).toBe(10);
    expect(scan(unconfirmed).join(' '), unconfirmed.stderr).toBe('');
    const sent = await h.run(['dunning', 'send', planFile, '--smtp-insecure', '--yes', '-o', 'table'], { lang: 'it', env });
    // The letters without a postal address are refused, the others go: partly done.
    expect(sent.exitCode, sent.stderr).toBe(11);
    expect(
      smtp.received
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(['amministrazione@alfa-logistica.it', 'contabilita@beta-software.it']);
    expect(scan(sent).join(' '), sent.stdout + sent.stderr).toBe('');
  });

  it('export: its own lines, the report a client reads (report.html, printed as the PDF) and its Italian CSV', async () => {
    const out = join(dir, 'export');
    const result = await h.run(['export', '--period', '2026-10', '--dir', out, '-o', 'table'], { lang: 'it', env: { COLUMNS: '250' }, timeout: 120_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(scan(result).join(' '), result.stdout + result.stderr).toBe('');
    const [folder] = readdirSync(out).filter((name) => !name.includes('.'));
    const page = (file: string) => pageText(join(out, file));
    expect(page(join(folder!, 'report.html'))).toContain('Fatture emesse');
    for (const file of [join(folder!, 'report.html'), 'index.html']) expect(englishWords(page(file), service).join(' '), page(file)).toBe('');
    for (const csv of readdirSync(join(out, folder!)).filter((name) => name.endsWith('.csv'))) {
      const text = readFileSync(join(out, folder!, csv), 'utf8').replace(/^\uFEFF/, '');
      expect(text.split('\r\n')[0], csv).toMatch(/^(ID|Periodo|Origine);/);
      // Every header and every value of fisco's own (statuses, yes/no) in Italian; the service's texts set aside.
      expect(englishWords(text.replace(/;/g, ' ; '), service).join(' '), `${csv}: ${text.slice(0, 2000)}`).toBe('');
    }
  }, 180_000);

  it("export of a firm where a company is partly read: what is missing, in the index, the report and the firm's notes", async () => {
    const out = join(dir, 'export-firm');
    const result = await h.run(['--accounts', 'acc_rossi,acc_gialli', 'export', '--period', '2026-10', '--dir', out, '-o', 'table'], {
      lang: 'it',
      token: TOKENS.firm,
      env: { COLUMNS: '250' },
      timeout: 120_000,
    });
    // acc_gialli's token lacks f24:read: its F24 forms and its cash flows are missing, the rest is written.
    expect(result.exitCode, result.stderr).toBe(11);
    expect(scan(result).join(' '), result.stdout + result.stderr).toBe('');
    const gialli = readdirSync(out).find((name) => name.startsWith('gialli'))!;
    const text = (file: string) => pageText(join(out, file));
    const notes = text(join(gialli, 'note-studio.md'));
    expect(notes).toContain('flussi di cassa delle prossime 13 settimane (GET /v1/invoices, /v1/f24s, /v1/tax-deadlines): accesso negato');
    // The firm's notes give each document's sdi_status as the service wrote it (a column so named); every other word is Italian.
    const withoutCodes = (markdown: string) => markdown.replace(/^(\|(?:[^|]*\|){4})[^|]*\|/gm, '$1 |');
    for (const file of ['index.html', join(gialli, 'report.html'), join(gialli, 'note-studio.md')])
      expect(englishWords(withoutCodes(text(file)), service).join(' '), text(file)).toBe('');
  }, 180_000);

  it('sync and sync --status', async () => {
    const env = { FISCO_DATA_DIR: join(dir, 'sync-data'), COLUMNS: '250' };
    const sync = await h.run(['sync', '-o', 'table'], { lang: 'it', env, timeout: 120_000 });
    expect(sync.exitCode, sync.stderr).toBe(0);
    expect(scan(sync).join(' '), sync.stdout + sync.stderr).toBe('');
    const status = await h.run(['sync', '--status', '-o', 'table'], { lang: 'it', env });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(scan(status).join(' '), status.stdout + status.stderr).toBe('');
  }, 180_000);
});

describe('the Italian CSV dialect speaks Italian; json, ndjson and the RFC CSV keep the service values', () => {
  it('invoice list', async () => {
    const fields = ['--fields', 'number,payment_status,sdi_status,last_sdi_update'];
    const it_ = await h.run(['invoice', 'list', ...fields, '-o', 'csv', '--csv-dialect', 'it'], { lang: 'it' });
    expect(it_.exitCode, it_.stderr).toBe(0);
    expect(englishWords(it_.stdout, service)).toEqual([]);
    expect(it_.stdout).toMatch(/;pagata;consegnata;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\r\n/);
    const rfc = await h.run(['invoice', 'list', ...fields, '-o', 'csv'], { lang: 'it' });
    expect(rfc.stdout).toMatch(/,paid,delivered,\d{4}-\d{2}-\d{2}T/);
    for (const format of ['json', 'ndjson']) {
      const machine = await h.run(['invoice', 'list', ...fields, '-o', format], { lang: 'it' });
      expect(machine.stdout).toContain('"payment_status":"paid"');
      expect(machine.stdout).not.toContain('pagata');
    }
  });
});

describe('the scan itself', () => {
  it('finds an enum value and a common word, and sets aside the service text, quotes, flags and paths', () => {
    expect(englishWords('52/2026  pagata  delivered', [])).toEqual(['delivered']);
    expect(englishWords('nessuna fattura found', [])).toEqual(['found']);
    expect(englishWords('Trenitalia The Best  «the service said»  --no-input  `fisco invoice list`  path/to/file', ['Trenitalia The Best'])).toEqual([]);
  });
});
