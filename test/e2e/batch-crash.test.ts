import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, TOKENS, type Harness } from './harness.js';
import { batchHarness, creationPosts, invoicesPerRecord, ndjson, oncePerRecord, records, spawnBin, until, type Rec } from './batch-helpers.js';

/**
 * The batch journal against kill -9 at every stage, a POST held by the service, dropped
 * connections, identical invoices made by someone else, a lookup that fails, edited records and
 * SIGTERM: every re-run ends with exactly one invoice per record (or stops with exit 9 and says
 * when to run again, or how to settle). A request that may still arrive is sent again only after
 * its deadline (--timeout 1 here) plus the 5 s margin: the cases that wait run concurrently, each
 * with its own records, and count only their own requests.
 */
let h: Harness;
let dir: string;
let batchNo = 0;

beforeAll(async () => {
  // Many short runs in a row: the service's limit is raised so that no run waits for another's window.
  ({ h, dir } = await batchHarness({ rateLimit: { limit: 100_000, windowMs: 60_000 } }));
}, 30_000);
afterAll(async () => h?.close());
afterEach(() => h.emulator.clearFaults());

const lastSeq = () => h.emulator.store.requests.at(-1)?.seq ?? 0;
/** A short deadline, so that a request in flight may be sent again 6 s after it left. */
const SHORT = ['--timeout', '1'];

/** The creation POSTs of these records since `from` (whatever other tests send meanwhile). */
const postsOf = (recs: Rec[], from: number) => {
  const names = new Set(recs.map((r) => r.client));
  return creationPosts(h, from).filter((r) => names.has((r.body as { cliente?: { name?: string } } | null)?.cliente?.name ?? ''));
};

/** A fresh batch of `n` records (own refs and clients) in its own file. */
function batch(n: number): { recs: Rec[]; file: string } {
  const prefix = `X${++batchNo}`;
  // Clients of their own (name and VAT number): batches running at once never look like each other's records.
  const recs = records(n, { prefix, vatBase: 100_000 + batchNo * 100 });
  const file = join(dir, `${prefix}.ndjson`);
  writeFileSync(file, ndjson(recs));
  return { recs, file };
}

async function pendingRules(): Promise<unknown[]> {
  const answer = (await (await fetch(`${h.emulator.url}/__emulator/faults`)).json()) as { data: { rules: unknown[] } };
  return answer.data.rules;
}

