import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { ExitCode, FiscoError, NotConfirmedError, OutcomeUnknownError, PartialError, UsageError } from '../../errors.js';
import { formatEuro, sum } from '../../domain/money.js';
import { letterContent, letterText } from '../../dunning/content.js';
import { adoptProfileJournal, dunningJournal, legacyNames, letterKey, warnUnreadEnvJournal } from '../../dunning/journal.js';
import type { Journal } from '../../journal/journal.js';
import { channelRefusal, LEVEL_TITLES } from '../../dunning/letter.js';
import { checkPlanTarget, parsePlan, type DunningPlan, type PlanLetter } from '../../dunning/plan-file.js';
import { letterSteps, type SendRun } from '../../dunning/sender.js';
import { composeMessage, parseSmtpUrl, sendOne, smtpSecrets, type SmtpSettings } from '../../dunning/smtp.js';
import { interruptedError, resolveEntry } from '../../journal/run.js';
import { entryWords, stateWord } from '../../journal/words.js';
import { accountSourceLabel } from '../../profiles/account.js';
import { onlineSource } from '../../receivables/source.js';
import { applier } from '../journaled.js';
import type { SEND_FLAGS } from './flags.js';
import { runOptions } from '../journaled.js';
import { resultView, rowsOf } from './send-view.js';
import { t, joined, type Text } from '../../i18n/message.js';
import { isMailbox } from '../../domain/identifiers.js';
import { runJob, type Confirmation, type Ending, type JobPart } from '../job.js';

/** Each company's sender: ACCOUNT=ADDRESS entries, else the one bare address (or FISCO_SMTP_FROM). */
export function senders(values: readonly string[], fallback: string | undefined, plan: DunningPlan): Map<string, string> {
  const byAccount = new Map<string, string>();
  let common = fallback;
  for (const value of values) {
    const m = /^([^=@\s]+)=(.+)$/.exec(value);
    if (m) byAccount.set(m[1]!, m[2]!.trim());
    else common = value.trim();
  }
  for (const id of byAccount.keys())
    if (!plan.companies.some((c) => c.id === id))
      throw new UsageError(t`--from ${id}=…: ${id} is not a company of the plan (${plan.companies.map((c) => c.id).join(', ')})`);
  for (const address of [common, ...byAccount.values()])
    if (address !== undefined && !isMailbox(address))
      throw new UsageError(t`--from '${address}': must be one e-mail address like solleciti@example.it (the sender's name is not taken)`);
  const out = new Map<string, string>();
  for (const c of plan.companies) {
    const address = byAccount.get(c.id) ?? common;
    if (address) out.set(c.id, address);
  }
  return out;
}

async function smtpSettings(factory: Factory, options: { smtp?: string; smtpInsecure?: boolean }): Promise<{ settings: SmtpSettings; password?: string }> {
  const raw = options.smtp ?? factory.env.FISCO_SMTP_URL;
  if (!raw) throw new UsageError(t`no SMTP server: give --smtp smtps://user@host:465 (or smtp://user@host:587) or set FISCO_SMTP_URL`);
  const settings = parseSmtpUrl(raw, Boolean(options.smtpInsecure), options.smtp ? '--smtp' : 'FISCO_SMTP_URL');
  if (!settings.user) return { settings };
  let password = factory.env.FISCO_SMTP_PASSWORD;
  if (password === undefined || password === '') {
    if (!factory.io.canPrompt) throw new UsageError(t`the SMTP password of ${settings.user}: set FISCO_SMTP_PASSWORD (there is no terminal to ask on)`);
    password = await factory.io.prompter.password({ message: t`SMTP password of ${settings.user} at ${settings.host}`, flag: 'FISCO_SMTP_PASSWORD' });
  }
  // Never printed nor journaled: a known secret of the run, as typed and as SMTP carries it (AUTH PLAIN and
  // AUTH LOGIN send it in base64), so that a server quoting the AUTH line back cannot leak it.
  for (const secret of smtpSecrets(settings.user, password)) factory.redactor.add(secret);
  return { settings, password };
}

