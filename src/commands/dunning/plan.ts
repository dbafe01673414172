import { createHash, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { slugify } from '../../domain/slug.js';
import { letterContent } from '../../dunning/content.js';
import { letterHtml } from '../../dunning/html.js';
import { legacyNames, readDunningHistory, sentLetters, warnUnreadEnvJournal } from '../../dunning/journal.js';
import { badAddresses, companyPlan, postReasonText, LEVEL_TITLES, TERM_DAYS, type Level, type Letter, type LetterCompany } from '../../dunning/letter.js';
import { letterPdf } from '../../dunning/pdf.js';
import { planText, PLAN_KIND, PLAN_VERSION, type DunningPlan, type PlanLetter } from '../../dunning/plan-file.js';
import { parseRatesFile, shippedRates, type RatesTable } from '../../dunning/rates-table.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { EDITED_FILE_MAX_BYTES, readInputFile } from '../../io/input-file.js';
import { assertWritableFolder } from '../../io/paths.js';
import type { View } from '../../output/view.js';
import { companyLabel, type Company } from '../../portfolio/companies.js';
import { failureSummary, Portfolio } from '../../portfolio/run.js';
import { onlineSource } from '../../receivables/source.js';
import { applier } from '../journaled.js';
import { companyItems, readContacts, serviceToday } from '../../receivables/read.js';
import type { PLAN_FLAGS } from './flags.js';
import { day, t } from '../../i18n/message.js';

async function readRates(file: string | undefined): Promise<RatesTable> {
  if (file === undefined) return shippedRates();
  const hint = t`give a CSV of from,rate: the first day of each half-year and its reference rate in percent`;
  const bytes = await readInputFile(file, `--rates ${file}`, hint, EDITED_FILE_MAX_BYTES);
  return parseRatesFile(bytes.toString('utf8'), file);
}

interface CompanyPlan {
  company: LetterCompany;
  letters: Letter[];
  apart: DunningPlan['apart'];
  waiting: NonNullable<DunningPlan['waiting']>;
  inDoubt: string[];
}

export async function run(_args: string[], options: FlagValues<typeof PLAN_FLAGS>, factory: Factory): Promise<void> {
  const [rates, contacts] = await Promise.all([readRates(options.rates), readContacts(options.contacts)]);
  await assertWritableFolder(options.out, '--out');
  const planFile = options.plan ?? join(options.out, 'piano.json');
  const here = await applier(factory);
  const selection = new Portfolio(factory, await factory.selection());
  const companies = await selection.companies();
  const asOf = options.asOf ?? (await serviceToday(await factory.client()));
  const data = factory.dataDir;
  const profiles = await legacyNames(factory, here);
  const outcomes = await selection.each(
    companies,
    async (company, client): Promise<CompanyPlan> => {
      const source = onlineSource(client);
      // The letters' journal is read from disk (no request): before the two reads that go to the service.
      const history = readDunningHistory(data, { service: here.baseUrl, profiles }, company.id);
      warnUnreadEnvJournal(factory, here, company.id);
      const [read, methods] = await Promise.all([companyItems(source, asOf, contacts), source.paymentMethods()]);
      const { letters, waiting } = companyPlan({
        account: company.id,
        items: read.items,
        asOf,
        minDays: options.minDays,
        rates,
        compensation: options.compensation,
        sent: history.sent,
        history: sentLetters(history.done),
        graceDays: options.minInterval,
      });
      const iban = methods.find((m) => m.iban && m.iban.trim() !== '')?.iban?.replace(/\s+/g, '') ?? null;
      return {
        company: { id: company.id, name: company.name, vat_number: company.vat_number ?? null, iban },
        letters,
        waiting: waiting.map((w) => ({
          account: company.id,
          client: w.client.name,
          level: w.level,
          last_date: w.last.date,
          last_level: w.last.level,
          from: w.from,
        })),
        apart: read.apart.map((a) => ({ account: company.id, ...a })),
        inDoubt: history.inDoubt.map((e) => e.key),
      };
    },
    { label: t`Planning reminders` },
  );
  const done = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
  const plan = await writePlan(factory, {
    done,
    rates,
    asOf,
    here,
    out: options.out,
    planFile,
    minDays: options.minDays,
    minInterval: options.minInterval,
    compensation: options.compensation,
  });
  report(factory, done, companies, plan, planFile);
  await factory.output.list(resultRows(plan), RESULT_VIEW);
  const failure = failureSummary(outcomes);
  if (failure) throw failure;
}

interface WriteJob {
  done: CompanyPlan[];
  rates: RatesTable;
  asOf: string;
  here: { profile: string; baseUrl: string };
  out: string;
  planFile: string;
  minDays: number;
  minInterval: number;
  compensation: boolean;
}

/** Each letter as HTML and PDF in its company's folder, then the plan (atomically), naming the files relative to it. */
async function writePlan(factory: Factory, job: WriteJob): Promise<DunningPlan> {
  const created = new Date();
  const base = dirname(resolve(job.planFile));
  const letters: PlanLetter[] = [];
  for (const { company, letters: own } of job.done) {
    const folder = join(job.out, `${slugify(company.name) || 'company'}_${slugify(company.id)}`);
    if (own.length) await mkdir(folder, { recursive: true });
    for (const [index, letter] of own.entries()) {
      const content = letterContent(letter, company, job.asOf);
      const stem = join(folder, `${String(index + 1).padStart(2, '0')}-${slugify(letter.client.name).slice(0, 40) || 'cliente'}-livello-${letter.level}`);
      const html = letterHtml(content);
      const pdf = await letterPdf(content, created);
      await writeFileAtomic(`${stem}.html`, html);
      await writeFileAtomic(`${stem}.pdf`, pdf);
      const file = (path: string, bytes: string | Uint8Array) => ({
        path: relative(base, resolve(path)),
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      letters.push({ ...letter, files: { html: file(`${stem}.html`, html), pdf: file(`${stem}.pdf`, pdf) } });
    }
  }
  const plan: DunningPlan = {
    kind: PLAN_KIND,
    version: PLAN_VERSION,
    id: randomUUID(),
    createdAt: created.toISOString(),
    profile: job.here.profile,
    baseUrl: job.here.baseUrl,
    asOf: job.asOf,
    minDays: job.minDays,
    minInterval: job.minInterval,
    compensation: job.compensation,
    rates: { origin: job.rates.origin, rows: job.rates.rows.map((r) => ({ from: r.from, rate: r.rate })) },
    companies: job.done.map((d) => d.company),
    letters,
    waiting: job.done.flatMap((d) => d.waiting),
    apart: job.done.flatMap((d) => d.apart),
  };
  await mkdir(dirname(resolve(job.planFile)), { recursive: true });
  await writeFileAtomic(job.planFile, planText(plan));
  return plan;
}

function report(factory: Factory, done: CompanyPlan[], companies: Company[], plan: DunningPlan, planFile: string): void {
  const byId = new Map(companies.map((c) => [c.id, c]));
  for (const d of done) {
    for (const key of d.inDoubt)
      factory.output.warn(
        t`${companyLabel(byId.get(d.company.id)!)}: the letter ${key} of an earlier send has an unknown outcome: its level is not counted; settle it with dunning send --resolve`,
      );
    if (!d.company.iban && d.letters.length)
      factory.output.warn(t`${companyLabel(byId.get(d.company.id)!)}: no payment method with an IBAN: the letters say to ask how to pay`);
  }
  for (const l of plan.letters)
    for (const bad of badAddresses(l.client))
      factory.output.warn(
        t`${l.client.name}: its ${bad.field === 'pec' ? 'PEC' : t`e-mail`} '${bad.value}' is not one address: not used (fix it on the service or in --contacts)`,
      );
  for (const w of plan.waiting ?? [])
    factory.output.info(
      t`${w.client}: waiting: the letter of ${day(w.last_date)} gave ${TERM_DAYS[w.last_level as Level]} days, plus ${plan.minInterval ?? 0} of grace (--min-interval); the next (level ${w.level}) from ${day(w.from)}`,
    );
  for (const a of plan.apart) factory.output.warn(t`${a.account}: invoice ${a.number} (${a.counterpart}) set apart: ${a.reason}`);
  const post = plan.letters.filter((l) => l.channel === 'post');
  for (const l of post)
    if (l.client.address) factory.output.warn(t`${l.client.name}: by registered mail (${postReasonText(l.post_reason)}): print ${l.files.pdf.path}`);
    else
      factory.output.warn(
        t`${l.client.name}: must go by registered mail (${postReasonText(l.post_reason)}) and has no postal address: not ready to send; give it in --contacts (a third column: ${l.client.vat_number ?? 'PIVA'};;Via …, CAP Città (PR)) or on the client's record (fisco clients add --piva ${l.client.vat_number ?? 'PIVA'} --address …), then make the plan again`,
      );
  const total = plan.letters.reduce((n, l) => n + l.invoices.length, 0);
  factory.output.info(
    t`${plan.letters.length === 1 ? t`1 letter` : t`${plan.letters.length} letters`} (${total === 1 ? t`1 invoice` : t`${total} invoices`}) in ${planFile}; ${post.length} by registered mail. Review them, then: fisco dunning send ${planFile}`,
  );
}

function resultRows(plan: DunningPlan) {
  const names = new Map(plan.companies.map((c) => [c.id, c.name]));
  return plan.letters.map((l) => ({
    account_id: l.account,
    company: names.get(l.account) ?? l.account,
    letter: l.id,
    client: l.client.name,
    vat_number: l.client.vat_number,
    level: l.level,
    title: LEVEL_TITLES[l.level],
    channel: l.channel,
    to: l.to,
    invoices: l.invoices.map((i) => i.number).join(' '),
    residue: l.totals.residue,
    interest: l.totals.interest,
    compensation: l.totals.compensation,
    total: l.totals.total,
    pdf: l.files.pdf.path,
  }));
}

const RESULT_VIEW: View = {
  columns: [
    { key: 'client', label: t`Client`, minWidth: 16 },
    { key: 'level', label: t`Lv`, kind: 'count' },
    { key: 'channel', label: t`By` },
    { key: 'residue', label: t`Residue`, kind: 'money', priority: 2 },
    { key: 'interest', label: t`Interest`, kind: 'money', priority: 1 },
    { key: 'total', label: t`Total`, kind: 'money' },
    { key: 'to', label: t`To`, priority: 3 },
  ],
  fields: [
    'account_id',
    'company',
    'letter',
    'client',
    'vat_number',
    'level',
    'title',
    'channel',
    'to',
    'invoices',
    'residue',
    'interest',
    'compensation',
    'total',
    'pdf',
  ],
  amountFields: ['residue', 'interest', 'compensation', 'total'],
  empty: t`No client has an invoice that late: no letter.`,
};
