/**
 * The bad-input matrix (issue 8, "Proof in the suite"): odd input on every command is exit 2,
 * one message naming the field on stderr, no stack trace, and nothing reaches the emulator.
 *
 * Each case is [what, fisco arguments, the field the message must name]. Cases follow the
 * contract (the service's API document, docs/invoicing.md): only what the contract or the e-invoice format rules out,
 * never a refusal of something the contract allows. A new command joins by adding rows.
 * The cases run a few at a time (describe.concurrent, vitest's maxConcurrency).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { manualClientArgs } from './invoice-args.js';

type Case = [what: string, args: string[], field: string | RegExp, options?: { input?: string }];

let h: Harness;
let sent: ReturnType<Harness['mark']>;
const files = mkdtempSync(join(tmpdir(), 'fisco-bad-input-'));
const file = (name: string, content: string | Buffer) => {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
};
const A_FILE = file('a-file.txt', 'not a folder\n');
const A_FOLDER = join(files, 'a-folder');
mkdirSync(A_FOLDER);
const MISSING_PARENT = join(files, 'no-such-folder', 'out');
const UNDER_A_FILE = join(A_FILE, 'out');

beforeAll(async () => {
  h = await harness();
  sent = h.mark();
});
afterAll(async () => {
  await h.close();
  rmSync(files, { recursive: true, force: true });
});

// ── list flags: every list command ─────────────────────────────────────────────────────────
const LISTS: string[][] = [
  ['invoice', 'list'],
  ['clients', 'list'],
  ['cost-centers', 'list'],
  ['expenses', 'list'],
  ['f24', 'list'],
  ['deadlines', 'list'],
  ['accounts', 'list'],
  ['events', 'list'],
  ['hooks', 'list'],
  ['receipts', 'list'],
];
const listCases: Case[] = LISTS.flatMap((command) => [
  ...['0', '101', 'abc', '1.5'].map((v): Case => [`${command.join(' ')} --per-page '${v}'`, [...command, '--per-page', v], '--per-page']),
  ...['0', 'abc'].map((v): Case => [`${command.join(' ')} --page '${v}'`, [...command, '--page', v], '--page']),
  ...['-1'].map((v): Case => [`${command.join(' ')} --limit '${v}'`, [...command, '--limit', v], '--limit']),
]);

// ── path segments: ids, uuids, event keys ─────────────────────────────────────────────────
const ODD_SEGMENTS = ['', '.', '..', 'a/b', '../pagamenti', 'x\x1b[31m', 'rtl\u202egnp'];
const segmentCases: Case[] = [
  ...ODD_SEGMENTS.map((v): Case => [`f24 get '${JSON.stringify(v)}'`, ['f24', 'get', v], 'ID']),
  ...ODD_SEGMENTS.map((v): Case => [`accounts get ${JSON.stringify(v)}`, ['accounts', 'get', v], 'ID']),
  ...ODD_SEGMENTS.map((v): Case => [`invoice pay ${JSON.stringify(v)}`, ['invoice', 'pay', v, '--amount', '10.00'], /UUID|invoice UUID/]),
  ...ODD_SEGMENTS.map((v): Case => [`events sample ${JSON.stringify(v)}`, ['events', 'sample', v], 'KEY']),
  ...['', '..', 'a/b', 'bell\x07', 'abc', '1.5', '-1'].map((v): Case => [`hooks delete ${JSON.stringify(v)}`, ['hooks', 'delete', v], 'ID']),
  ...['..', 'a/b', 'x\x1b]0;title\x07'].map((v): Case => [
    `hooks trigger ${JSON.stringify(v)}`,
    ['hooks', 'trigger', v, '--to', 'http://127.0.0.1:9/hook', '--secret', 'whsec_matrix_secret'],
    'KEY',
  ]),
  ...['..', 'a/b', ''].map((v): Case => [`f24 download ${JSON.stringify(v)}`, ['f24', 'download', v, '--dir', join(files, 'pdfs')], 'ID']),
];

// ── dates, months, instants ───────────────────────────────────────────────────────────────
const BAD_DATES = ['2026-02-30', '2026-13-01', '2026-11-31', '20261120', '20/11/2026', 'tomorrow'];
const dateCases: Case[] = [
  ...BAD_DATES.slice(0, 4).map((v): Case => [`f24 list --due-from ${v}`, ['f24', 'list', '--due-from', v], '--due-from']),
  ...BAD_DATES.slice(0, 3).map((v): Case => [`f24 list --due-to ${v}`, ['f24', 'list', '--due-to', v], '--due-to']),
  ...BAD_DATES.slice(0, 3).map((v): Case => [`deadlines list --from ${v}`, ['deadlines', 'list', '--from', v], '--from']),
  ...BAD_DATES.slice(0, 3).map((v): Case => [`deadlines list --to ${v}`, ['deadlines', 'list', '--to', v], '--to']),
  ...BAD_DATES.slice(0, 2).map((v): Case => [`deadlines export --from ${v}`, ['deadlines', 'export', '--ics', '-', '--from', v], '--from']),
  ...BAD_DATES.slice(0, 2).map((v): Case => [`f24 download --due-from ${v}`, ['f24', 'download', '--due-from', v, '--dir', join(files, 'pdfs')], '--due-from']),
  ...BAD_DATES.slice(0, 3).map((v): Case => [`invoice pay --date ${v}`, ['invoice', 'pay', 'uuid-1', '--amount', '10.00', '--date', v], '--date']),
  ...['yesterday', '2026-02-30', '2026-11-20T25:00:00Z', 'x\x1b[2J'].map((v): Case => [
    `invoice list --updated-since ${JSON.stringify(v)}`,
    ['invoice', 'list', '--updated-since', v],
    '--updated-since',
  ]),
  ...['yesterday', '2026-13-01'].map((v): Case => [`f24 list --updated-since ${v}`, ['f24', 'list', '--updated-since', v], '--updated-since']),
  ...['yesterday', '2026-13-01'].map((v): Case => [`accounts list --updated-since ${v}`, ['accounts', 'list', '--updated-since', v], '--updated-since']),
  ...['yesterday'].map((v): Case => [`deadlines list --updated-since ${v}`, ['deadlines', 'list', '--updated-since', v], '--updated-since']),
  ...['2026-13', '2026-00', '2026-1', '26-10', 'ottobre', '2026-10-01'].map((v): Case => [
    `expenses list --period ${v}`,
    ['expenses', 'list', '--period', v],
    '--period',
  ]),
  ...['2026-13', '2026-1'].map((v): Case => [`expenses list --from ${v}`, ['expenses', 'list', '--from', v], '--from']),
  ...['2026-00', 'abc'].map((v): Case => [`expenses list --to ${v}`, ['expenses', 'list', '--to', v], '--to']),
  ...['2026-13', '2026-1', 'abc'].map((v): Case => [`expenses summary --period ${v}`, ['expenses', 'summary', '--period', v], '--period']),
  ['expenses summary --from 2026-13', ['expenses', 'summary', '--from', '2026-13'], '--from'],
];

// ── enumerated values ─────────────────────────────────────────────────────────────────────
const enumCases: Case[] = [
  ['invoice list --direction sideways', ['invoice', 'list', '--direction', 'sideways'], '--direction'],
  ['invoice list --sdi-status bogus', ['invoice', 'list', '--sdi-status', 'bogus'], '--sdi-status'],
  ['invoice list --sdi-status sent,bogus', ['invoice', 'list', '--sdi-status', 'sent,bogus'], '--sdi-status'],
  ['invoice list --payment-status bogus', ['invoice', 'list', '--payment-status', 'bogus'], '--payment-status'],
  ['invoice list --payment-status paid,later', ['invoice', 'list', '--payment-status', 'paid,later'], '--payment-status'],
  ['f24 list --status bogus', ['f24', 'list', '--status', 'bogus'], '--status'],
  ['f24 list --status with BEL', ['f24', 'list', '--status', 'ready\x07'], '--status'],
  ['f24 download --status bogus', ['f24', 'download', '--status', 'bogus', '--dir', join(files, 'pdfs')], '--status'],
  ['deadlines list --type bogus', ['deadlines', 'list', '--type', 'bogus'], '--type'],
  ['deadlines list --status bogus', ['deadlines', 'list', '--status', 'bogus'], '--status'],
  ['deadlines export --type bogus', ['deadlines', 'export', '--ics', '-', '--type', 'bogus'], '--type'],
  ['cost-centers list --type bogus', ['cost-centers', 'list', '--type', 'bogus'], '--type'],
  ['expenses list --method bogus', ['expenses', 'list', '--method', 'bogus'], '--method'],
  ['hooks create --source bogus', ['hooks', 'create', '--url', 'https://example.com/hook', '--event', 'invoice.created', '--source', 'bogus'], '--source'],
  ['hooks create --event bogus', ['hooks', 'create', '--url', 'https://example.com/hook', '--event', 'invoice.bogus'], '--event'],
  ['hooks create --event with ESC', ['hooks', 'create', '--url', 'https://example.com/hook', '--event', 'invoice.created\x1b[0m'], '--event'],
  ['hooks create --event empty', ['hooks', 'create', '--url', 'https://example.com/hook', '--event', ','], '--event'],
  ['invoice create --type TD99', ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'Consulenza;2;150.00;22', '--type', 'TD99', '--draft'], '--type'],
  ['-o xml', ['-o', 'xml', 'invoice', 'list'], /--output|-o/],
  ['--csv-dialect fr', ['--csv-dialect', 'fr', '-o', 'csv', 'invoice', 'list'], '--csv-dialect'],
];

// ── identifiers, amounts and limits in writes ─────────────────────────────────────────────
const long = (n: number) => 'x'.repeat(n);
const VAT_OK = ['--piva', 'IT00743110157'];
const LINE = ['--item', 'Consulenza;2;150.00;22'];
const MANUAL = [...manualClientArgs({ province: 'MI', paymentMethod: 'Bonifico' }), ...LINE, '--draft'];
const manual = (flag: string, value: string): string[] => {
  const args = [...MANUAL];
  const at = args.indexOf(flag);
  if (at >= 0) args[at + 1] = value;
  else args.unshift(flag, value);
  return ['invoice', 'create', ...args];
};
const byVat = (...extra: string[]) => ['invoice', 'create', ...VAT_OK, ...LINE, '--draft', ...extra];
const writeCases: Case[] = [
  ['invoice create --piva bad check digit', ['invoice', 'create', '--piva', 'IT00743110158', ...LINE, '--draft'], 'piva'],
  ['invoice create --piva too short', ['invoice', 'create', '--piva', '123', ...LINE, '--draft'], 'piva'],
  ['invoice create --piva letters', ['invoice', 'create', '--piva', 'ITABCDEFGHIJK', ...LINE, '--draft'], 'piva'],
  ['invoice create quantity abc', ['invoice', 'create', ...VAT_OK, '--item', 'Consulenza;abc;150.00;22', '--draft'], /quantita/],
  ['invoice create price abc', ['invoice', 'create', ...VAT_OK, '--item', 'Consulenza;2;abc;22', '--draft'], /prezzo/],
  ['invoice create price with two points', ['invoice', 'create', ...VAT_OK, '--item', 'Consulenza;2;1.50.00;22', '--draft'], /prezzo/],
  ['invoice create VAT rate abc', ['invoice', 'create', ...VAT_OK, '--item', 'Consulenza;2;150.00;abc', '--draft'], /iva/],
  ['invoice create VAT rate over 100', ['invoice', 'create', ...VAT_OK, '--item', 'Consulenza;2;150.00;101', '--draft'], /iva/],
  ['invoice create line without a name', ['invoice', 'create', ...VAT_OK, '--item', ';2;150.00;22', '--draft'], /nome|--item/],
  ['invoice create line with one field', ['invoice', 'create', ...VAT_OK, '--item', 'Consulenza', '--draft'], /--item|articoli/],
  ['invoice create no lines', ['invoice', 'create', ...VAT_OK, '--draft'], /--item|articoli/],
  ['invoice create --date 2026-02-30', byVat('--date', '2026-02-30'), /--date|issue_date/],
  ['invoice create --date 20261120', byVat('--date', '20261120'), /--date|issue_date/],
  ['invoice create --due bad date', byVat('--due', '2026-13-01=100%'), /--due|scadenze/],
  ['invoice create --due bad amount', byVat('--due', '2026-12-31=abc'), /--due|scadenze/],
  ['invoice create --due without =', byVat('--due', '2026-12-31'), /--due|scadenze/],
  ['invoice create --cig 16 characters', byVat('--cig', long(16)), /cig/],
  ['invoice create --cup 16 characters', byVat('--cup', long(16)), /cup/],
  ['invoice create --order-number 21 characters', byVat('--order-number', long(21)), /numero|--order-number/],
  ['invoice create --order-commitment 101 characters', byVat('--order-commitment', long(101)), /impegno|--order-commitment/],
  ['invoice create --order-determination 101 characters', byVat('--order-determination', long(101)), /determina|--order-determination/],
  ['invoice create --order-job-code 101 characters', byVat('--order-job-code', long(101)), /codice_commessa|--order-job-code/],
  ['invoice create --order-date 2026-02-30', byVat('--order-date', '2026-02-30'), /ordine.data|--order-date/],
  ['invoice create --email not an address', byVat('--email', 'not-an-address'), /email/],
  ['invoice create --natura N9', ['invoice', 'create', ...VAT_OK, '--item', 'Esente;1;100.00;0', '--natura', 'N9', '--draft'], /natura/],
  ['invoice create --discount abc', byVat('--discount', 'abc'), /sconto|--discount/],
  ['invoice create --paid abc', ['invoice', 'create', ...VAT_OK, ...LINE, '--send', '--yes', '--paid', 'abc', '--dry-run'], /paid/],
  ['invoice create --client abc', ['invoice', 'create', '--client', 'abc', ...LINE, '--draft'], '--client'],
  ['invoice create --draft and --send', ['invoice', 'create', ...VAT_OK, ...LINE, '--draft', '--send'], /--draft|--send/],
  ['invoice create neither --draft nor --send', ['invoice', 'create', ...VAT_OK, ...LINE], /--draft|--send/],
  ['invoice create client VAT bad check digit', manual('--client-piva', '00743110158'), /piva/],
  ['invoice create client CAP 4 digits', manual('--client-cap', '2012'), /cap/],
  ['invoice create client province given but invalid', manual('--client-province', 'Milano'), /province/],
  ['invoice create client province with a control character', manual('--client-province', 'M\x1bI'), /province/],
  ['invoice create client country three letters', manual('--client-country', 'ITA'), /country/],
  ['invoice create client SDI code 5 characters', manual('--client-sdi', '12345'), /sdi/],
  ['invoice create client PEC not an address', manual('--client-pec', 'not-an-address'), /pec/],
  ['invoice create client codice fiscale bad check', manual('--client-cf', 'RSSMRA85T10A562T'), /codice_fiscale|--client-cf/],
  ['invoice pay --amount abc', ['invoice', 'pay', 'uuid-1', '--amount', 'abc'], /amount/],
  ['invoice pay --amount empty', ['invoice', 'pay', 'uuid-1', '--amount', ''], /amount/],
  ['invoice pay --amount three decimals', ['invoice', 'pay', 'uuid-1', '--amount', '10.001'], /amount/],
  ['invoice pay --amount exponent', ['invoice', 'pay', 'uuid-1', '--amount', '1e3'], /amount/],
  ['invoice pay without --amount', ['invoice', 'pay', 'uuid-1'], /amount/],
  ['invoice pay --note 501 characters', ['invoice', 'pay', 'uuid-1', '--amount', '10.00', '--note', long(501)], /note/],
  ['clients add --piva bad check digit', ['clients', 'add', '--piva', 'IT00743110158'], /piva/],
  ['clients add --piva nine digits', ['clients', 'add', '--piva', '123456789'], /piva/],
  ['clients add --name empty', ['clients', 'add', '--name', ''], /name/],
  ['clients add --cap 2012', ['clients', 'add', '--name', 'Bottega S.r.l.', '--cap', '2012'], /cap/],
  ['clients add --province Milano', ['clients', 'add', '--name', 'Bottega S.r.l.', '--province', 'Milano'], /province/],
  ['clients add --country ITA', ['clients', 'add', '--name', 'Bottega S.r.l.', '--country', 'ITA'], /country/],
  ['clients add --sdi 12345', ['clients', 'add', '--name', 'Bottega S.r.l.', '--sdi', '12345'], /sdi/],
  ['clients add --pec not an address', ['clients', 'add', '--name', 'Bottega S.r.l.', '--pec', 'not-an-address'], /pec/],
  ['clients add --email not an address', ['clients', 'add', '--name', 'Bottega S.r.l.', '--email', 'not-an-address'], /email/],
  ['clients add --domain 256 characters', ['clients', 'add', '--name', 'Bottega S.r.l.', '--domain', `${long(252)}.com`], /domain/],
  ['clients add --piva bad with a name', ['clients', 'add', '--name', 'Bottega S.r.l.', '--piva', '02345678905'], /piva/],
  ['hooks create --url http', ['hooks', 'create', '--url', 'http://example.com/hook', '--event', 'invoice.created'], '--url'],
  ['hooks create --url not a URL', ['hooks', 'create', '--url', 'not a url', '--event', 'invoice.created'], '--url'],
  ['hooks create --url ftp', ['hooks', 'create', '--url', 'ftp://example.com/hook', '--event', 'invoice.created'], '--url'],
  ['hooks create --allow-http off loopback', ['hooks', 'create', '--url', 'http://example.com/hook', '--event', 'invoice.created', '--allow-http'], '--url'],
  ['hooks trigger --to not a URL', ['hooks', 'trigger', 'invoice.created', '--to', 'nope', '--secret', 'whsec_matrix_secret'], '--to'],
  ['hooks trigger without a secret', ['hooks', 'trigger', 'invoice.created', '--to', 'http://127.0.0.1:9/hook'], /secret/],
  [
    'hooks verify --timestamp abc',
    ['hooks', 'verify', '--secret', 'whsec_matrix_secret', '--signature', 'sha256=00', '--timestamp', 'abc', '--body', '-'],
    /timestamp/,
    { input: '{}' },
  ],
  [
    'hooks verify --tolerance abc',
    ['hooks', 'verify', '--secret', 'whsec_matrix_secret', '--signature', 'sha256=00', '--timestamp', '1700000000', '--tolerance', 'abc', '--body', '-'],
    '--tolerance',
    { input: '{}' },
  ],
  ['hooks listen --port 70000', ['hooks', 'listen', '--port', '70000', '--secret', 'whsec_matrix_secret'], '--port'],
  ['hooks listen --port abc', ['hooks', 'listen', '--port', 'abc', '--secret', 'whsec_matrix_secret'], '--port'],
  [
    'hooks listen --forward-to another host',
    ['hooks', 'listen', '--port', '0', '--secret', 'whsec_matrix_secret', '--forward-to', 'https://example.com/hook'],
    '--forward-to',
  ],
  ['hooks listen --max-deliveries 0', ['hooks', 'listen', '--port', '0', '--secret', 'whsec_matrix_secret', '--max-deliveries', '0'], '--max-deliveries'],
  ['hooks listen --tolerance abc', ['hooks', 'listen', '--port', '0', '--secret', 'whsec_matrix_secret', '--tolerance', 'abc'], '--tolerance'],
  ['hooks listen without a secret', ['hooks', 'listen', '--port', '0'], /secret/],
  ['api with an absolute URL', ['api', 'GET', 'https://evil.example/v1/me'], /PATH|path/],
  ['api with another origin', ['api', 'GET', '//evil.example/v1/me'], /PATH|path/],
];

// ── output locations, checked before any request ─────────────────────────────────────────
const hooksCreate = (secretFile: string) => ['hooks', 'create', '--url', 'https://example.com/hook', '--event', 'invoice.created', '--secret-file', secretFile];
const pathCases: Case[] = [
  ['f24 download --dir onto a file', ['f24', 'download', '--status', 'ready', '--dir', A_FILE], '--dir'],
  // Every --dir creates its missing parents now (main dc0de39): a parent that is a file is what stays bad input.
  ['f24 download --dir whose parent is under a file', ['f24', 'download', '--status', 'ready', '--dir', join(A_FILE, 'sub', 'f24')], '--dir'],
  ['f24 download --dir under a file', ['f24', 'download', '--status', 'ready', '--dir', UNDER_A_FILE], '--dir'],
  ['f24 download by id --dir onto a file', ['f24', 'download', 'f24_0001', '--dir', A_FILE], '--dir'],
  ['deadlines export --ics onto a folder', ['deadlines', 'export', '--ics', A_FOLDER], '--ics'],
  ['deadlines export --ics with a missing parent', ['deadlines', 'export', '--ics', MISSING_PARENT], '--ics'],
  ['deadlines export --ics under a file', ['deadlines', 'export', '--ics', UNDER_A_FILE], '--ics'],
  ['deadlines export --ics empty', ['deadlines', 'export', '--ics', ''], '--ics'],
  ['hooks create --secret-file that exists', hooksCreate(A_FILE), '--secret-file'],
  ['hooks create --secret-file onto a folder', hooksCreate(A_FOLDER), '--secret-file'],
  ['hooks create --secret-file with a missing parent', hooksCreate(MISSING_PARENT), '--secret-file'],
  ['hooks create --secret-file under a file', hooksCreate(UNDER_A_FILE), '--secret-file'],
  [
    'hooks verify --secret-file missing',
    ['hooks', 'verify', '--secret-file', MISSING_PARENT, '--signature', 'sha256=00', '--timestamp', '1700000000', '--body', '-'],
    '--secret-file',
    { input: '{}' },
  ],
  ['hooks listen --secret-file missing', ['hooks', 'listen', '--port', '0', '--secret-file', MISSING_PARENT], '--secret-file'],
];

// ── JSON bodies for invoice create --from ────────────────────────────────────────────────
const body = (over: Record<string, unknown>) =>
  JSON.stringify({ piva: 'IT00743110157', articoli: [{ nome: 'Consulenza', quantita: 2, prezzo: 150, iva: 22 }], ...over });
const fromFile = (name: string, content: string | Buffer): string[] => ['invoice', 'create', '--from', file(name, content), '--draft'];
const hugeLines = JSON.stringify({
  piva: 'IT00743110157',
  articoli: Array.from({ length: 60_000 }, (_, i) => ({ nome: `Riga ${i}`, quantita: 'molte', prezzo: 1, iva: 22 })),
});
const fromCases: Case[] = [
  ['--from not JSON', fromFile('not-json.json', '{ "piva": '), /--from/],
  ['--from an HTML page', fromFile('page.json', '<html><body>Fattura</body></html>'), /--from/],
  ['--from empty', fromFile('empty.json', ''), /--from/],
  ['--from null', fromFile('null.json', 'null'), /--from/],
  ['--from an array', fromFile('array.json', '[]'), /--from/],
  ['--from a number', fromFile('number.json', '42'), /--from/],
  ['--from articoli as a string', fromFile('articoli-string.json', body({ articoli: 'Consulenza' })), /articoli/],
  ['--from articoli missing', fromFile('articoli-missing.json', JSON.stringify({ piva: 'IT00743110157' })), /articoli/],
  [
    '--from quantita a word',
    fromFile('quantita-word.json', body({ articoli: [{ nome: 'Consulenza', quantita: 'due', prezzo: 150, iva: 22 }] })),
    /articoli\[0\]\.quantita/,
  ],
  [
    '--from prezzo a boolean',
    fromFile('prezzo-bool.json', body({ articoli: [{ nome: 'Consulenza', quantita: 2, prezzo: true, iva: 22 }] })),
    /articoli\[0\]\.prezzo/,
  ],
  ['--from nome a number', fromFile('nome-number.json', body({ articoli: [{ nome: 7, quantita: 2, prezzo: 150, iva: 22 }] })), /articoli\[0\]\.nome/],
  ['--from iva over 100', fromFile('iva-over.json', body({ articoli: [{ nome: 'Consulenza', quantita: 2, prezzo: 150, iva: 122 }] })), /articoli\[0\]\.iva/],
  ['--from issue_date 2026-02-30', fromFile('date.json', body({ issue_date: '2026-02-30' })), /issue_date/],
  ['--from tipo_documento TD99', fromFile('tipo.json', body({ tipo_documento: 'TD99' })), /tipo_documento/],
  ['--from invia_sdi a string', fromFile('invia.json', body({ invia_sdi: 'no' })), /invia_sdi/],
  ['--from emails a string', fromFile('emails.json', body({ emails: 'a@b.it' })), /emails/],
  ['--from pa.cig 16 characters', fromFile('cig.json', body({ pa: { cig: long(16) } })), /pa\.cig/],
  ['--from pa.cups element 16 characters', fromFile('cups.json', body({ pa: { cups: ['ABC', long(16)] } })), /pa\.cups/],
  ['--from ordine.numero 21 characters', fromFile('ordine.json', body({ ordine: { numero: long(21) } })), /ordine\.numero/],
  ['--from ordine.impegno 101 characters', fromFile('impegno.json', body({ ordine: { impegno: long(101) } })), /ordine\.impegno/],
  ['--from scadenze type bogus', fromFile('scadenze.json', body({ scadenze: [{ date: '2026-12-31', value: 100, type: 'bogus' }] })), /scadenze/],
  ['--from scadenze date invalid', fromFile('scadenze-date.json', body({ scadenze: [{ date: '2026-02-30', value: 100, type: 'percent' }] })), /scadenze/],
  ['--from piva bad check digit', fromFile('piva.json', body({ piva: 'IT00743110158' })), /piva/],
  ['--from a typo in a field name', fromFile('typo.json', body({ numerazzione: 'Standard' })), /numerazzione/],
  ['--from huge: 60,000 lines, a word for a quantity', fromFile('huge.json', hugeLines), /articoli\[0\]\.quantita/],
  ['--from huge and truncated', fromFile('huge-truncated.json', hugeLines.slice(0, hugeLines.length - 100)), /--from/],
  ['--from a file that does not exist', ['invoice', 'create', '--from', join(files, 'missing.json'), '--draft'], /--from/],
  ['--from a folder', ['invoice', 'create', '--from', A_FOLDER, '--draft'], /--from/],
  ['--from - with a body that is not JSON', ['invoice', 'create', '--from', '-', '--draft'], /--from/, { input: 'piva=IT00743110157' }],
];

// ── issue 22: --fields naming no field (#10), folders on kernel file systems (#7) ─────────
const issue22Cases: Case[] = [
  ...[',,,', ',', ' , ', ''].map((v): Case => [`issue 22 #10: invoice list --fields ${JSON.stringify(v)}`, ['invoice', 'list', '--fields', v], '--fields']),
  ['issue 22 #10: whoami --fields ","', ['whoami', '--fields', ','], '--fields'],
  ['issue 22 #7: f24 download --dir /proc/<new>', ['f24', 'download', '--status', 'ready', '--dir', '/proc/fisco-bad-input-new'], /--dir: .*procfs/],
  ['issue 22 #7: f24 download --dir /sys/<new>', ['f24', 'download', '--status', 'ready', '--dir', '/sys/fisco-bad-input-new'], /--dir: .*sysfs/],
  ['issue 22 #7: f24 download --dir /proc', ['f24', 'download', '--status', 'ready', '--dir', '/proc'], /--dir: .*procfs/],
  ['issue 22 #7: export --dir /proc/<new>', ['export', '--period', '2026-10', '--dir', '/proc/fisco-bad-input-new'], /--dir: .*procfs/],
  ['issue 22 #7: export --dir /sys', ['export', '--period', '2026-10', '--dir', '/sys'], /--dir: .*sysfs/],
  ['issue 22 #7: --output-file /proc/<new>', ['--output-file', '/proc/fisco-bad-input-new', 'invoice', 'list'], /--output-file: .*procfs/],
  ['issue 22 #12: invoice pay --amount 100.125', ['invoice', 'pay', 'uuid-1', '--amount', '100.125'], /amount/],
];

const CASES: Case[] = [...issue22Cases, ...listCases, ...segmentCases, ...dateCases, ...enumCases, ...writeCases, ...pathCases, ...fromCases];

describe(`bad input: ${CASES.length} cases, exit 2, the field named, nothing sent`, () => {
  it('holds at least 200 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(200);
  });

  describe.concurrent('each case', () => {
    for (const [what, args, field, options] of CASES) {
      it(what, { timeout: 60_000 }, async ({ expect }) => {
        const result = await h.run(args, { input: options?.input ?? '' });
        const why = `fisco ${args
          .map((a) => JSON.stringify(a))
          .join(' ')
          .slice(0, 300)}\nstdout: ${result.stdout.slice(0, 300)}\nstderr: ${result.stderr.slice(0, 600)}`;
        expect(result.exitCode, why).toBe(2);
        if (typeof field === 'string') expect(result.stderr, why).toContain(field);
        else expect(result.stderr, why).toMatch(field);
        expect(result.stderr, why).not.toMatch(/\n\s+at .+:\d+:\d+/);
        expect(result.stderr, why).not.toContain('a bug in fisco');
        // Nothing from the user's input reaches the terminal raw.
        expect(result.stderr, why).not.toMatch(/[\x07\x1b\u202e]/);
      });
    }
  });
});

describe('and nothing reached the emulator', () => {
  it('no request was received while the cases ran', () => {
    expect(sent().map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