/** Creates an invoice identical to `rec` straight through the API (as another person or process would). */
async function createIdentical(rec: Rec): Promise<string> {
  const body = JSON.parse(ndjson([rec]));
  delete body.ref;
  body.articoli = body.articoli.map((a: Record<string, string>) => ({ ...a, quantita: Number(a.quantita), prezzo: Number(a.prezzo), iva: Number(a.iva) }));
  const response = await fetch(`${h.emulator.url}/fatture/nuova/manuale`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, invia_sdi: false }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

describe.concurrent('kill -9 at every stage of a record, at several positions', () => {
  for (const stage of ['before-sending', 'after-sending', 'after-response'] as const) {
    for (const position of [1, 3]) {
      it(`${stage}:${position}: the re-run ends with exactly one invoice per record`, async () => {
        const { recs, file } = batch(4);
        const crashed = await spawnBin(h, [...SHORT, 'invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: `${stage}:${position}` });
        expect(crashed.signal).toBe('SIGKILL');
        const made = invoicesPerRecord(h, recs);
        // What the crash left: every record before it created, the one at it only if its POST was answered.
        expect(Object.values(made).reduce((a, b) => a + b, 0)).toBe(position - 1 + (stage === 'after-response' ? 1 : 0));
        // A record announced but not answered (after-sending) may still arrive: without --wait, exit 9 says when to run again.
        if (stage === 'after-sending') {
          const early = await h.run([...SHORT, 'invoice', 'batch', file, '--draft']);
          expect(early.exitCode, early.stderr).toBe(9);
          expect(early.stderr).toMatch(
            new RegExp(`${recs[position - 1].ref}: its request may still reach the service; sent again only after \\S+ \\(in \\d+ s\\)`),
          );
          expect(early.stderr).toContain('or add --wait');
        }
        const rerun = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--wait'], { timeout: 30_000 });
        expect(rerun.stderr).toContain('4 of 4 created as drafts');
        expect(rerun.exitCode).toBe(0);
        expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
        if (stage === 'after-response') {
          expect(parseJson(rerun.stdout)[position - 1]).toMatchObject({ status: 'created', message: 'found by the lookup after an unknown outcome' });
        }
      }, 40_000);
    }
  }
});

describe('kill -9 while the service holds the POST', () => {
  for (const position of [1, 2]) {
    it(`held before it is handled (position ${position}): nothing was created; the re-run waits for its deadline, looks again, sends it once`, async () => {
      const { recs, file } = batch(3);
      if (position > 1)
        expect((await spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: `before-sending:${position}` })).signal).toBe(
          'SIGKILL',
        );
      h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'hang' });
      const child = spawnBin(h, [...SHORT, 'invoice', 'batch', file, '--draft'], TOKENS.prod);
      await until(async () => (await pendingRules()).length === 0, 'the held POST').catch(async (error) => {
        child.kill('SIGKILL');
        const r = await child;
        throw new Error(`${(error as Error).message}: ${String(r.stderr)}`);
      });
      child.kill('SIGKILL');
      await child;
      // The held POST is logged once the emulator sees its connection close: only then does the re-run's count start.
      await until(() => postsOf(recs, 0).some((p) => p.fault === 'rule:hang'), 'the held POST in the log');
      expect(invoicesPerRecord(h, recs)[recs[position - 1].ref]).toBe(0);
      const from = lastSeq();
      const rerun = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--wait'], { timeout: 30_000 });
      expect(rerun.exitCode, rerun.stderr).toBe(0);
      expect(rerun.stderr).toMatch(new RegExp(`waiting until \\S+ \\(\\d+ s\\) before sending ${recs[position - 1].ref} again`));
      expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
      expect(postsOf(recs, from)).toHaveLength(3 - position + 1);
    }, 40_000);

    it(`held after it was handled (position ${position}): the re-run finds it by the lookup and creates no second one`, async () => {
      const { recs, file } = batch(3);
      if (position > 1)
        expect((await spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: `before-sending:${position}` })).signal).toBe(
          'SIGKILL',
        );
      // The service creates the invoice, then its answer trickles one byte a minute.
      h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'trickle', intervalMs: 60_000 });
      const child = spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod);
      await until(() => invoicesPerRecord(h, recs)[recs[position - 1].ref] === 1, 'the held invoice to be created');
      child.kill('SIGKILL');
      expect((await child).signal).toBe('SIGKILL');
      const from = lastSeq();
      const rerun = await h.run(['invoice', 'batch', file, '--draft']);
      expect(rerun.exitCode).toBe(0);
      expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
      expect(creationPosts(h, from)).toHaveLength(3 - position);
      expect(parseJson(rerun.stdout)[position - 1]).toMatchObject({
        ref: recs[position - 1].ref,
        status: 'created',
        message: 'found by the lookup after an unknown outcome',
      });
    }, 30_000);
  }
});

