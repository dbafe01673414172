/**
 * Running work over several companies of a firm token: one worker per company, a few at a time,
 * every request through the ONE shared client (each company gets a view of it that sends its
 * `account_id`), so the whole run stays inside the token's pacing budget. A company that fails
 * never stops the others; the failures are gathered into one summary (exit 11).
 */
import type { ApiClient } from '../api/client.js';
import { ExitCode, FiscoError, PartialError } from '../errors.js';
import { progressBar } from '../io/progress.js';
import { companyLabel, pickCompanies, type Company } from './companies.js';
import { tokenCompanies, type TokenRun } from './token-kind.js';
import type { Selection } from './select.js';
import { t, type Text } from '../i18n/message.js';

/** What a run over companies needs of its run (src/factory/factory.ts's Factory is one). */
export interface PortfolioRun extends TokenRun {
  /** The client the run's verb talks with: each company gets its view of it. */
  client(): Promise<ApiClient>;
  /** The progress line (on a terminal only). */
  readonly io: { progress(message: Text): void; progressDone(): void };
  /** Offline: refuses (exit 2) a selection that covers a company the mirror never synced, naming them and the sync. */
  mirrorCovers?(companies: readonly Company[], selection: Selection): Promise<void>;
}

export type Outcome<R> = { company: Company; ok: true; value: R } | { company: Company; ok: false; error: FiscoError };

/** A failure that belongs to one company (403, 404, 5xx or network trouble after retries): the others go on. */
export function isCompanyFailure(error: unknown): error is FiscoError {
  return error instanceof FiscoError && error.exitCode !== ExitCode.usage && error.exitCode !== ExitCode.interrupted;
}

export interface EachOptions {
  /** Companies worked on at once; the pacer bounds the requests anyway. */
  concurrency?: number;
  /** What the progress line says is being done. */
  label: Text;
}

export class Portfolio {
  private companiesPromise?: Promise<Company[]>;

  constructor(
    readonly run: PortfolioRun,
    readonly selection: Selection,
  ) {}

  /** The selected companies, by the one rule (token-kind.ts: a company token's own, a firm's from GET /v1/accounts), fetched once per run. */
  companies(): Promise<Company[]> {
    this.companiesPromise ??= (async () => {
      const companies = pickCompanies(await tokenCompanies(this.run), this.selection);
      // Offline, a fan-out never answers for part of the companies in silence.
      if (this.run.offline) await this.run.mirrorCovers?.(companies, this.selection);
      return companies;
    })();
    return this.companiesPromise;
  }

  /** The shared client acting on one company. */
  async clientFor(company: Company): Promise<ApiClient> {
    return (await this.run.client()).forAccount(company.id);
  }

  /** Runs `worker` for every company; outcomes in the companies' order. A non-company error (a bug, Ctrl-C) stops the run. */
  async each<R>(companies: Company[], worker: (company: Company, client: ApiClient) => Promise<R>, options: EachOptions): Promise<Outcome<R>[]> {
    const outcomes: Outcome<R>[] = new Array(companies.length);
    const progress = new PortfolioProgress(this.run.io, companies.length, options.label);
    let next = 0;
    const run = async () => {
      while (next < companies.length) {
        const index = next++;
        const company = companies[index]!;
        progress.start(company);
        try {
          outcomes[index] = { company, ok: true, value: await worker(company, await this.clientFor(company)) };
        } catch (error) {
          if (!isCompanyFailure(error)) throw error;
          outcomes[index] = { company, ok: false, error };
        }
        progress.finish(company, outcomes[index]!.ok);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 3, companies.length)) }, run));
    } finally {
      progress.close();
    }
    return outcomes;
  }
}

/** The error that ends a run with failed companies, or undefined when every company succeeded. */
export function failureSummary(outcomes: readonly Outcome<unknown>[], kept?: (company: Company) => number): FiscoError | undefined {
  const failed = outcomes.filter((o): o is Extract<Outcome<unknown>, { ok: false }> => !o.ok);
  if (failed.length === 0) return undefined;
  const hints = failed.map((f): Text => {
    const before = kept?.(f.company) ?? 0;
    const words = typeof f.error.text === 'string' ? oneLine(f.error.text) : f.error.text;
    const line = t`${companyLabel(f.company)}: ${words} (exit ${f.error.exitCode})`;
    if (before === 0) return line;
    return before === 1 ? t`${line}; the 1 record read before the failure is included` : t`${line}; the ${before} records read before the failure are included`;
  });
  if (failed.length === outcomes.length) {
    return new FiscoError(t`no company done: all ${outcomes.length} failed`, failed[0]!.error.exitCode, hints);
  }
  return new PartialError(t`partly done: ${failed.length} of ${outcomes.length} companies failed; the others are complete`, hints);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** "Companies [####----] 2/5 · 1 failed · Verdi Costruzioni S.p.A.": on a terminal only (io.progress). */
class PortfolioProgress {
  private done = 0;
  private failed = 0;
  private readonly active: Company[] = [];

  constructor(
    private readonly io: PortfolioRun['io'],
    private readonly total: number,
    private readonly label: Text,
  ) {}

  start(company: Company): void {
    this.active.push(company);
    this.draw();
  }

  finish(company: Company, ok: boolean): void {
    this.active.splice(this.active.indexOf(company), 1);
    this.done++;
    if (!ok) this.failed++;
    this.draw();
  }

  close(): void {
    this.io.progressDone();
  }

  private draw(): void {
    const now = this.active.map((c) => c.name || c.id).join(', ');
    this.io.progress(
      t`${this.label} ${progressBar(this.done, this.total)} ${this.done}/${this.total} companies${this.failed ? t` · ${this.failed} failed` : ''}${now ? t` · ${now}` : ''}`,
    );
  }
}
