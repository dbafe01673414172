/**
 * `--all-accounts` / `--accounts` for any read verb, with no change to the verb: it runs once per
 * company with a share of the run (Factory.forCompany) whose client sends that company's `account_id` (a view of the ONE shared
 * client, so one pacing budget) and whose output feeds one merged document. Records gain
 * `account_id` (when the API left it out) and `company` (the company's name); tables and CSV
 * gain a Company column. The merged list streams in the companies' order while the next few
 * companies are already being fetched.
 *
 * The first company's run starts before the company list is known: the list is fetched when
 * that run first asks for its client, so a flag the verb refuses stops everything before any
 * request is sent.
 */
import type { Output } from '../output/output.js';
import type { View } from '../output/view.js';
import { companyLabel, type Company } from './companies.js';
import { failureSummary, isCompanyFailure, Portfolio, type PortfolioRun } from './run.js';
import type { Selection } from './select.js';
import { t, joined, type Text } from '../i18n/message.js';

const CONCURRENCY = 3;

type Entry = { kind: 'record'; value: unknown } | { kind: 'text'; text: string };

/** What one company's run emitted, drained in order by the writer. */
class Lane {
  company?: Company;
  mode?: 'records' | 'text';
  view?: View;
  private readonly entries: Entry[] = [];
  private finished = false;
  /** Records this company's run emitted (kept when it fails part-way). */
  emitted = 0;
  private wake?: () => void;

  push(entry: Entry): void {
    this.mode ??= entry.kind === 'record' ? 'records' : 'text';
    if (entry.kind === 'record') this.emitted++;
    this.entries.push(entry);
    this.signal();
  }

  /** A list call with no items still makes this lane a list (an empty company in a JSON array). */
  declareList(view: View): void {
    this.mode ??= 'records';
    this.view ??= view;
    this.signal();
  }

  finish(): void {
    this.finished = true;
    this.signal();
  }

  /** Resolves once the lane knows what it emits, or is finished. */
  async settledMode(): Promise<void> {
    while (this.mode === undefined && !this.finished) await new Promise<void>((resolve) => (this.wake = resolve));
  }

