/**
 * Never twice, as a property (issue 37): fast-check generates jobs with twins (steps whose writes
 * the service's list cannot tell apart), kill points (the process gone before a request, with a
 * request in flight, or after the service carried a write out but before its answer was journaled:
 * src/io/crash-point.ts, reached here through its global hook), and a slow service (a write applied
 * only after its client gave up, before its deadline has passed). The real journal and driver run
 * against an in-memory service whose lookup settles by the twin rule (src/journal/twins.ts); runs
 * follow until one ends done. Then the service holds each step's write exactly once and every
 * result names a distinct write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_POINT, type CrashStage } from '../../../src/io/crash-point.js';
import { Journal, journalPath } from '../../../src/journal/journal.js';
import { runJournaled, type RunHooks, type Settled, type Step } from '../../../src/journal/run.js';
import { settleTwins, type Shown } from '../../../src/journal/twins.js';

interface Write {
  id: string;
  shown: Shown;
}

class Killed extends Error {}

/** What happens to the run: killed at a stage of its k-th step, and whether each request is applied late. */
interface RunPlan {
  kill?: { stage: CrashStage; step: number };
  late: boolean[];
  /** Whether the run starts after every earlier request's deadline has passed. */
  afterDeadline: boolean;
}

const shownArb = fc.record({
  name: fc.constantFrom('Rossi', 'Bianchi', undefined),
  vat: fc.constantFrom('01234567890', '09876543210'),
  total: fc.constantFrom('100.00', '122.00'),
});
const runArb = (steps: number) =>
  fc.record({
    kill: fc.option(
      fc.record({ stage: fc.constantFrom<CrashStage>('before-sending', 'after-sending', 'after-response'), step: fc.integer({ min: 1, max: steps }) }),
      { nil: undefined },
    ),
    late: fc.array(fc.boolean(), { minLength: steps, maxLength: steps }),
    afterDeadline: fc.boolean(),
  });
const jobArb = fc
  .array(shownArb, { minLength: 1, maxLength: 6 })
  .chain((shown) => fc.record({ shown: fc.constant(shown), runs: fc.array(runArb(shown.length), { minLength: 1, maxLength: 4 }) }));

const dir = mkdtempSync(join(tmpdir(), 'fisco-property-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let made = 0;

async function play(job: { shown: Shown[]; runs: RunPlan[] }): Promise<void> {
  const path = journalPath(dir, 'batch', ['p', String(++made)]);
  const header = { kind: 'batch' as const, id: `p${made}`, profile: 'p' };
  const service: Write[] = [];
  /** Requests the service holds, applied once their client gave up (before their deadline passes). */
  let pending: Write[] = [];
  let ids = 0;
  let clock = Date.now();
  const steps: Step<Shown>[] = job.shown.map((shown, k) => ({ key: `S${k + 1}`, hash: `h${k}`, item: shown }));
  // The last runs are calm: no kill, every answer on time, after every deadline.
  const calm: RunPlan = { late: steps.map(() => false), afterDeadline: true };
  const runs = [...job.runs, calm, calm];
  for (const plan of runs) {
    // A request held by the slow service arrives before its deadline (the contract the resend rule relies on).
    if (plan.afterDeadline || pending.length > 0) {
      service.push(...pending);
      pending = [];
    }
    if (plan.afterDeadline) clock += 120_000;
    let sends = 0;
    const hooks: RunHooks<Shown> = {
      async lookup(asked): Promise<Map<string, Settled>> {
        const journal = current!;
        const { assigned } = settleTwins(
          steps.map((s) => ({ key: s.key, shown: s.item, done: journal.get(s.key)?.state === 'done' ? journal.get(s.key)!.result : undefined })),
          service,
          { shownOf: (w) => w.shown, tie: (done, writes) => done.map((d) => writes.find((w) => w.id === (d as { id: string }).id)) },
        );
        return new Map(asked.filter((s) => assigned.has(s.key)).map((s) => [s.key, { state: 'done', result: { id: assigned.get(s.key)!.id } }]));
      },
      async send(step) {
        const write = { id: `w${++ids}`, shown: step.item };
        if (plan.late[sends++]) {
          pending.push(write);
          return { state: 'unknown', message: 'no answer within the deadline' };
        }
        service.push(write);
        return { state: 'done', result: { id: write.id } };
      },
      writeOf: (result) => String(result.id),
    };
    let current: Journal | undefined = await Journal.open(path, header);
    (globalThis as Record<symbol, unknown>)[CRASH_POINT] = (stage: CrashStage, at: number) => {
      if (plan.kill && plan.kill.stage === stage && plan.kill.step === at) throw new Killed();
    };
    let outcome: Awaited<ReturnType<typeof runJournaled>> | undefined;
    try {
      outcome = await runJournaled(current, steps, hooks, { timeoutMs: 1_000, now: () => clock });
    } catch (error) {
      if (!(error instanceof Killed)) throw error;
    } finally {
      delete (globalThis as Record<symbol, unknown>)[CRASH_POINT];
      await current.close();
      current = undefined;
    }
    const done = outcome && steps.every((s) => outcome!.entries.get(s.key)?.state === 'done');
    if (done && plan === calm) break;
  }
  service.push(...pending);
  const journal = await Journal.open(path, header);
  try {
    const results = steps.map((s) => journal.get(s.key));
    expect(results.map((e) => e?.state)).toEqual(steps.map(() => 'done'));
    const named = results.map((e) => String(e!.result!.id));
    // Every result names a distinct write, one the service holds, of its step's content.
    expect(new Set(named).size).toBe(steps.length);
    named.forEach((id, k) => expect(service.find((w) => w.id === id)?.shown).toEqual(steps[k]!.item));
    // The service holds each step exactly once.
    expect(service.length).toBe(steps.length);
  } finally {
    await journal.close();
  }
}

describe('never twice, as a property', () => {
  it('jobs with twins, kill points and a slow service: each step held once, each result its own write', async () => {
    await fc.assert(
      fc.asyncProperty(jobArb, (job) => play(job)),
      { numRuns: 150, seed: 37 },
    );
  }, 120_000);
});
