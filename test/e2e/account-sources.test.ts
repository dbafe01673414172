/**
 * The company a run acts on has one rule (issue 32 item 3): `--account ID`, else FISCO_ACCOUNT,
 * else the profile's default company (docs/configuration.md). Every verb whose answer depends on
 * the company (the records with scope company, companies, routed, firm or service) runs here with
 * each of the three sources naming the same company of a firm token, and must do the same thing
 * each time: the same exit code, every request that names a company naming that one. A company the
 * token does not manage is refused (exit 2) naming where it came from, whichever the source: never
 * an empty answer that looks complete.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/index.js';
import type { CommandRecord, Scope } from '../../src/commands/verb.js';
import { harness, TOKENS, type Harness, type RunOptions, type RunResult } from './harness.js';

const COMPANY = 'acc_verdi';
// A budget no run of this file meets: the pacing is not what these runs prove.
const UNPACED = { rateLimit: { limit: 100_000, windowMs: 60_000 } };
const COMPANY_SCOPES: readonly Scope[] = ['company', 'companies', 'routed', 'firm', 'service'];
type Source = 'flag' | 'env' | 'profile';
const SOURCES: readonly Source[] = ['flag', 'env', 'profile'];

/** Every verb's path with its scope, from the records (what help and the runner read). */
function verbsOf(records: readonly CommandRecord[], parent: string[] = []): { path: string; scope: Scope }[] {
  return records.flatMap((record) => {
    const path = [...parent, record.name];
    const own = record.kind === 'verb' ? [{ path: path.join(' '), scope: record.scope }] : [];
    return [...own, ...verbsOf(record.verbs ?? [], path)];
  });
}

interface World {
  dir: string;
  invoice: string;
  f24: string;
  client: string;
  numbering: string;
  method: string;
}

/**
 * How each company-scoped verb is run: its arguments (files named per source, so no run sees
 * another's), and what it does with a firm token naming a company. `none` names the verbs that
 * reach no company's data with a firm token (webhooks need a company's own token).
 */
interface Run {
  args: (w: World, source: Source) => string[];
  exit?: number;
  /** No request names a company (the mirror answers, or the verb refuses first). */
  none?: true;
  /** What stderr says, the same from every source. */
  stderr?: RegExp;
  /** stdout is a JSON list of records of the company named, at least one. */
  hits?: true;
}

const RUNS: Record<string, Run> = {
  'clients list': { args: () => ['clients', 'list'] },
  'clients add': { args: (_w, s) => ['clients', 'add', '--name', `Acme ${s} GmbH`, '--country', 'DE', '--piva', `DE12345678${SOURCES.indexOf(s)}`] },
  'invoice list': { args: () => ['invoice', 'list'] },
  'invoice create': {
    args: (w) => [
      'invoice',
      'create',
      '--client',
      w.client,
      '--numbering',
      w.numbering,
      '--payment-method',
      w.method,
      '--item',
      'Prova;1;10.00;22',
      '--dry-run',
    ],
  },
  'invoice batch': { args: (w, s) => ['invoice', 'batch', join(w.dir, `batch-${s}.ndjson`), '--dry-run'] },
  'invoice pay': { args: (w) => ['invoice', 'pay', w.invoice, '--amount', '1,00'] },
  'invoice get': { args: (w) => ['invoice', 'get', w.invoice] },
  'invoice pdf': { args: (w, s) => ['invoice', 'pdf', w.invoice, '--dir', join(w.dir, `pdf-${s}`)] },
  'invoice payment-methods': { args: () => ['invoice', 'payment-methods'] },
  'invoice numberings': { args: () => ['invoice', 'numberings'] },
  'bank match': { args: (w, s) => ['bank', 'match', join(w.dir, 'statement.xml'), '--plan', join(w.dir, `plan-${s}.json`)] },
  'bank apply': { args: (w, s) => ['bank', 'apply', join(w.dir, `plan-${s}.json`), '--yes'] },
  'cost-centers list': { args: () => ['cost-centers', 'list'] },
  'expenses list': { args: () => ['expenses', 'list'] },
  'expenses summary': { args: () => ['expenses', 'summary', '--period', '2026-10'] },
  'f24 list': { args: () => ['f24', 'list'] },
  'f24 get': { args: (w) => ['f24', 'get', w.f24] },
  'f24 download': { args: (w, s) => ['f24', 'download', w.f24, '--dir', join(w.dir, `f24-${s}`)] },
  'deadlines list': { args: () => ['deadlines', 'list'] },
  'deadlines export': { args: (w, s) => ['deadlines', 'export', '--ics', join(w.dir, `deadlines-${s}.ics`)] },
  'receipts list': { args: () => ['receipts', 'list'] },
  // Webhook subscriptions need a company's own token: the service refuses a firm token, whatever the company named.
  'hooks create': { args: () => ['hooks', 'create', '--url', 'https://example.org/hook', '--event', 'invoice.created'], exit: 6 },
  'hooks delete': { args: () => ['hooks', 'delete', '1'], exit: 6 },
  'hooks trigger': { args: () => ['hooks', 'trigger', 'invoice.created', '--to', 'http://127.0.0.1:9/hook', '--secret', 'whsec_test_secret_value'], exit: 8 },
  overview: { args: () => ['overview'] },
  export: { args: (w, s) => ['export', '--period', '2026-10', '--dir', join(w.dir, `export-${s}`)] },
  receivables: { args: () => ['receivables'] },
  // fisco's rates table and the half-year of the emulator's today (as the dunning help's example adds it).
  'dunning plan': { args: (w, s) => ['dunning', 'plan', '--rates', join(w.dir, 'rates.csv'), '--out', join(w.dir, `letters-${s}`)] },
  // The plan's letters of the company named: its clients have no PEC or e-mail, so each goes by registered mail (nothing sent);
  // those whose postal address the service does not know are refused for that channel (exit 2: fisco refused every step).
  'dunning send': {
    args: (w, s) => ['dunning', 'send', join(w.dir, `letters-${s}`, 'piano.json')],
    none: true,
    exit: 2,
    stderr: /0 letters sent, (.*, )?[1-9]\d* not sent(, [1-9]\d* for registered mail)?/,
  },
  cash: { args: () => ['cash', '--weeks', '4'] },
  sync: { args: () => ['sync'] },
  // The mirror the sync above filled: no request; every hit is the company's.
  search: { args: () => ['search', 'S.p.A.'], none: true, hits: true },
  api: { args: () => ['api', 'GET', '/v1/cost-centers'] },
};

