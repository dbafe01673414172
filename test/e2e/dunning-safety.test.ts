import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, type Harness } from './harness.js';
import { LONG } from './fault-helpers.js';
import {
  ACCOUNT,
  CLIENTS,
  closeWorld,
  type DunningWorld,
  invoice,
  openWorld,
  PASSWORD,
  pay,
  planDate,
  type Smtp,
  startSmtp,
  writeContacts,
} from './dunning-world.js';

/**
 * Issue 37's outside attack on `dunning send` and issue 41's points on the letters, end to end
 * against the emulator and a real SMTP server on 127.0.0.1 (smtp-server): each case failed before.
 */
let suite: DunningWorld | undefined;
let h: Harness;
let dir: string;
let smtp: Smtp;
let rates: string;
let contacts: string;
const FROM = 'solleciti@rossi-consulting.it';

beforeAll(async () => {
  suite = await openWorld('fisco-dunning-safety-');
  ({ h, dir, smtp, rates, contacts } = suite);
}, 60_000);

afterAll(() => closeWorld(suite));

afterEach(() => {
  h.emulator.clearFaults();
  smtp.mode = 'ok';
});

const sendEnv = () => ({ FISCO_SMTP_URL: smtp.url, FISCO_SMTP_PASSWORD: PASSWORD, FISCO_SMTP_FROM: FROM });
const send = (plan: string, extra: string[] = [], env: Record<string, string> = {}) =>
  h.run(['--account', ACCOUNT, 'dunning', 'send', plan, '--smtp-insecure', '--yes', '-o', 'json', ...extra], { env: { ...sendEnv(), ...env } });
let plans = 0;
const makePlan = async (extra: string[] = [], files: { contacts?: string } = {}) => {
  const out = join(dir, `plan-${++plans}`);
  const result = await h.run([
    ...['--account', ACCOUNT, 'dunning', 'plan', '--rates', rates, '--contacts', files.contacts ?? contacts, '--out', out, '-o', 'json'],
    ...['--as-of', planDate(plans), ...extra],
  ]);
  expect(result.exitCode, result.stderr).toBe(0);
  return { out, plan: join(out, 'piano.json'), letters: parseJson<any[]>(result.stdout), stderr: result.stderr };
};

describe('a failure is never a skip', () => {
  it.each([
    { name: '503 that lasts', rule: { action: 'status' as const, status: 503, times: LONG }, exit: 8 },
    { name: '401', rule: { action: 'status' as const, status: 401, times: LONG }, exit: 3 },
    { name: '429 without Retry-After', rule: { action: 'status' as const, status: 429, times: LONG }, exit: 7 },
  ])('the live check before a letter meets $name: exit $exit, nothing sent, no "changed since the plan"', async ({ rule, exit }) => {
    const made = await makePlan();
    const before = smtp.received.length;
    h.emulator.injectFault({ ...rule, method: 'GET', path: '/v1/invoices' });
    const result = await send(made.plan);
    expect(result.exitCode, result.stderr).toBe(exit);
    expect(result.stderr).not.toMatch(/changed since the plan/);
    expect(smtp.received.length).toBe(before);
    const rows = parseJson<any[]>(result.stdout);
    expect(rows.filter((r) => r.channel !== 'post').every((r) => r.state === 'not-sent')).toBe(true);
    // Nothing was journaled as sent: once the service answers, the same plan sends every letter.
    h.emulator.clearFaults();
    const again = await send(made.plan);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(smtp.received.length - before).toBe(made.letters.filter((l) => l.channel !== 'post').length);
  });
});