describe('unknown outcomes within a run', () => {
  it('a dropped connection after the service created the invoice is resolved by the lookup', async () => {
    const { recs, file } = batch(3);
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'drop-after' });
    const run = await h.run(['invoice', 'batch', file, '--draft']);
    expect(run.exitCode).toBe(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    const rows = parseJson(run.stdout);
    expect(rows[0]).toMatchObject({ ref: recs[0].ref, status: 'created', message: 'found by the lookup after an unknown outcome' });
    expect(rows[0].id).toBe(h.emulator.store.invoices.find((i) => i.counterpart.name === recs[0].client)!.id);
  });

  it('a dropped connection before the service handled it: not found, it waits (exit 9); --wait sends it once its time has come', async () => {
    const { recs, file } = batch(2);
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'drop-before' });
    const run = await h.run([...SHORT, 'invoice', 'batch', file, '--draft']);
    expect(run.exitCode).toBe(9);
    expect(run.stderr).toContain('1 waiting');
    expect(parseJson(run.stdout)[0]).toMatchObject({ ref: recs[0].ref, status: 'waiting' });
    expect(invoicesPerRecord(h, recs)).toEqual({ [recs[0].ref]: 0, [recs[1].ref]: 1 });
    const rerun = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--wait'], { timeout: 30_000 });
    expect(rerun.exitCode).toBe(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  }, 40_000);
});

describe('identical invoices made by someone else since the batch began count as the record’s', () => {
  it('two of them for one record in flight: the record is found, not sent again, and the surplus named', async () => {
    const { recs, file } = batch(3);
    expect((await spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: 'after-sending:2' })).signal).toBe('SIGKILL');
    const ids = [await createIdentical(recs[1]), await createIdentical(recs[1])];
    const from = lastSeq();
    const rerun = await h.run(['invoice', 'batch', file, '--draft']);
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect(creationPosts(h, from)).toHaveLength(1); // only the third record
    expect(parseJson(rerun.stdout)[1]).toMatchObject({ ref: recs[1].ref, status: 'created', id: ids[0] });
    expect(invoicesPerRecord(h, recs)).toEqual({ [recs[0].ref]: 1, [recs[1].ref]: 2, [recs[2].ref]: 1 });
  }, 30_000);
});

describe('a lookup that fails after a lost answer stops with exit 9; --resolve settles it both ways', () => {
  /**
   * The GETs of the invoices before the sends pass (the check for an earlier run, the company's outbound drafts at 100 a
   * page; the clock; the lookup before sending); the lookup after the lost answer fails.
   */
  const failLookupAfter = (action: 'drop-after' | 'drop-before') => {
    const pages = Math.max(
      1,
      Math.ceil(h.emulator.store.invoices.filter((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound' && i.sdi_status === 'draft').length / 100),
    );
    h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', after: pages + 2, times: 1_000, action: 'status', status: 503 });
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action });
  };

  it('REF=created:ID continues without sending it', async () => {
    const { recs, file } = batch(3);
    failLookupAfter('drop-after');
    const stopped = await h.run(['invoice', 'batch', file, '--draft']);
    h.emulator.clearFaults();
    expect(stopped.exitCode, stopped.stderr).toBe(9);
    expect(stopped.stderr).toMatch(new RegExp(`${recs[0].ref}: .*looking it up failed too`));
    expect(stopped.stderr).toContain(`--resolve ${recs[0].ref}=created:ID`);
    expect(stopped.stderr).toContain(`--resolve ${recs[0].ref}=absent`);
    const id = h.emulator.store.invoices.find((i) => i.counterpart.name === recs[0].client)!.id;
    const from = lastSeq();
    const resolved = await h.run(['invoice', 'batch', file, '--draft', '--resolve', `${recs[0].ref}=created:${id}`]);
    expect(resolved.exitCode, resolved.stderr).toBe(0);
    expect(creationPosts(h, from)).toHaveLength(2);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    expect(parseJson(resolved.stdout)[0]).toMatchObject({ ref: recs[0].ref, status: 'created', id });
  }, 30_000);

  it('REF=absent: the record is sent by the run; a record whose outcome is known cannot be resolved by hand', async () => {
    const { recs, file } = batch(2);
    failLookupAfter('drop-before');
    expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(9);
    h.emulator.clearFaults();
    const status = await h.run(['invoice', 'batch', file, '--status']);
    expect(parseJson(status.stdout).map((r: { state: string }) => r.state)).toEqual(['unknown', 'planned']);
    const from = lastSeq();
    const resolved = await h.run(['invoice', 'batch', file, '--draft', '--resolve', `${recs[0].ref}=absent`]);
    expect(resolved.exitCode, resolved.stderr).toBe(0);
    expect(creationPosts(h, from)).toHaveLength(2);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    const refused = await h.run(['invoice', 'batch', file, '--resolve', `${recs[0].ref}=absent`]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/its outcome is known \(done\)/);
  }, 30_000);
});

describe('an edited record is refused on re-run', () => {
  it('edited after it was created: refused with its ref, nothing sent again', async () => {
    const { recs, file } = batch(3);
    expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace(`"prezzo":"${recs[1].items[0].price}"`, '"prezzo":"999.00"'));
    const from = lastSeq();
    const rerun = await h.run(['invoice', 'batch', file, '--draft']);
    expect(rerun.exitCode).toBe(11);
    expect(rerun.stderr).toContain('1 edited since created (refused)');
    expect(parseJson(rerun.stdout)[1]).toMatchObject({ ref: recs[1].ref, status: 'changed' });
    expect(creationPosts(h, from)).toHaveLength(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  });

  it('edited while it was in flight (created, answer lost): the lookup finds the first version, the edit is refused', async () => {
    const { recs, file } = batch(2);
    expect((await spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: 'after-response:1' })).signal).toBe('SIGKILL');
    writeFileSync(file, readFileSync(file, 'utf8').replace(`"prezzo":"${recs[0].items[0].price}"`, '"prezzo":"999.00"'));
    const rerun = await h.run(['invoice', 'batch', file, '--draft']);
    expect(rerun.exitCode).toBe(11);
    expect(parseJson(rerun.stdout)[0]).toMatchObject({ ref: recs[0].ref, status: 'changed' });
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  });
});

