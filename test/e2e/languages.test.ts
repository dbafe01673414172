/**
 * One language per run (issue 31 item 1): every command, on a success path and an error path, run
 * in English (LANG=C) and in Italian (FISCO_LANG=it), each against its own emulator so that both
 * see the same state. The harness runs strict (FISCO_I18N_STRICT=1): a message of the catalogue
 * without its Italian translation fails its command (exit 1, "no it translation for …"), so a
 * missing message fails here. Both languages end with the same exit code, and machine formats
 * (json, ndjson, csv) are byte for byte the same. Where the words come from a module whose messages
 * are in the catalogue, the Italian run says them in Italian and the English run as before.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, TOKENS, type Harness, type RunResult } from './harness.js';
import { manualClientArgs } from './invoice-args.js';

interface Case {
  name: string;
  /** The arguments; `dir` is a folder of this language's own. */
  args: (dir: string) => string[];
  exit: number;
  token?: string;
  input?: string;
  /** Read-only with a machine format on stdout: the same bytes in both languages. */
  sameStdout?: boolean;
  /** What each language says on stderr, where the words come from the catalogue. */
  en?: RegExp;
  it?: RegExp;
  /** Why the Italian run may print English words of fisco's own (none but a language fisco does not speak). */
  english?: string;
}

/**
 * English words of fisco's own left in an Italian run's stderr: what the service said («…»),
 * commands and flags in backticks, quoted values, paths and requests (`GET /v1/f24s`) set aside,
 * an English function word on a line means a message was not translated.
 */