  async *drain(): AsyncGenerator<Entry> {
    for (;;) {
      const entry = this.entries.shift();
      if (entry) yield entry;
      else if (this.finished) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** The output a company's run writes to: the Output methods commands use, feeding its lane. */
class CompanyOutput {
  constructor(
    private readonly root: Output,
    private readonly lane: Lane,
  ) {}

  get format() {
    return this.root.format;
  }

  get options() {
    return this.root.options;
  }

  async list<T>(items: AsyncIterable<T> | Iterable<T>, view: View = {}): Promise<number> {
    this.lane.declareList(view);
    let count = 0;
    for await (const item of items) {
      this.lane.push({ kind: 'record', value: item });
      count++;
    }
    return count;
  }

  async item(record: unknown, view: View = {}): Promise<void> {
    this.lane.declareList(view);
    this.lane.push({ kind: 'record', value: record });
  }

  data(text: string): boolean {
    this.lane.push({ kind: 'text', text });
    return true;
  }

  info(message: Text): void {
    this.root.info(this.prefixed(message));
  }

  success(message: Text): void {
    this.root.success(this.prefixed(message));
  }

  warn(message: Text): void {
    this.root.warn(this.prefixed(message));
  }

  /** The message with its company's name before it, in the run's language (the name is the company's, never translated). */
  private prefixed(message: Text): Text {
    return this.lane.company ? joined([this.lane.company.name || this.lane.company.id, message], ': ') : message;
  }
}

/** A record as a portfolio shows it: its company's id and name beside the API's fields. */
export function tagRecord(record: unknown, company: Company): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return { account_id: company.id, company: company.name, value: record };
  const fields = record as Record<string, unknown>;
  return { ...fields, account_id: fields.account_id ?? company.id, company: company.name };
}

/** The verb's view with the company first: a Company column in tables, account_id and company first in CSV. */
export function portfolioView(view: View): View {
  return {
    ...view,
    columns: view.columns ? [{ key: 'company', label: t`Company` }, ...view.columns] : undefined,
    fields: view.fields ? ['account_id', 'company', ...view.fields.filter((f) => f !== 'account_id' && f !== 'company')] : undefined,
  };
}

/** What a fan-out needs of its run (src/factory/factory.ts's Factory is one): `R` is what each company's run is handed. */
export interface FanOutRun<R> extends PortfolioRun {
  readonly output: Output;
  /** One company's share of the run: its view of the client (the company's id asked for on first use) and its output. */
  forCompany(id: () => Promise<string>, output: Output): R;
}

/** `runVerb` is the verb's run with its arguments and options bound: fan-out gives it each company's share of the run. */
export async function fanOutVerb<R>(runVerb: (company: R) => Promise<void>, root: FanOutRun<R>, selection: Selection): Promise<void> {
  const portfolio = new Portfolio(root, selection);
  const lanes: Lane[] = [new Lane()];
  let requested!: () => void;
  const companiesRequested = new Promise<void>((resolve) => (requested = resolve));
  const runFor = (index: number, company?: Company): Promise<void> => {
    const lane = lanes[index]!;
    lane.company = company;
    const id = async () => {
      requested();
      const companies = await portfolio.companies();
      lane.company = companies[index];
      return companies[index]!.id;
    };
    return runVerb(root.forCompany(id, new CompanyOutput(root.output, lane) as unknown as Output));
  };

  // The first company's run: its options are checked before its first request.
  const first = runFor(0).then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const early = await Promise.race([first, companiesRequested.then(() => undefined)]);
  if (early && !early.ok && !isCompanyFailure(early.error)) throw early.error;
  const companies = await portfolio.companies();
  if (companies.length === 0) {
    root.output.info(t`This token manages no companies.`);
    return;
  }
  for (let i = 1; i < companies.length; i++) lanes.push(new Lane());
  lanes.forEach((lane, i) => (lane.company = companies[i]));

  const writer = writeLanes(root, lanes);
  writer.catch(() => undefined); // awaited below; a run that aborts first must not leave it unhandled
  const outcomes = await portfolio.each(
    companies,
    async (company) => {
      const index = companies.indexOf(company);
      try {
        if (index > 0) return await runFor(index, company);
        const result = await first;
        if (!result.ok) throw result.error;
      } finally {
        lanes[index]!.finish();
      }
    },
    { concurrency: CONCURRENCY, label: t`Reading` },
  );
  await writer;
  // A company that failed part-way keeps the records it had emitted (they were written); the summary says how many.
  const failure = failureSummary(outcomes, (company) => lanes[companies.indexOf(company)]?.emitted ?? 0);
  if (failure) throw failure;
}

/** Writes every lane in the companies' order: records as one merged list, text blocks under a heading. */
async function writeLanes(root: FanOutRun<unknown>, lanes: Lane[]): Promise<void> {
  const output = root.output;
  let index = 0;
  for (; index < lanes.length; index++) {
    const lane = lanes[index]!;
    await lane.settledMode();
    if (lane.mode === 'records') break;
    if (lane.mode === 'text') await writeText(root, lane);
  }
  if (index >= lanes.length) return;
  const view = portfolioView(lanes[index]!.view ?? {});
  async function* merged(): AsyncGenerator<unknown> {
    for (let i = index; i < lanes.length; i++) {
      const lane = lanes[i]!;
      await lane.settledMode();
      if (lane.mode === 'text') {
        await writeText(root, lane);
        continue;
      }
      for await (const entry of lane.drain()) if (entry.kind === 'record') yield tagRecord(entry.value, lane.company!);
    }
  }
  await output.list(merged(), view);
}

async function writeText(root: FanOutRun<unknown>, lane: Lane): Promise<void> {
  let first = true;
  for await (const entry of lane.drain()) {
    if (entry.kind !== 'text') continue;
    if (first) root.io.progressDone(); // the progress line shares the terminal with the data
    if (first && lane.company) root.output.data(`== ${companyLabel(lane.company)} ==\n`);
    first = false;
    root.output.data(entry.text);
  }
}
