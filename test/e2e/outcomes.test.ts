/**
 * One order of outcomes (issue 37, src/journal/outcome.ts, docs/reliability.md): the same situation
 * ends with the same exit code in every write command — `invoice batch --send`, `bank apply`,
 * `invoice create`. Each job gets the same faults: every write refused, the second refused, an
 * answer lost (the write carried out, its answer never read, the lookup unable to look), Ctrl-C while
 * a write is in flight, and Ctrl-C while an answer is lost.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { camt053, openInvoices, validIban, type OpenInvoice } from './bank-fixtures.js';
import { ndjson, records, spawnBin, until } from './batch-helpers.js';
import { bankSuite } from './bank-suite.js';
import { TOKENS } from './harness.js';

const IBAN = validIban('X0542811101000000123456');
const suite = bankSuite('outcomes', { acc_rossi: IBAN });
let n = 0;

interface Job {
  name: string;
  /** The writes' path on the service (a regular expression). */
  path: string;
  /** Steps of one run. */
  steps: number;
  /** The command's arguments for a fresh piece of work. */
  args(): Promise<string[]>;
}

const JOBS: Job[] = [
  {
    name: 'invoice batch',
    path: '/fatture/nuova/.*',
    steps: 2,
    async args() {
      const file = join(suite.dir, `batch-${++n}.ndjson`);
      writeFileSync(file, ndjson(records(2, { prefix: `O${n}` })));
      return ['invoice', 'batch', file, '--send', '--yes'];
    },
  },
  {
    name: 'bank apply',
    path: '/fatture/[^/]+/pagamenti',
    steps: 2,
    async args() {
      const seen = new Set<string>();
      const [a, b] = openInvoices(suite.h.emulator.store, 'acc_rossi').filter((i) => new Big(i.due).gt(100) && !seen.has(i.client) && seen.add(i.client)) as [
        OpenInvoice,
        OpenInvoice,
      ];
      const statement = join(suite.dir, `statement-${++n}.xml`);
      writeFileSync(
        statement,
        camt053(
          IBAN,
          [a, b].map((i, k) => ({ ref: `OC${n}-${k}`, date: '2026-11-19', amount: i.due, payer: i.client, text: `saldo fatt. n. ${i.number}` })),
        ),
      );
      const plan = join(suite.dir, `plan-${n}.json`);
      const match = await suite.h.run(['bank', 'match', statement, '--plan', plan, '-o', 'json'], { env: { FISCO_DATA_DIR: suite.data } });
      expect(match.exitCode, match.stderr).toBe(0);
      return ['bank', 'apply', plan, '--yes'];
    },
  },
  {
    name: 'invoice create',
    path: '/fatture/nuova/.*',
    steps: 1,
    async args() {
      return [
        'invoice',
        'create',
        ...['--client-name', `Esito ${++n} S.r.l.`, '--client-piva', '01234567897', '--client-address', 'Via Roma 1', '--client-cap', '20121'],
        ...['--client-city', 'Milano', '--numbering', 'Standard', '--payment-method', 'Bonifico Intesa', '--item', `Consulenza;1;${100 + n}.00;22`],
        '--send',
        '--yes',
      ];
    },
  },
];

const run = async (args: string[]) => suite.h.run(['--timeout', '1', ...args], { env: { FISCO_DATA_DIR: suite.data, FISCO_RETRY_BASE_MS: '20' } });

/**
 * The answer of the job's first write held (the write carried out) until the client gives up; with
 * `blind`, from then on every list read fails, so the lookup cannot tell. Resolves once it is held.
 */
async function loseAnswer(job: Job, blind: boolean, exited: () => boolean): Promise<void> {
  await until(() => exited() || suite.h.emulator.holding() === 1, 'the answer to be held', 20_000);
  if (blind) suite.h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', times: 1_000, action: 'status', status: 503 });
}

function holdAnswer(job: Job): void {
  suite.h.emulator.injectFault({ method: 'POST', path: job.path, times: 1, action: 'hold-answer' });
}

/** The command in a process of its own, Ctrl-C while the service holds the answer of its first write. */
async function interrupted(job: Job, blind: boolean): Promise<number | undefined> {
  holdAnswer(job);
  const child = spawnBin(suite.h, ['--timeout', '1', ...(await job.args())], TOKENS.prod, { FISCO_DATA_DIR: suite.data });
  let exited = false;
  void child.then(() => (exited = true));
  await loseAnswer(job, blind, () => exited);
  child.kill('SIGINT');
  const result = await child;
  return result.exitCode;
}

describe('one order of outcomes: the same situation, the same exit code, in every job', () => {
  for (const job of JOBS) {
    it(`${job.name}: every write refused → 6`, async () => {
      suite.h.emulator.injectFault({ method: 'POST', path: job.path, times: 100, action: 'status', status: 422 });
      const result = await run(await job.args());
      expect(result.exitCode, result.stderr).toBe(6);
    });

    if (job.steps > 1)
      it(`${job.name}: the second write refused → 11 (partial)`, async () => {
        suite.h.emulator.injectFault({ method: 'POST', path: job.path, after: 1, times: 1, action: 'status', status: 422 });
        const result = await run(await job.args());
        expect(result.exitCode, result.stderr).toBe(11);
      });

    it(`${job.name}: an answer lost and the lookup unable to tell → 9`, async () => {
      holdAnswer(job);
      let exited = false;
      const running = run(await job.args()).finally(() => (exited = true));
      await loseAnswer(job, true, () => exited);
      const result = await running;
      expect(result.exitCode, result.stderr).toBe(9);
    });

    it(`${job.name}: Ctrl-C while a write is in flight → ${job.steps > 1 ? '130 (the rest not sent)' : '0 (its one write done)'}`, async () => {
      expect(await interrupted(job, false)).toBe(job.steps > 1 ? 130 : 0);
    }, 30_000);

    it(`${job.name}: Ctrl-C and an answer lost → 9 (unknown beats interrupted)`, async () => {
      expect(await interrupted(job, true)).toBe(9);
    }, 30_000);
  }
});