/** One confirmation with the letters, the clients and the total (default No); without a terminal, --yes or exit 10. */
function confirmation(factory: Factory, plan: DunningPlan, letters: readonly PlanLetter[]): Confirmation {
  const total = formatEuro(sum(letters.map((l) => l.totals.total)));
  const companies = new Map(plan.companies.map((c) => [c.id, c.name]));
  const clients = letters.map(
    (l) =>
      t`${l.client.name} from ${companies.get(l.account) ?? l.account} (${LEVEL_TITLES[l.level].toLowerCase()}, ${l.channel === 'pec' ? 'PEC' : t`e-mail`})`,
  );
  // Distinct clients: one client written to by two companies of a firm is one client.
  const distinct = new Set(letters.map((l) => l.client.key)).size;
  const what = t`${letters.length === 1 ? t`1 letter` : t`${letters.length} letters`} to ${distinct === 1 ? t`1 client` : t`${distinct} clients`}, asking ${total} in all`;
  return {
    noTerminal: () =>
      new NotConfirmedError(t`not confirmed: sending ${what} needs --yes when there is no terminal; nothing was sent`, [
        t`Review the letters first, then: fisco dunning send PLAN --yes`,
      ]),
    ask() {
      factory.output.info(t`To: ${joined(clients, '; ')}`);
      return factory.io.prompter.confirm({ message: t`Send ${what}?`, default: false, flag: '--yes' });
    },
    declined: () => new NotConfirmedError(t`not confirmed; nothing was sent`),
  };
}

/** `--resolve LETTER=sent|absent`, written to the journal before anything else. */
function resolutions(values: readonly string[]): Map<string, 'sent' | 'absent'> {
  const out = new Map<string, 'sent' | 'absent'>();
  for (const value of values) {
    const m = /^(.+)=(sent|absent)$/.exec(value.trim());
    if (!m) throw new UsageError(t`--resolve ${value}: write LETTER=sent (it went out) or LETTER=absent (it did not), LETTER as the result names it`);
    out.set(m[1]!, m[2] as 'sent' | 'absent');
  }
  return out;
}