describe('never the same letter twice', () => {
  const inDoubt = async () => {
    const made = await makePlan();
    const before = smtp.received.length;
    smtp.mode = 'drop-after-data';
    const result = await send(made.plan);
    smtp.mode = 'ok';
    expect(result.exitCode, result.stderr).toBe(9);
    expect(smtp.received.length - before).toBe(1);
    const letter = /^\s*(\S+@L\d): /m.exec(result.stderr)?.[1];
    expect(letter).toBeTruthy();
    const to = smtp.received.at(-1)!.to[0]!;
    return { ...made, letter: letter!, to };
  };

  it('--resolve LETTER=absent given a second time sends nothing again', async () => {
    const made = await inDoubt();
    const before = smtp.received.length;
    const first = await send(made.plan, ['--resolve', `${made.letter}=absent`]);
    expect(first.exitCode, first.stderr).toBe(0);
    const sent = smtp.received.length - before;
    expect(smtp.received.slice(before).filter((m) => m.to.includes(made.to))).toHaveLength(1);
    const again = await send(made.plan, ['--resolve', `${made.letter}=absent`]);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/already shows it settled \(done\)/);
    expect(smtp.received.length - before).toBe(sent);
  });

  it('a letter in doubt holds back every later letter to the same client, a new plan included, until resolved', async () => {
    const made = await inDoubt();
    const next = await makePlan();
    const same = next.letters.find((l) => l.to === made.to);
    expect(same).toBeTruthy();
    const before = smtp.received.length;
    const result = await send(next.plan);
    expect(result.exitCode, result.stderr).toBe(9);
    expect(result.stderr).toMatch(/held back/);
    expect(parseJson<any[]>(result.stdout).find((r) => r.to === made.to).state).toBe('held-back');
    expect(smtp.received.slice(before).filter((m) => m.to.includes(made.to))).toHaveLength(0);
    // Still held back on the next run.
    const still = await send(next.plan);
    expect(still.exitCode).toBe(9);
    expect(smtp.received.slice(before).filter((m) => m.to.includes(made.to))).toHaveLength(0);
    // Resolved from the new plan's run, by the name the held letter gives: it went out, so the new letter would repeat it.
    const key = new RegExp(`--resolve (\\S+/${made.letter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})=sent`).exec(result.stderr)?.[1];
    expect(key).toBeTruthy();
    const settled = await send(next.plan, ['--resolve', `${key}=sent`]);
    expect(settled.exitCode, settled.stderr).toBe(0);
    expect(
      parseJson<any[]>(settled.stdout).find((r) => r.to === made.to),
      settled.stderr + result.stderr,
    ).toMatchObject({ state: 'changed' });
    expect(smtp.received.slice(before).filter((m) => m.to.includes(made.to))).toHaveLength(0);
  });

  it('two clients without a VAT number whose names differ only in accents get two letters with distinct ids', async () => {
    const m1 = invoice(h.emulator.store, { number: 'SOL-M1/2026', issue: '2026-09-01', due: '2026-09-30', total: '100.00', client: { name: 'Möller GmbH' } });
    const m2 = invoice(h.emulator.store, { number: 'SOL-M2/2026', issue: '2026-09-01', due: '2026-09-30', total: '200.00', client: { name: 'Müller GmbH' } });
    const made = await makePlan();
    const ids = made.letters.filter((l) => /M.ller GmbH/.test(l.client)).map((l) => l.letter);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    // The plan is not refused at send time: each of the two letters is refused on its own (by registered mail, no address), the others go.
    const result = await send(made.plan);
    expect(result.stderr).not.toMatch(/appears twice/);
    expect(result.exitCode, result.stderr).toBe(11);
    const rows = parseJson<any[]>(result.stdout).filter((r) => /M.ller GmbH/.test(r.client));
    expect(rows.map((r) => [r.letter, r.state]).sort()).toEqual(ids.map((id) => [id, 'no-address']).sort());
    // Settled, so that the later plans of this file hold only the scenario's clients.
    for (const inv of [m1, m2]) pay(h.emulator.store, inv, inv.total_amount);
  });
});

describe('every recipient address is one address, checked before anything is sent', () => {
  const client = (vat: string) => h.emulator.store.clients.find((c) => c.accountId === ACCOUNT && c.piva === vat)!;

  it('a PEC from the service that is not one address is not used by the plan, and named', async () => {
    const delta = client(CLIENTS.delta.vat);
    delta.pec = 'a@pec.it, evil@attacker.it';
    try {
      const made = await makePlan();
      expect(made.stderr).toContain(`${CLIENTS.delta.name}: its PEC 'a@pec.it, evil@attacker.it' is not one address: not used`);
      expect(made.letters.find((l) => l.client === CLIENTS.delta.name)).toMatchObject({ channel: 'post', to: null });
      const before = smtp.received.length;
      const result = await send(made.plan);
      expect(result.exitCode, result.stderr).toBe(0);
      const to = smtp.received.slice(before).flatMap((m) => m.to);
      expect(to).not.toContain('evil@attacker.it');
      expect(to).not.toContain('a@pec.it');
    } finally {
      delta.pec = CLIENTS.delta.pec;
    }
  });

  it.each(['not-an-address', 'a@pec.it, evil@attacker.it', 'a@pec.it evil@attacker.it'])(
    'a --contacts e-mail %j is refused, naming its line (exit 2)',
    async (email) => {
      const bad = join(dir, 'bad-contacts.csv');
      writeFileSync(bad, `partita_iva;email\nIT${CLIENTS.beta.vat};${email}\n`);
      const result = await h.run(['--account', ACCOUNT, 'dunning', 'plan', '--rates', rates, '--contacts', bad, '--out', join(dir, 'never')]);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/line 2: .* is not an e-mail address/);
    },
  );

  it.each(['not-an-address', 'a@pec.it, evil@attacker.it'])(
    'a letter whose address is %j is refused for that letter, named; the others go (exit 11)',
    async (address) => {
      const made = await makePlan();
      const plan = JSON.parse(readFileSync(made.plan, 'utf8'));
      const target = plan.letters.find((l: any) => l.channel === 'pec');
      target.to = address;
      writeFileSync(made.plan, JSON.stringify(plan));
      const before = smtp.received.length;
      const result = await send(made.plan);
      expect(result.exitCode, result.stderr).toBe(11);
      expect(result.stderr).toContain(`${target.id}: '${address}' is not one PEC address: nothing was sent to it`);
      const row = parseJson<any[]>(result.stdout).find((r) => r.letter === target.id);
      expect(row.state).toBe('bad-address');
      const to = smtp.received.slice(before).flatMap((m) => m.to);
      expect(to.length).toBeGreaterThan(0);
      expect(to).not.toContain('evil@attacker.it');
      expect(to).not.toContain('a@pec.it');
      expect(to).not.toContain(target.client.pec);
    },
  );

  it("--from 'Studio Rossi' is refused (exit 2), nothing sent", async () => {
    const made = await makePlan();
    const before = smtp.received.length;
    const result = await send(made.plan, ['--from', 'Studio Rossi']);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain("--from 'Studio Rossi': must be one e-mail address");
    expect(smtp.received.length).toBe(before);
  });
});