function englishLeft(stderr: string): string[] {
  const ENGLISH_WORDS = /\b(the|is|was|were|nothing|not|with|and|of|for|are|has|have|been|this|that|its|your|which|cannot)\b/i;
  return stderr.split('\n').filter((line) => {
    const ours = line
      .replace(/«[^»]*»/g, '')
      .replace(/`[^`]*`/g, '')
      .replace(/'[^']*'/g, '')
      .replace(/"[^"]*"/g, '')
      .replace(/\b(GET|POST|PUT|PATCH|DELETE) \S+/g, '')
      .replace(/(\S*\/\S*)/g, '')
      .replace(/--[\w-]+/g, '');
    return ENGLISH_WORDS.test(ours);
  });
}

const FIRM = TOKENS.firm;
const BATCH =
  'ref;client_name;client_piva;client_address;client_cap;client_city;numbering;payment_method;item;quantity;price;vat\nL-1;Alfa Impianti S.r.l.;00743110157;Via Roma 1;20121;Milano;Standard;Bonifico Intesa;Canone;1;450,00;22\n';

/** Files each language's folder holds before its runs. */
function prepare(dir: string): void {
  writeFileSync(join(dir, 'not-a-statement.txt'), 'hello, this is no bank statement\n');
  writeFileSync(join(dir, 'not-a-plan.json'), '{"kind":"something else"}');
  writeFileSync(join(dir, 'batch.csv'), BATCH);
  writeFileSync(join(dir, 'latin1.csv'), Buffer.from([0x72, 0x65, 0x66, 0x0a, 0xff, 0xfe, 0x0a]));
  writeFileSync(join(dir, 'contacts.csv'), 'piva,email\n00743110157,not-an-address\n');
  writeFileSync(join(dir, 'rates.csv'), 'from,rate\n2026-02-01,2.15\n');
  mkdirSync(join(dir, 'out'), { recursive: true });
}

const CASES: Case[] = [
  // auth, whoami, accounts
  { name: 'auth list', args: () => ['auth', 'list'], exit: 0, sameStdout: true },
  { name: 'auth status', args: () => ['auth', 'status'], exit: 0 },
  { name: 'auth use: no such profile', args: () => ['auth', 'use', 'nope'], exit: 2 },
  { name: 'auth set lang: no profile in use', args: () => ['auth', 'set', 'lang', 'it'], exit: 2 },
  { name: 'auth token', args: () => ['auth', 'token'], exit: 0, sameStdout: true },
  { name: 'whoami', args: () => ['whoami'], exit: 0, sameStdout: true },
  {
    name: 'whoami with a bad token: the service speaks, fisco frames it',
    args: () => ['whoami'],
    token: 'not-a-token',
    exit: 3,
    en: /^fisco: .*\n {2}Check the token: `fisco auth status` verifies it/,
    it: /^fisco: il servizio ha risposto: «.*»\n {2}Controlla il token: `fisco auth status` lo verifica/,
  },
  { name: 'accounts list', args: () => ['accounts', 'list'], token: FIRM, exit: 0, sameStdout: true },
  { name: 'accounts get: not found', args: () => ['accounts', 'get', 'acc_nope'], token: FIRM, exit: 4, it: /il servizio ha risposto|non trovato/ },
  // clients
  { name: 'clients list', args: () => ['clients', 'list'], exit: 0, sameStdout: true },
  { name: 'clients add: a VAT number with a wrong check digit', args: () => ['clients', 'add', '--piva', '00743110158'], exit: 2 },
  // invoices
  { name: 'invoice list', args: () => ['invoice', 'list', '--per-page', '5'], exit: 0, sameStdout: true },
  { name: 'invoice list as csv', args: () => ['invoice', 'list', '--per-page', '5', '-o', 'csv'], exit: 0, sameStdout: true },
  { name: 'invoice list as Italian csv', args: () => ['invoice', 'list', '--per-page', '5', '-o', 'csv', '--csv-dialect', 'it'], exit: 0, sameStdout: true },
  { name: 'invoice list: --per-page out of range', args: () => ['invoice', 'list', '--per-page', '500'], exit: 2 },
  { name: 'invoice get: no such number', args: () => ['invoice', 'get', '999/2099'], exit: 4 },
  { name: 'invoice payment-methods', args: () => ['invoice', 'payment-methods'], exit: 0, sameStdout: true },
  { name: 'invoice numberings', args: () => ['invoice', 'numberings'], exit: 0, sameStdout: true },
  {
    name: 'invoice create --dry-run',
    args: () => ['invoice', 'create', ...manualClientArgs(), '--item', 'Sviluppo;10;80.00;22', '--draft', '--dry-run'],
    exit: 0,
    sameStdout: true,
  },
  {
    name: 'invoice create: a price that is not a number',
    args: () => ['invoice', 'create', ...manualClientArgs(), '--item', 'Sviluppo;1;abc;22', '--draft'],
    exit: 2,
  },
  { name: 'invoice pay: three decimals', args: () => ['invoice', 'pay', '1/2026', '--amount', '100,505'], exit: 2 },
  { name: 'invoice pdf: no such number', args: (dir) => ['invoice', 'pdf', '999/2099', '--dir', join(dir, 'out')], exit: 4 },
  { name: 'invoice batch --dry-run', args: (dir) => ['invoice', 'batch', join(dir, 'batch.csv'), '--dry-run', '-o', 'json'], exit: 0, sameStdout: true },
  {
    name: 'invoice batch: a file that is not UTF-8',
    args: (dir) => ['invoice', 'batch', join(dir, 'latin1.csv'), '--draft'],
    exit: 2,
    en: /is not UTF-8 text; nothing was sent\n {2}save it as UTF-8/,
    it: /non è testo UTF-8; non è stato inviato nulla\n {2}salvalo come UTF-8/,
  },
  {
    name: 'invoice pay: the issue example, amounts the language way',
    args: () => ['invoice', 'pay', '42/2026', '--amount', '1.234,50'],
    exit: 0,
    en: /^✓ Payment of 1234\.50 registered on invoice 42\/2026: 3428\.90 still due \(partial\)$/m,
    it: /^✓ Incasso di 1\.234,50 € registrato sulla fattura 42\/2026: restano 3\.428,90 € \(parziale\)$/m,
  },
  {
    name: 'invoice create --send without a terminal: the guard refuses, nothing sent',
    args: () => ['invoice', 'create', ...manualClientArgs(), '--item', 'Sviluppo;10;80.00;22', '--send'],
    exit: 10,
    en: /^fisco: not sent: --send without a terminal needs --yes to transmit to the SDI\n {2}nothing was sent; add --yes to confirm, or use --draft$/m,
    it: /^fisco: non inviato: --send senza terminale richiede --yes per trasmettere allo SDI\n {2}non è stato inviato nulla; aggiungi --yes per confermare, oppure usa --draft$/m,
  },
  {
    name: 'invoice batch --send without a terminal: the preview, then the guard',
    args: (dir) => ['invoice', 'batch', join(dir, 'batch.csv'), '--send'],
    exit: 10,
    en: /^Action {6}SEND 1 invoice to the SDI \(irreversible\) — production\nfisco: not sent: --send without a terminal needs --yes/m,
    it: /^Azione {6}INVIO di 1 fattura allo SDI \(irreversibile\) — production\nfisco: non inviato: --send senza terminale richiede --yes/m,
  },
  // commander's refusals and the flags' problems
  {
    name: 'an unknown command',
    args: () => ['invoce', 'list'],
    exit: 2,
    en: /^fisco: unknown command 'invoce', did you mean invoice\?\n\(run with --help for usage\)\n$/,
    it: /^fisco: comando sconosciuto 'invoce', intendevi invoice\?\n\(esegui con --help per l’uso\)\n$/,
  },
  {
    name: 'an unknown option, with the flags meant',
    args: () => ['invoice', 'list', '--status', 'sent'],
    exit: 2,
    en: /^fisco: unknown option '--status'\n {2}Did you mean --[a-z-]+(, --[a-z-]+)* or --[a-z-]+\? \(fisco invoice list --help lists every flag\)\n\(run with --help for usage\)\n$/,
    it: /^fisco: opzione sconosciuta '--status'\n {2}Intendevi --[a-z-]+(, --[a-z-]+)* o --[a-z-]+\? \(fisco invoice list --help elenca tutti i flag\)\n\(esegui con --help per l’uso\)\n$/,
  },
  {
    name: 'a missing argument',
    args: () => ['invoice', 'get'],
    exit: 2,
    en: /^fisco: missing required argument 'invoice'\n/,
    it: /^fisco: manca l’argomento obbligatorio 'invoice'\n\(esegui con --help per l’uso\)\n$/,
  },
  {
    name: 'too many arguments',
    args: () => ['invoice', 'get', '1/2026', '2/2026'],
    exit: 2,
    it: /^fisco: troppi argomenti per 'get': ne è previsto 1, ne sono stati dati 2\.\n/,
  },
  {
    name: 'several bad flags at once',
    args: () => ['invoice', 'list', '--page', '0', '--per-page', '500'],
    exit: 2,
    en: /^fisco: 2 problems with the options, nothing was sent:\n {2}--page: must be 1 or more \(page number\)\n {2}--per-page: must be from 1 to 100/,
    it: /^fisco: 2 problemi con le opzioni, non è stato inviato nulla:\n {2}--page: deve essere 1 o più \(numero di pagina\)\n {2}--per-page: deve essere da 1 a 100/,
  },
  {
    name: 'a value not among a flag’s choices, with the one meant',
    args: () => ['invoice', 'list', '--payment-status', 'Paid'],
    exit: 2,
    it: /^fisco: --payment-status: '?Paid'? non è ammesso; intendevi `paid`\? usa un elenco separato da virgole di /,
  },
  {
    name: 'a date range that runs backwards',
    args: () => ['deadlines', 'list', '--from', '30/11/2026', '--to', '01/11/2026'],
    exit: 2,
    en: /^fisco: --from 2026-11-30 is after --to 2026-11-01\n$/,
    it: /^fisco: --from 30\/11\/2026 è successivo a --to 01\/11\/2026\n$/,
  },
  // bank
  { name: 'bank match: not a statement', args: (dir) => ['bank', 'match', join(dir, 'not-a-statement.txt')], exit: 2 },
  {
    name: 'bank apply: not a plan',
    args: (dir) => ['bank', 'apply', join(dir, 'not-a-plan.json'), '--yes'],
    exit: 2,
    en: /not a plan file of fisco bank match \(no "kind": "fisco-bank-plan"\)\n {2}Make one with/,
    it: /non è un file di piano di fisco bank match \(manca "kind": "fisco-bank-plan"\)\n {2}Crealo con/,
  },
  // expenses, cost centers, F24, deadlines, receipts
  { name: 'cost-centers list', args: () => ['cost-centers', 'list'], exit: 0, sameStdout: true },
  { name: 'expenses list', args: () => ['expenses', 'list', '--period', '2026-10'], exit: 0, sameStdout: true },
  { name: 'expenses summary', args: () => ['expenses', 'summary', '--period', '2026-10'], exit: 0, sameStdout: true },
  { name: 'expenses list: not a month', args: () => ['expenses', 'list', '--period', '13/2026'], exit: 2 },
  { name: 'f24 list', args: () => ['f24', 'list'], exit: 0, sameStdout: true },
  { name: 'f24 get: not found', args: () => ['f24', 'get', 'f24_nope'], exit: 4 },
  { name: 'f24 download', args: (dir) => ['f24', 'download', '--status', 'ready', '--dir', join(dir, 'out', 'f24')], exit: 0 },
  { name: 'deadlines list', args: () => ['deadlines', 'list'], exit: 0, sameStdout: true },
  { name: 'deadlines export', args: (dir) => ['deadlines', 'export', '--ics', join(dir, 'out', 'scadenze.ics')], exit: 0 },
  { name: 'deadlines list: not a calendar date', args: () => ['deadlines', 'list', '--from', '31/02/2026'], exit: 2 },
  { name: 'receipts list', args: () => ['receipts', 'list'], exit: 0, sameStdout: true },
  // events and webhooks
  { name: 'events list', args: () => ['events', 'list'], exit: 0, sameStdout: true },
  {
    name: 'events sample: an unknown key',
    args: () => ['events', 'sample', 'nope.nope'],
    exit: 4,
    en: /\n {2}`fisco events list` shows every event key with its label\./,
    it: /^fisco: il servizio ha risposto: «[^\n]*»\n {2}`fisco events list` mostra ogni chiave di evento/,
  },
  { name: 'hooks list', args: () => ['hooks', 'list'], exit: 0, sameStdout: true },
  {
    name: 'hooks delete: not a whole number',
    args: () => ['hooks', 'delete', 'abc'],
    exit: 2,
    en: /^fisco: ID: 'abc' is not a subscription id, as `fisco hooks list` shows \(a whole number\)/,
    it: /^fisco: ID: 'abc' non è un id di sottoscrizione, come lo mostra `fisco hooks list` \(un numero intero\)/,
  },
  {
    name: 'hooks verify: a bad signature',
    args: () => [
      'hooks',
      'verify',
      '--secret',
      'whsec_languages',
      '--signature',
      `sha256=${'0'.repeat(64)}`,
      '--timestamp',
      String(Math.floor(Date.now() / 1000)),
      '--body',
      '-',
    ],
    input: '{}',
    exit: 3,
  },
  // the firm's views
  {
    name: 'overview: a firm fan-out, one company incomplete (exit 11)',
    args: () => ['overview'],
    token: FIRM,
    exit: 11,
    en: /^fisco: partly done: of 4 companies, 1 incomplete \(what could be read is shown; the missing figures are n\/a, null in json\)\n {2}Gialli Alimentari S\.n\.c\. \(acc_gialli\): not read: F24 forms to pay \(GET \/v1\/f24s\): /m,
    it: /^fisco: eseguito in parte: delle 4 aziende, 1 incompleta \(ciò che si è potuto leggere è mostrato; i dati mancanti sono n\/d, null in json\)\n {2}Gialli Alimentari S\.n\.c\. \(acc_gialli\): non letto: modelli F24 da pagare \(GET \/v1\/f24s\): /m,
  },
  { name: 'receivables', args: () => ['receivables', '-o', 'json'], exit: 0, sameStdout: true },
  {
    name: 'receivables: a contacts file with a bad address',
    args: (dir) => ['receivables', '--contacts', join(dir, 'contacts.csv')],
    exit: 2,
    en: /the contacts file is not valid \(1 problem\); nothing was read\n {2}line 2: 'not-an-address' is not an e-mail address/,
    it: /il file dei contatti non è valido \(1 problema\); non è stato letto nulla\n {2}riga 2: 'not-an-address' non è un indirizzo e-mail/,
  },
  { name: 'cash', args: () => ['cash', '-o', 'json'], exit: 0, sameStdout: true },
  { name: 'dunning rates', args: () => ['dunning', 'rates', '-o', 'json'], exit: 0, sameStdout: true },
  {
    name: 'dunning plan: a rates file that is not valid',
    args: (dir) => ['dunning', 'plan', '--rates', join(dir, 'rates.csv'), '--out', join(dir, 'out', 'letters')],
    exit: 2,
    en: /the rates file is not valid \(1 problem\)\n {2}line 2: from 2026-02-01 is not the first day of a half-year/,
    it: /il file dei tassi non è valido \(1 problema\)\n {2}riga 2: from 2026-02-01 non è il primo giorno di un semestre/,
  },
  { name: 'dunning send: not a plan', args: (dir) => ['dunning', 'send', join(dir, 'not-a-plan.json')], exit: 2, it: /non è un piano di fisco dunning plan/ },
  { name: 'export', args: (dir) => ['export', '--period', '2026-10', '--dir', join(dir, 'out', 'month-end')], token: FIRM, exit: 11 },
  // the mirror
  {
    name: '--offline before any sync',
    args: () => ['--offline', 'invoice', 'list'],
    exit: 2,
    en: /no mirror yet for this token \(production\): nothing to read offline\n {2}Run `fisco sync` while online/,
    it: /ancora nessuna copia locale per questo token \(production\): niente da leggere offline\n {2}Esegui `fisco sync` online/,
  },
  { name: 'sync', args: () => ['sync', '-o', 'json'], exit: 0 },
  { name: 'sync --status', args: () => ['sync', '--status', '-o', 'json'], exit: 0 },
  { name: 'search', args: () => ['search', 'Rossi', '-o', 'json'], exit: 0, sameStdout: true },
  { name: '--offline invoice list', args: () => ['--offline', 'invoice', 'list', '--per-page', '3'], exit: 0, sameStdout: true },
  // the rest
  { name: 'api GET', args: () => ['api', 'GET', '/v1/me'], exit: 0, sameStdout: true },
  { name: 'api GET: not found', args: () => ['api', 'GET', '/v1/nope'], exit: 4 },
  { name: 'completion', args: () => ['completion', 'bash'], exit: 0, sameStdout: true },
  { name: 'help exit-codes (each in its language: help-fast-path.test.ts)', args: () => ['help', 'exit-codes'], exit: 0 },
  {
    name: 'a language fisco does not speak',
    args: () => ['--lang', 'de', 'whoami'],
    exit: 2,
    english: 'the language asked for is not one fisco speaks, so the refusal is in English',
    en: /--lang: 'de' is not a language fisco speaks; use it \(italiano\) or en \(English\)/,
    it: /--lang: 'de' is not a language fisco speaks; use it \(italiano\) or en \(English\)/,
  },
];

/** More successes and refusals of every noun, on emulators of their own (one pair of emulators takes only so many requests a minute). */
const MORE_CASES: Case[] = [
  { name: 'accounts get', args: () => ['accounts', 'get', 'acc_rossi'], token: FIRM, exit: 0, sameStdout: true },
  {
    name: 'a firm list over every company: the page note of each',
    args: () => ['--all-accounts', 'invoice', 'list', '--per-page', '2'],
    token: FIRM,
    exit: 0,
    sameStdout: true,
    en: /^Rossi Consulting S\.r\.l\.: \d+ more items not fetched \(this was 1–2 of \d+\); add --all for every page, or --page 2\.$/m,
    it: /^Rossi Consulting S\.r\.l\.: altri \d+ elementi non scaricati \(questi erano 1–2 di \d+\); aggiungi --all per ogni pagina, o --page 2\.$/m,
  },
  {
    name: 'clients add from the business register',
    args: () => ['clients', 'add', '--piva', '00743110157'],
    exit: 0,
    it: /^✓ cliente aggiunto \(id \d+\) dal registro delle imprese$/m,
  },
  {
    name: 'clients add: the same client again',
    args: () => ['clients', 'add', '--piva', '00743110157'],
    exit: 5,
    it: /esiste già un cliente con partita IVA 00743110157/,
  },
  { name: 'invoice get', args: () => ['invoice', 'get', '42/2026'], exit: 0, sameStdout: true },
  {
    name: 'invoice pdf',
    args: (dir) => ['invoice', 'pdf', '41/2026', '--dir', join(dir, 'out')],
    exit: 0,
    it: /^✓ 1 scaricato, 0 già completi \(saltati\), 0 non riusciti, in /,
  },

  {
    name: 'invoice batch --draft',
    args: (dir) => ['invoice', 'batch', join(dir, 'batch.csv'), '--draft'],
    exit: 0,
    it: /^✓ 1 fattura su 1 creata come bozza$/m,
  },
  { name: 'invoice batch --status', args: (dir) => ['invoice', 'batch', join(dir, 'batch.csv'), '--status', '-o', 'json'], exit: 0 },
  { name: 'f24 get', args: () => ['f24', 'get', 'f24_0001'], exit: 0, sameStdout: true },
  { name: 'events sample', args: () => ['events', 'sample', 'invoice.created'], exit: 0 },
  {
    name: 'hooks create: the service refuses an http URL',
    args: () => ['hooks', 'create', '--url', 'http://127.0.0.1:9/hook', '--event', 'invoice.created', '--allow-http'],
    exit: 6,
  },
  { name: 'hooks delete: not found', args: () => ['hooks', 'delete', '999'], exit: 4, it: /^fisco: il servizio ha risposto: «/ },
  {
    name: 'hooks trigger: a required option missing',
    args: () => ['hooks', 'trigger', 'invoice.created'],
    exit: 2,
    it: /^fisco: l’opzione obbligatoria '--to <url>' non è indicata\n/,
  },
  { name: 'auth logout: no profile', args: () => ['auth', 'logout'], exit: 2, it: /^fisco: nessun profilo attivo da cui uscire/ },
  {
    name: 'emulator statement',
    args: () => ['emulator', 'statement', '--format', 'csv'],
    exit: 0,
    sameStdout: true,
    it: /^Leggilo con: fisco --demo --account /,
  },
  { name: 'search: nothing to search for', args: () => ['search', ' '], exit: 2 },
];

/** What differs between two emulators whatever the language: their port, and the expiry and signature of a signed file link. */
function comparable(stdout: string, one: Harness): string {
  return stdout
    .split(one.emulator.url)
    .join('URL')
    .replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=…&signature=…');
}

function everyCommand(title: string, cases: Case[]): void {
  describe(title, () => {
    const h: Record<'en' | 'it', Harness> = {} as Record<'en' | 'it', Harness>;
    const dirs: Record<'en' | 'it', string> = {} as Record<'en' | 'it', string>;
    const results = new Map<string, Record<'en' | 'it', RunResult>>();

    beforeAll(async () => {
      for (const lang of ['en', 'it'] as const) {
        h[lang] = await harness();
        dirs[lang] = mkdtempSync(join(tmpdir(), `fisco-lang-${lang}-`));
        prepare(dirs[lang]);
      }
      // One case after the other, each in both languages: the two emulators go through the same states.
      for (const c of cases) {
        const run = (lang: 'en' | 'it') =>
          h[lang].run(c.args(dirs[lang]), {
            ...(c.token ? { token: c.token } : {}),
            ...(c.input !== undefined ? { input: c.input } : {}),
            lang: lang === 'it' ? 'it' : undefined,
          });
        results.set(c.name, { en: await run('en'), it: await run('it') });
      }
    }, 600_000);

    afterAll(async () => {
      await Promise.all(Object.values(h).map((one) => one?.close()));
    });

    for (const c of cases) {
      it(`${c.name}: exit ${c.exit} in both, no message missing from either`, () => {
        const { en, it: itRun } = results.get(c.name)!;
        for (const [lang, run] of [
          ['en', en],
          ['it', itRun],
        ] as const) {
          expect(run.stderr, `${lang}: ${run.stderr}`).not.toMatch(/no (it|en) translation for|unexpected error|This is a bug in fisco/);
          expect(run.exitCode, `${lang}: ${run.stderr}`).toBe(c.exit);
        }
        if (c.sameStdout) expect(comparable(itRun.stdout, h.it)).toBe(comparable(en.stdout, h.en));
        if (c.en) expect(en.stderr).toMatch(c.en);
        if (c.it) expect(itRun.stderr).toMatch(c.it);
        if (!c.english) expect(englishLeft(itRun.stderr), itRun.stderr).toEqual([]);
      });
    }
  });
}

everyCommand('every command in both languages', CASES);
everyCommand('every command in both languages, more of each noun', MORE_CASES);

describe('which language a run speaks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => {
    await h.close();
  });

  const refusal = async (options: { env?: Record<string, string>; args?: string[] } = {}) =>
    (await h.run([...(options.args ?? []), 'hooks', 'delete', 'abc'], { env: options.env })).stderr;
  const ITALIAN = /non è un id di sottoscrizione/;
  const ENGLISH = /is not a subscription id/;

  it('the locale (LC_ALL, LC_MESSAGES, LANG) when nothing else says; English otherwise', async () => {
    expect(await refusal()).toMatch(ENGLISH);
    expect(await refusal({ env: { LANG: 'it_IT.UTF-8' } })).toMatch(ITALIAN);
    expect(await refusal({ env: { LANG: 'it_IT.UTF-8', LC_ALL: 'en_GB.UTF-8' } })).toMatch(ENGLISH);
    expect(await refusal({ env: { LC_MESSAGES: 'it_CH' } })).toMatch(ITALIAN);
  });

  it('the profile (fisco auth set lang) over the locale; FISCO_LANG over the profile; --lang over both', async () => {
    const login = await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url], { input: `${TOKENS.prod}\n`, token: null, baseUrl: null });
    expect(login.exitCode, login.stderr).toBe(0);
    const set = await h.run(['auth', 'set', 'lang', 'it']);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(await refusal()).toMatch(ITALIAN);
    expect(await refusal({ env: { FISCO_LANG: 'en' } })).toMatch(ENGLISH);
    expect(await refusal({ args: ['--lang', 'en'] })).toMatch(ENGLISH);
    expect(await refusal({ env: { FISCO_LANG: 'en' }, args: ['--lang', 'it'] })).toMatch(ITALIAN);
    expect((await h.run(['auth', 'list', '-o', 'json'])).stdout).toMatch(/"lang":\s?"it"/);
    const back = await h.run(['auth', 'set', 'lang', 'en']);
    expect(back.exitCode, back.stderr).toBe(0);
    expect(await refusal({ env: { LANG: 'it_IT.UTF-8' } })).toMatch(ENGLISH);
    const wrong = await h.run(['auth', 'set', 'lang', 'fr']);
    expect([wrong.exitCode, wrong.stderr]).toEqual([2, expect.stringMatching(/lang: 'fr' is not a language fisco speaks/)]);
  });

  it('the built bin loads the Italian catalogue (dist/vendor/catalogue-it.cjs) only for an Italian run', async () => {
    const cli = readFileSync(fileURLToPath(new URL('../../dist/cli.cjs', import.meta.url)), 'utf8');
    expect(cli).not.toContain('non è un id di sottoscrizione');
    expect(cli).toContain('./vendor/catalogue-it.js');
    const [en, it_] = await Promise.all([h.run(['hooks', 'delete', 'abc'], { spawn: true }), h.run(['hooks', 'delete', 'abc'], { spawn: true, lang: 'it' })]);
    expect([en.exitCode, it_.exitCode]).toEqual([2, 2]);
    expect(en.stderr).toMatch(ENGLISH);
    expect(it_.stderr).toMatch(ITALIAN);
  });

  it('a table says yes and no, and its notes, in the run language; the json beside it never changes', async () => {
    const args = ['invoice', 'list', '--per-page', '3', '--fields', 'number,overdue', '-o', 'table'];
    const en = await h.run(args, { env: { COLUMNS: '200', FISCO_LANG: 'en' } });
    const it_ = await h.run(args, { env: { COLUMNS: '200', FISCO_LANG: 'it' } });
    expect([en.exitCode, it_.exitCode]).toEqual([0, 0]);
    expect(en.stdout).toMatch(/\bno\b|\byes\b/);
    expect(it_.stdout).toMatch(/\bno\b|\bsì\b/);
    expect(it_.stdout).not.toMatch(/\byes\b/);
    const json = (lang: string) => h.run(['invoice', 'list', '--per-page', '3'], { env: { FISCO_LANG: lang } });
    expect((await json('it')).stdout).toBe((await json('en')).stdout);
  });

  it("the client's report is Italian unless English is chosen: --lang en, FISCO_LANG=en or the profile, never the locale", async () => {
    const reportLang = async (options: { env?: Record<string, string>; args?: string[] }) => {
      const dir = mkdtempSync(join(tmpdir(), 'fisco-lang-report-'));
      const run = await h.run([...(options.args ?? []), '--account', 'acc_rossi', 'export', '--period', '2026-10', '--dir', dir], {
        token: TOKENS.firm,
        env: options.env,
      });
      expect([0, 11], run.stderr).toContain(run.exitCode);
      const { readdirSync, readFileSync } = await import('node:fs');
      const folder = readdirSync(dir, { withFileTypes: true }).find((e) => e.isDirectory())!.name;
      return /<html lang="(\w+)">/.exec(readFileSync(join(dir, folder, 'report.html'), 'utf8'))?.[1];
    };
    expect(await reportLang({ env: { FISCO_LANG: '' } })).toBe('en'); // the profile above was set to en
    expect(await reportLang({ env: { FISCO_LANG: 'it' } })).toBe('it');
    expect(await reportLang({ args: ['--lang', 'en'], env: { FISCO_LANG: 'it' } })).toBe('en');
    const logout = await h.run(['auth', 'logout', '--yes']);
    expect(logout.exitCode, logout.stderr).toBe(0);
    expect(await reportLang({ env: { LANG: 'en_US.UTF-8' } })).toBe('it');
    expect(await reportLang({ env: { LANG: 'it_IT.UTF-8' } })).toBe('it');
    expect(await reportLang({ env: { FISCO_LANG: 'en' } })).toBe('en');
  });
});