export async function run([file]: string[], options: FlagValues<typeof SEND_FLAGS>, factory: Factory): Promise<void> {
  if (!file) throw new UsageError(t`give the plan file that fisco dunning plan wrote`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(t`${file}: cannot read the plan (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const plan = parsePlan(text, file);
  checkPlanTarget(plan, file, await applier(factory));
  // The company the run names (--account, FISCO_ACCOUNT, the profile's default): its letters only.
  const named = await factory.namedAccount();
  const only = named?.id;
  if (named && !plan.companies.some((c) => c.id === named.id))
    throw new UsageError(t`${accountSourceLabel(named.source)} ${named.id}: the plan is for ${plan.companies.map((c) => c.id).join(', ')}`);
  const letters = plan.letters.filter((l) => only === undefined || l.account === only);
  // Each letter checked for its channel before anything is sent (one mailbox; a postal address by post): its refusal, named.
  const badAddress = new Map(letters.flatMap((l) => (channelRefusal(l) ? [[letterKey(plan.id, l.id), channelRefusal(l)!] as const] : [])));
  const mailed = letters.filter((l) => l.channel !== 'post' && !badAddress.has(letterKey(plan.id, l.id)));
  const resolved = resolutions(options.resolve ?? []);
  const from = senders(options.from ?? [], factory.env.FISCO_SMTP_FROM, plan);
  const missing = [...new Set(mailed.map((l) => l.account))].filter((id) => !from.has(id));
  if (missing.length) throw new UsageError(t`no sender for ${missing.join(', ')}: give --from ADDRESS (or ACCOUNT=ADDRESS per company) or set FISCO_SMTP_FROM`);
  const smtp = mailed.length || resolved.size ? await smtpSettings(factory, options) : undefined;
  const job: Job = { plan, file, letters: mailed, resolved, from, smtp: smtp! };
  const runs = new Map<string, SendRun>();
  const applied = new Set<string>();
  await runJob<PlanLetter>(factory, {
    ...(mailed.length > 0 ? { confirm: confirmation(factory, plan, mailed) } : {}),
    parts: await companyParts(factory, job, runs, applied),
    // A company whose run stays unknown, is interrupted or failed leaves the rest unreached.
    stops: (result) => result.unresolved.length > 0 || result.interrupted !== undefined || [...runs.values()].some((r) => r.failure),
    async end() {
      for (const id of job.resolved.keys())
        if (!applied.has(id)) factory.output.warn(t`--resolve ${id}: no letter of that name is in doubt in the journal: nothing to resolve`);
      const rows = rowsOf(plan, letters, runs, new Map([...badAddress].map(([key, why]) => [key, factory.output.render(why)])));
      return {
        table: { rows, view: resultView },
        ...sendEnding(factory, plan, runs, letters.filter((l) => l.channel === 'post' && !badAddress.has(letterKey(plan.id, l.id))).length, badAddress),
      };
    },
  });
}

interface Job {
  plan: DunningPlan;
  file: string;
  letters: PlanLetter[];
  resolved: Map<string, 'sent' | 'absent'>;
  from: Map<string, string>;
  smtp: { settings: SmtpSettings; password?: string };
}

/** The job's parts: company by company, each through its own journal (adopting the profile's earlier one). */
async function companyParts(factory: Factory, job: Job, runs: Map<string, SendRun>, applied: Set<string>): Promise<JobPart<PlanLetter>[]> {
  const here = await applier(factory);
  const client = await factory.client();
  const base = dirname(resolve(job.file));
  const timeoutMs = runOptions(factory, {}).timeoutMs;
  const names = await legacyNames(factory, here);
  return job.plan.companies.map((company) => ({
    journal: dunningJournal(here.baseUrl, company.id),
    async begin(journal) {
      await adoptProfileJournal(factory, journal, names, company.id);
      warnUnreadEnvJournal(factory, here, company.id);
      await applyResolutions(factory, journal, job, applied);
      const source = onlineSource(client.forAccount(company.id));
      const own = job.letters.filter((l) => l.account === company.id);
      const letters = letterSteps(job.plan, own, journal, {
        openInvoices: () => source.openReceivables(),
        readFile: (path) => readFile(resolve(base, path)),
        deliver: async (letter, files, messageId) => {
          const from = job.from.get(company.id)!;
          const content = letterContent(letter, company, job.plan.asOf);
          const raw = await composeMessage({
            from,
            to: letter.to!,
            subject: content.subject,
            text: letterText(content),
            html: files.html,
            pdf: { filename: basename(letter.files.pdf.path), content: files.pdf },
            messageId,
            date: new Date(),
          });
          const redact = (text: string) => factory.redactor.redact(text);
          return sendOne(job.smtp.settings, job.smtp.password, { from, to: letter.to!, raw }, { timeoutMs, redact });
        },
      });
      return { steps: letters.steps, hooks: letters.hooks, after: async (result) => void runs.set(company.id, letters.runOf(result)) };
    },
    progress: (i, total, step) => t`Sending ${i + 1}/${total}: ${step.item.client.name}`,
  }));
}

/**
 * `--resolve LETTER=sent|absent`, once: only a letter the journal shows in doubt ('sending' or
 * 'unknown') is settled; a letter already settled (sent, not sent, absent) is left as it is, so the
 * same --resolve given again never re-opens a letter that went out. LETTER is a letter of this plan
 * or, when this plan's is not in doubt, the one letter in doubt of an earlier plan so named (or its
 * full key PLAN/LETTER, as the blocked letters name it).
 */
async function applyResolutions(factory: Factory, journal: Journal, job: Job, applied: Set<string>): Promise<void> {
  for (const [id, outcome] of job.resolved) {
    const own = letterKey(job.plan.id, id);
    const inDoubt = (key: string) => ['sending', 'unknown'].includes(journal.get(key)?.state ?? '');
    const others = journal.inFlight().filter((e) => e.key.endsWith(`/${id}`));
    const key = id.includes('/') ? id : inDoubt(own) || others.length !== 1 ? own : others[0]!.key;
    const entry = journal.get(key);
    if (!entry) continue;
    applied.add(id);
    if (!inDoubt(key)) {
      factory.output.info(t`--resolve ${id}: the journal already shows it settled (${stateWord(entry.state)}): left as it is`);
      continue;
    }
    await resolveEntry(journal, key, outcome === 'sent' ? { state: 'done', result: { ...(entry.context ?? {}), resolved: 'sent' } } : { state: 'absent' });
  }
}

/** The summary and the outcomes of a run, in dunning send's words. */
function sendEnding(
  factory: Factory,
  plan: DunningPlan,
  runs: Map<string, SendRun>,
  post: number,
  badAddress: ReadonlyMap<string, Text>,
): Omit<Ending, 'table'> {
  const all = [...runs.values()];
  const count = (pick: (r: SendRun) => string[]) => all.reduce((n, r) => n + pick(r).length, 0);
  const sent = count((r) => r.result.sentNow);
  const failed = count((r) => [...r.result.refused, ...r.result.changed]);
  const skipped = count((r) => r.result.skipped.filter((k) => !r.notAttempted.has(k) && !r.blocked.has(k)));
  const held = all.flatMap((r) =>
    [...r.blocked].map(
      ([key, doubt]) =>
        t`${key.slice(plan.id.length + 1)}: held back: the letter ${doubt} to the same client may or may not have gone out; check the mailbox, then --resolve ${doubt}=sent or =absent`,
    ),
  );
  const notAttempted = all.reduce((n, r) => n + r.notAttempted.size, 0);
  const parts: Text[] = [lettersSent(sent)];
  const already = count((r) => r.result.alreadyDone);
  if (already) parts.push(t`${already} already sent`);
  if (skipped) parts.push(t`${skipped} changed since the plan`);
  if (held.length) parts.push(t`${held.length} held back by a letter in doubt`);
  if (failed + notAttempted + badAddress.size) parts.push(t`${failed + notAttempted + badAddress.size} not sent`);
  if (post) parts.push(t`${post} for registered mail`);
  const unknown = all.flatMap((r) =>
    r.result.unresolved.map((key) => joined([key.slice(plan.id.length + 1), entryWords(r.result.entries.get(key)) ?? t`outcome unknown`], ': ')),
  );
  const interrupted = all.find((r) => r.result.interrupted)?.result.interrupted;
  // A failure of the service or the network is the run's, with its own exit code (3, 7, 8…): never a quiet skip.
  const failure = all.find((r) => r.failure)?.failure;
  if (failure?.error instanceof FiscoError)
    failure.error.hints.push(t`${lettersSent(sent)} before it; the rest were not sent: run the same command again once the service answers.`);
  const hints = [
    ...[...badAddress].map(([key, why]) => joined([key.slice(plan.id.length + 1), why], ': ')),
    ...all.flatMap((r) => r.result.refused.map((key) => joined([key.slice(plan.id.length + 1), entryWords(r.result.entries.get(key)) ?? t`not sent`], ': '))),
  ];
  const notSent = failed + badAddress.size;
  // The one order of outcomes (src/journal/outcome.ts, docs/reliability.md): the worst decides.
  // A letter held back by one in doubt is an unknown outcome too: nothing more goes to that client.
  // Every letter refused for lack of authentication is the run's failure (exit 3); refused only
  // by fisco (bad addresses) is 2, by the mail server 8.
  const authFailure = all.some((r) => r.authFailed) ? new FiscoError(t`no letter sent: ${notSent} not sent`, ExitCode.auth, hints) : undefined;
  const runFailure = failure ? (failure.error instanceof FiscoError ? failure.error : undefined) : authFailure;
  return {
    say() {
      factory.output.info(joined(parts, ', '));
      // A failure that is not fisco's own (a bug) ends the run as it is.
      if (failure && !(failure.error instanceof FiscoError)) throw failure.error;
    },
    tally: {
      done: sent + count((r) => r.result.alreadyDone),
      refused: notSent,
      unknown: unknown.length + held.length,
      ...(interrupted ? { interrupted } : {}),
      ...(runFailure ? { failure: runFailure } : {}),
      refusedCode: failed === 0 ? ExitCode.usage : ExitCode.network,
    },
    errors: {
      unknown: () =>
        new OutcomeUnknownError(
          unknown.length
            ? t`${unknown.length === 1 ? t`a letter` : t`${unknown.length} letters`} may or may not have gone out; nothing else was sent`
            : t`${held.length === 1 ? t`a letter` : t`${held.length} letters`} held back: an earlier letter to the same client may or may not have gone out`,
          [...unknown, ...held],
        ),
      interrupted: () => interruptedError(interrupted!, lettersSent(sent)),
      partial: () => new PartialError(notSent === 1 ? t`partly done: 1 letter not sent` : t`partly done: ${notSent} letters not sent`, hints),
      refused: () =>
        failed === 0
          ? new UsageError(t`no letter sent: ${notSent} not sent`, hints)
          : new FiscoError(t`no letter sent: ${notSent} not sent`, ExitCode.network, hints),
    },
  };
}

const lettersSent = (n: number) => (n === 1 ? t`1 letter sent` : t`${n} letters sent`);