describe('the SMTP conversation keeps its secrets and its deadline', () => {
  it('a refusal that quotes the AUTH line puts the password (clear or base64) neither on stderr nor in the journal', async () => {
    const plainToken = (user: string, pass: string) => Buffer.from(`\u0000${user}\u0000${pass}`).toString('base64');
    const quoting = await startSmtp({
      authMethods: ['PLAIN'],
      onAuth(auth, _session, callback) {
        callback(
          Object.assign(
            new Error(
              `Authentication refused for AUTH PLAIN ${plainToken(auth.username ?? '', auth.password ?? '')} (${auth.password}, ${Buffer.from(auth.password ?? '').toString('base64')})`,
            ),
            {
              responseCode: 535,
            },
          ),
        );
      },
    });
    try {
      const made = await makePlan();
      const result = await send(made.plan, [], { FISCO_SMTP_URL: quoting.url });
      expect(result.exitCode, result.stderr).toBe(3);
      expect(result.stderr).toMatch(/Authentication refused for AUTH PLAIN \*\*\*/);
      const forms = [PASSWORD, Buffer.from(PASSWORD).toString('base64'), plainToken('solleciti', PASSWORD)];
      const files = readdirSync(h.home, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.jsonl'));
      expect(files.length).toBeGreaterThan(0);
      for (const form of forms) {
        expect(result.stderr).not.toContain(form);
        expect(result.stdout).not.toContain(form);
        for (const file of files) expect(readFileSync(join(file.parentPath, file.name), 'utf8'), file.name).not.toContain(form);
      }
    } finally {
      await quoting.close();
    }
  });

  it('--timeout bounds the whole SMTP conversation: a server that never finishes its greeting ends the run, nothing sent', async () => {
    const sockets = new Set<Socket>();
    const slow = createServer((socket) => {
      sockets.add(socket);
      // A greeting that goes on and on: each line is data, so no silence ever trips a socket timeout.
      const ticker = setInterval(() => socket.write('220-still greeting\r\n'), 100);
      socket.on('close', () => clearInterval(ticker));
      socket.on('error', () => clearInterval(ticker));
    });
    await new Promise<void>((done) => slow.listen(0, '127.0.0.1', () => done()));
    try {
      const made = await makePlan();
      const url = `smtp://solleciti@127.0.0.1:${(slow.address() as { port: number }).port}`;
      const result = await send(made.plan, ['--timeout', '2'], { FISCO_SMTP_URL: url });
      expect(result.exitCode, result.stderr).not.toBe(0);
      expect(result.stderr).toMatch(/took longer than 2 s \(--timeout\)/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => slow.close(() => done()));
    }
  });
});

describe('files a person edits', () => {
  it('the documented routine: fisco rates as CSV (CRLF), then a line added with echo (LF), a BOM, a trailing empty line', async () => {
    const table = await h.run(['dunning', 'rates', '--fields', 'from,rate', '-o', 'csv']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain('\r\n');
    const file = join(dir, 'tassi-echo.csv');
    writeFileSync(file, `\uFEFF${table.stdout}2026-07-01,2.15\n\n`);
    const plan = await h.run(['--account', ACCOUNT, 'dunning', 'plan', '--rates', file, '--out', join(dir, 'echo'), '-o', 'json']);
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(plan.stderr).not.toMatch(/found 3 columns/);
  });

  it('a contacts file with mixed line endings, a BOM, ; and a trailing empty line', async () => {
    const file = join(dir, 'contatti-misti.csv');
    writeFileSync(file, `\uFEFFpartita_iva;email\r\nIT${CLIENTS.beta.vat};${CLIENTS.beta.email}\nIT${CLIENTS.gamma.vat};gamma@solleciti.it\r\n\n`);
    const result = await h.run(['--account', ACCOUNT, 'receivables', '--contacts', file, '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = parseJson<any[]>(result.stdout);
    expect(rows.find((r) => r.client === CLIENTS.gamma.name)?.email).toBe('gamma@solleciti.it');
    expect(rows.find((r) => r.client === CLIENTS.beta.name)?.email).toBe(CLIENTS.beta.email);
  });

  it.each([
    ['--rates', '/dev/zero'],
    ['--contacts', '/dev/zero'],
  ])('%s %s is refused: a device, not a regular file (exit 2)', async (flag, file) => {
    const args = flag === '--rates' ? ['--rates', file] : ['--rates', rates, '--contacts', file];
    const result = await h.run(['--account', ACCOUNT, 'dunning', 'plan', ...args, '--out', join(dir, 'never')]);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain(`${flag} ${file}: is a device, not a file`);
  });

  it('a rates file larger than any table is refused (exit 2)', async () => {
    const file = join(dir, 'huge.csv');
    writeFileSync(file, `from,rate\n${'2026-07-01,2.15\n'.repeat(300_000)}`);
    const result = await h.run(['--account', ACCOUNT, 'dunning', 'plan', '--rates', file, '--out', join(dir, 'never')]);
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/is larger than 4 MB, more than fisco reads/);
  });
});

describe('a letter by registered mail needs a postal address', () => {
  it('--contacts gains an address column: the plan puts it on the letter, and no longer says it is missing', async () => {
    const file = join(dir, 'contatti-indirizzi.csv');
    writeFileSync(file, `partita_iva;email;indirizzo\nIT${CLIENTS.beta.vat};${CLIENTS.beta.email};\nIT${CLIENTS.gamma.vat};;Via Po 3, 10121 Torino (TO)\n`);
    const made = await makePlan([], { contacts: file });
    expect(made.stderr).not.toMatch(/Gamma Solleciti S\.n\.c\.: must go by registered mail .* no postal address/);
    const plan = JSON.parse(readFileSync(made.plan, 'utf8'));
    const gamma = plan.letters.find((l: any) => l.client.name === CLIENTS.gamma.name);
    expect(gamma).toMatchObject({ channel: 'post', client: { address: 'Via Po 3, 10121 Torino (TO)' } });
    expect(readFileSync(join(made.out, gamma.files.html.path), 'utf8')).toContain('Via Po 3, 10121 Torino (TO)');
  });

  it('without one, the plan says so and dunning send refuses that letter, naming it; the other letters still go (exit 11)', async () => {
    const made = await makePlan([], { contacts: writeContacts(dir, { address: false }) });
    expect(made.stderr).toContain(
      `Gamma Solleciti S.n.c.: must go by registered mail (the client has no PEC and no e-mail address (--contacts)) and has no postal address: not ready to send; give it in --contacts (a third column: IT${CLIENTS.gamma.vat};;Via …, CAP Città (PR))`,
    );
    const gamma = made.letters.find((l) => l.client === CLIENTS.gamma.name);
    const mailed = made.letters.filter((l) => l.channel !== 'post');
    expect(gamma).toMatchObject({ channel: 'post' });
    expect(mailed.length).toBeGreaterThan(0);
    const before = smtp.received.length;
    const result = await h.run(['--account', ACCOUNT, 'dunning', 'send', made.plan, '--smtp-insecure', '--yes', '-o', 'json'], { env: sendEnv(), lang: 'it' });
    // One letter refused, the others sent: partly done (the one order of outcomes).
    expect(result.exitCode, result.stderr).toBe(11);
    const rows = parseJson<any[]>(result.stdout);
    expect(rows.find((r) => r.client === CLIENTS.gamma.name)).toMatchObject({ state: 'no-address', channel: 'post' });
    expect(rows.filter((r) => r.channel !== 'post').map((r) => r.state)).toEqual(mailed.map(() => 'sent'));
    expect(smtp.received.length - before).toBe(mailed.length);
    expect(result.stderr).toContain(
      `${gamma.letter}: va inviato per raccomandata e manca l’indirizzo postale: non inviato; indicalo in --contacts (una terza colonna: IT${CLIENTS.gamma.vat};;Via …, CAP Città (PR))`,
    );
    expect(result.stderr).toMatch(/\b1 non inviato\b/);
  });
});