describe('--account, FISCO_ACCOUNT and the profile name the company of every verb the same way', () => {
  let h: Harness;
  let world: World;
  const profileDir = () => join(h.home, 'profile-verdi');

  const options = (source: Source, account = COMPANY): RunOptions => {
    const env = { FISCO_RATE_LIMIT: '100000/60000' };
    if (source === 'env') return { token: TOKENS.firm, env: { ...env, FISCO_ACCOUNT: account } };
    if (source === 'profile') return { token: null, baseUrl: null, env: { ...env, FISCO_CONFIG_DIR: profileDir() } };
    return { token: TOKENS.firm, env };
  };

  /** Runs `args` with the company named by `source`; the account_id of every request it sent. */
  const runWith = async (source: Source, args: string[]): Promise<RunResult & { accounts: string[] }> => {
    const from = h.emulator.store.requests.at(-1)?.seq ?? 0;
    const result = await h.run(source === 'flag' ? ['--account', COMPANY, ...args] : args, { ...options(source), timeout: 60_000 });
    const accounts = h.emulator.store.requests.filter((r) => r.seq > from && r.query.account_id !== undefined).map((r) => r.query.account_id!);
    return { ...result, accounts };
  };

  beforeAll(async () => {
    h = await harness(UNPACED);
    const dir = join(h.home, 'sources');
    mkdirSync(dir, { recursive: true });
    const store = h.emulator.store;
    const mine = store.invoices.filter((i) => i.accountId === COMPANY && i.direction === 'outbound');
    // A payable invoice (delivered, not a credit note, 3 euro or more still due) whose number no other of the company's has.
    const invoice = mine.find(
      (i) =>
        i.uuid &&
        i.tipo_documento === 'TD01' &&
        ['delivered', 'accepted'].includes(i.sdi_status) &&
        Number(i.total_amount) - Number(i.amount_paid) >= 3 &&
        mine.filter((j) => j.number === i.number).length === 1,
    )!;
    const f24 = store.f24s.find((f) => f.accountId === COMPANY)!;
    const client = store.clients.find((c) => c.accountId === COMPANY)!;
    const numbering = store.numberings.find((n) => n.accountId === COMPANY && n.active)!;
    const method = store.paymentMethods.find((m) => m.accountId === COMPANY && !m.internal)!;
    world = { dir, invoice: invoice.number, f24: f24.id, client: String(client.id), numbering: numbering.name, method: method.name };
    const statement = await fetch(`${h.emulator.url}/__emulator/statement?account_id=${COMPANY}&format=camt.053`);
    writeFileSync(join(dir, 'statement.xml'), Buffer.from(await statement.arrayBuffer()));
    const rates = await h.run(['dunning', 'rates', '--fields', 'from,rate', '-o', 'csv'], { token: TOKENS.firm });
    writeFileSync(join(dir, 'rates.csv'), `${rates.stdout}2026-07-01,2.15\n`);
    // A batch record is the body `invoice create --dry-run` prints, with a ref (as the batch help's example makes it).
    const dry = await h.run(['--account', COMPANY, ...RUNS['invoice create']!.args(world, 'flag')], { token: TOKENS.firm });
    const { invia_sdi: _sent, ...body } = (JSON.parse(dry.stdout) as { body: Record<string, unknown> }).body;
    for (const source of SOURCES) writeFileSync(join(dir, `batch-${source}.ndjson`), `${JSON.stringify({ ...body, ref: 'V-1' })}\n`);
    const login = await h.run(['--account', COMPANY, 'auth', 'login', '--with-token', '--base-url', h.emulator.url], {
      token: null,
      baseUrl: null,
      input: TOKENS.firm,
      env: { FISCO_CONFIG_DIR: profileDir() },
    });
    expect(login.exitCode, login.stderr).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('the table covers every company-scoped verb of the records', () => {
    const scoped = verbsOf(COMMANDS)
      .filter((v) => COMPANY_SCOPES.includes(v.scope))
      .map((v) => v.path);
    expect(scoped.filter((path) => !(path in RUNS))).toEqual([]);
    expect(Object.keys(RUNS).filter((path) => !scoped.includes(path))).toEqual([]);
  });

  for (const path of Object.keys(RUNS)) {
    it(`${path}: the same run from the flag, FISCO_ACCOUNT and the profile`, async () => {
      const run = RUNS[path]!;
      const results = [];
      for (const source of SOURCES) results.push({ source, ...(await runWith(source, run.args(world, source))) });
      for (const result of results) {
        expect(result.exitCode, `${result.source}: ${result.stderr}`).toBe(run.exit ?? 0);
        // Every request that names a company names this one; a verb that reads a company's data names it.
        expect(new Set(result.accounts), result.source).toEqual(run.none ? new Set() : new Set([COMPANY]));
        if (run.stderr) expect(result.stderr, result.source).toMatch(run.stderr);
        if (run.hits) {
          const hits = JSON.parse(result.stdout) as { account_id: string }[];
          expect(hits.length, result.source).toBeGreaterThan(0);
          expect(new Set(hits.map((hit) => hit.account_id)), result.source).toEqual(new Set([COMPANY]));
        }
      }
    }, 180_000);
  }

  it('a company the token does not manage is refused before any read, naming where it was named', async () => {
    const flag = await h.run(['--account', 'acc_bianco', 'invoice', 'list'], { token: TOKENS.firm });
    expect(flag.exitCode).toBe(2);
    expect(flag.stdout).toBe('');
    expect(flag.stderr).toMatch(
      /^fisco: --account: acc_bianco is not a company this token manages; it manages: acc_rossi \(Rossi Consulting S\.r\.l\.\), acc_verdi/,
    );
    const env = await h.run(['f24', 'list'], { token: TOKENS.firm, env: { FISCO_ACCOUNT: 'acc_bianco' } });
    expect(env.exitCode).toBe(2);
    expect(env.stderr).toMatch(/^fisco: FISCO_ACCOUNT: acc_bianco is not a company this token manages/);
    const sent = h.mark();
    const write = await h.run(['--account', 'acc_bianco', 'invoice', 'pay', world.invoice, '--amount', '1,00'], { token: TOKENS.firm });
    expect(write.exitCode).toBe(2);
    expect(write.stderr).toMatch(/--account: acc_bianco is not a company this token manages/);
    expect(sent().filter((r) => r.method !== 'GET')).toEqual([]);
    const company = await h.run(['--account', 'acc_bianco', 'invoice', 'list'], { token: TOKENS.prod });
    expect(company.exitCode).toBe(2);
    expect(company.stderr).toMatch(/--account: acc_bianco is not a company this token manages; it manages: acc_rossi \(Rossi Consulting S\.r\.l\.\)/);
  });
});

describe('the demo follows the same rule', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await harness();
  });

  afterAll(async () => {
    await h?.close();
  });

  it('FISCO_ACCOUNT=acc_rossi fisco --demo bank match STATEMENT: the company is the one FISCO_ACCOUNT names (docs/configuration.md)', async () => {
    const demo: RunOptions = { token: null, baseUrl: null, env: { FISCO_ACCOUNT: 'acc_rossi' } };
    const file = join(h.home, 'movimenti.csv');
    const statement = await h.run(['--demo', 'emulator', 'statement', '--format', 'csv'], demo);
    expect(statement.exitCode, statement.stderr).toBe(0);
    // The statement's own hint names the company it is for, by the same rule.
    expect(statement.stderr).toContain('fisco --demo --account acc_rossi bank match FILE');
    writeFileSync(file, statement.stdout);
    const csv = ['--csv-date', 'Data contabile', '--csv-credit', 'Avere', '--csv-debit', 'Dare', '--csv-description', 'Descrizione operazione'];
    const match = await h.run(['--demo', 'bank', 'match', file, ...csv, '-o', 'json'], demo);
    expect(match.exitCode, match.stderr).toBe(0);
    expect(match.stderr).toMatch(/Company: Rossi Consulting S\.r\.l\. \(acc_rossi\)/);
    expect(JSON.parse(match.stdout).length).toBeGreaterThan(0);
    // Without a company named, a CSV (which names no IBAN) is refused: --account is what it asks for.
    const unnamed = await h.run(['--demo', 'bank', 'match', file, ...csv], { token: null, baseUrl: null });
    expect(unnamed.exitCode).toBe(2);
    expect(unnamed.stderr).toMatch(/--account/);
  });
});