describe('SIGTERM during a run', () => {
  it('finishes the request in flight, journals it, exits 143 saying what was done; the re-run completes', async () => {
    const { recs, file } = batch(5);
    h.emulator.setFaults({ latencyMs: 150 });
    const from = lastSeq();
    const child = spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod);
    await until(() => creationPosts(h, from).length >= 2, 'two creations');
    child.kill('SIGTERM');
    const result = await child;
    expect(result.exitCode).toBe(143);
    expect(String(result.stderr)).toMatch(/interrupted by SIGTERM after the write in flight: \d of 5 created as drafts/);
    const made = Object.values(invoicesPerRecord(h, recs)).reduce((a, b) => a + b, 0);
    expect(made).toBeGreaterThanOrEqual(2);
    expect(made).toBeLessThan(5);
    h.emulator.setFaults({ latencyMs: 0 });
    const rerun = await h.run(['invoice', 'batch', file, '--draft']);
    expect(rerun.exitCode).toBe(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  }, 30_000);
});

describe('a result file that cannot be written after the work was done', () => {
  it('exits 12 naming the path, with the summary; the journal is exact and a re-run sends nothing', async () => {
    const { recs, file } = batch(3);
    const folder = join(dir, 'results-gone');
    mkdirSync(folder);
    h.emulator.setFaults({ latencyMs: 150 });
    const from = lastSeq();
    const running = h.run(['invoice', 'batch', file, '--draft', '--result', join(folder, 'result.csv')]);
    await until(() => creationPosts(h, from).length >= 1, 'the first creation');
    rmSync(folder, { recursive: true });
    const run = await running;
    expect(run.exitCode).toBe(12);
    expect(run.stderr).toMatch(/--result .*results-gone\/result\.csv: cannot write \(ENOENT\); 3 of 3 created as drafts/);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    h.emulator.setFaults({ latencyMs: 0 });
    const mark = lastSeq();
    const again = await h.run(['invoice', 'batch', file, '--draft']);
    expect(again.exitCode).toBe(0);
    expect(creationPosts(h, mark)).toHaveLength(0);
  });
});
