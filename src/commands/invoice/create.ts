import { createHash } from 'node:crypto';
import { readInputFile } from '../../io/input-file.js';
import { ApiError, NotConfirmedError, OutcomeUnknownError, UsageError } from '../../errors.js';
import { findClientById } from '../../api/clients.js';
import { createInvoice } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import { todayIn } from '../../domain/dates.js';
import { writeJson } from '../../domain/json-number.js';
import { Problems, ValidationErrors } from '../../domain/validation-error.js';
import { readStdin } from '../../io/stdin.js';
import { prepare, type Prepared } from '../../invoice/body.js';
import { draftNextStep, type InvoiceDraft } from '../../invoice/draft.js';
import { draftFromJson } from '../../invoice/draft-file.js';
import { clientFields, recipientByVat, recipientOf } from './recipient.js';
import { draftFromFlags, hasDataFlags } from './draft-flags.js';
import type { FlagValues } from '../../flags/spec.js';
import type { CREATE_FLAGS } from './flags.js';
import { askAfterDecline, askMode, confirmSend, modeFromFlags, type Mode } from './guard.js';
import { renderAction, renderPreview } from './preview.js';
import { expectedOf, findListed, windowStart } from '../../invoice/reconcile.js';
import { tallyOf } from '../../journal/outcome.js';
import { runJob, type Ending, type PartRun } from '../job.js';
import { batchHooks } from '../../invoice/batch-sends.js';
import { entryWords, journaled, stateWord, unknownCause } from '../../journal/words.js';
import { discardWhenSettled, journalOwner } from '../journaled.js';
import type { Journal, JournalEntry } from '../../journal/journal.js';
import { interruptedError, type RunResult } from '../../journal/run.js';
import { Wizard } from './wizard.js';
import { nameHints } from './names.js';
import { asUsage, usageFor } from '../usage.js';
import { createdView, reconciledView } from './view.js';
import { t, type Text } from '../../i18n/message.js';

type Options = FlagValues<typeof CREATE_FLAGS>;

/** A --from file's text; a file that cannot be read is one clear line naming it. */
async function readFrom(from: string, factory: Factory): Promise<string> {
  if (from === '-') return readStdin(factory.io.stdin);
  return (await readInputFile(from, `--from ${from}`, t`give the path of a JSON request body, or - to read it from stdin`)).toString('utf8');
}

async function scriptedDraft(options: Options, factory: Factory, problems: Problems): Promise<{ draft: InvoiceDraft; fileInviaSdi?: boolean }> {
  if (options.from !== undefined) {
    if (hasDataFlags(options)) throw new UsageError(t`--from takes the whole request body: leave out the invoice data flags`);
    const source = options.from === '-' ? 'stdin' : options.from;
    const { draft, inviaSdi } = draftFromJson(await readFrom(options.from, factory), source, problems);
    if (!draft) throw usageFor(new ValidationErrors(problems.list), [`in --from ${source}; the fields are those of POST /fatture/nuova/manuale or /piva`]);
    return { draft, fileInviaSdi: inviaSdi };
  }
  const draft = draftFromFlags(options, problems);
  if (options.client !== undefined) {
    if (options.piva !== undefined)
      problems.add(
        '--client',
        t`and --piva exclude each other: --client invoices a client of your list, --piva looks the VAT number up in the business register`,
      );
    else if (!/^\d+$/.test(options.client)) problems.add('--client', t`'${options.client}' is not a client id (a whole number, see fisco clients list)`);
    else {
      const found = await findClientById(await factory.client(), Number(options.client));
      if (!found) problems.add('--client', t`no client with id ${options.client} (see fisco clients list --search NAME)`);
      else {
        const fromFlags = Object.fromEntries(Object.entries(draft.cliente ?? {}).filter(([, v]) => v !== undefined));
        draft.cliente = { ...clientFields(found), ...fromFlags };
        draft.recipient = recipientOf(found, `client ${found.id}`);
      }
    }
  }
  return { draft };
}

export async function run(_args: string[], options: FlagValues<typeof CREATE_FLAGS>, factory: Factory): Promise<void> {
  const scripted = hasDataFlags(options) || options.from !== undefined;
  if (!scripted && !factory.io.canPrompt) {
    throw new UsageError(t`no invoice data: pass a client (--piva, --client ID or --client-name …) and --item, or --from FILE`, [
      t`the guided flow runs only on a terminal; see fisco invoice create --help`,
    ]);
  }
  // --dry-run sends nothing, so it needs no --draft/--send: without one it shows the file's invia_sdi, or a draft.
  const flagMode: Mode | undefined = modeFromFlags(options, factory.io.canPrompt || Boolean(options.dryRun));
  const today = todayIn();
  const readProblems = new Problems();
  const wizard = scripted ? undefined : new Wizard(factory, today);
  const { draft, fileInviaSdi } = wizard
    ? { draft: await cancellable(factory, wizard.run()), fileInviaSdi: undefined }
    : await scriptedDraft(options, factory, readProblems);
  if (fileInviaSdi !== undefined && flagMode !== undefined && fileInviaSdi !== (flagMode === 'send')) {
    throw new UsageError(t`--from: the file says invia_sdi ${fileInviaSdi}, but --${flagMode} was given; they must agree`);
  }
  const build = (m: Mode | undefined) => asUsage(() => prepare(draft, { inviaSdi: m === 'send', today }, new Problems(readProblems.list)));

  if (options.dryRun) {
    const prepared = build(flagMode === undefined && fileInviaSdi ? 'send' : flagMode);
    if (flagMode === undefined)
      factory.output.info(
        fileInviaSdi === undefined
          ? t`neither --draft nor --send: the body shows invia_sdi ${String(prepared.body.invia_sdi)} (a draft)`
          : t`neither --draft nor --send: the body shows invia_sdi ${String(prepared.body.invia_sdi)} (from the file)`,
      );
    // The body exactly as it would be sent: numbers written from their decimal strings.
    factory.output.data(
      `${writeJson({ endpoint: prepared.endpoint, body: prepared.body, totals: prepared.totals, warnings: prepared.warnings.map(String) }, 2)}\n`,
    );
    for (const w of prepared.warnings) factory.output.warn(w);
    factory.output.info(t`dry run: nothing was sent`);
    return;
  }

  const decision = decide(factory, { draft, flagMode, build, wizard, scripted });
  const { prepared, mode } = wizard ? await cancellable(factory, decision) : await decision;
  await createOnce(factory, options, prepared, mode);
}

/**
 * Sends the one invoice as a job of the runner (src/commands/job.ts), through a journal of its own
 * (profile, company, the body's hash), so that a run killed at any instant and run again never
 * creates it twice: an attempt left in flight is looked up first, and sent again only once its
 * request can no longer arrive. A journal whose every attempt is settled is removed.
 */
async function createOnce(factory: Factory, options: Options, prepared: Prepared, mode: Mode): Promise<void> {
  const client = await factory.client();
  const owner = await journalOwner(factory);
  const account = client.accountId ?? '';
  const hash = createHash('sha256')
    .update(writeJson({ account, endpoint: prepared.endpoint, body: prepared.body }))
    .digest('hex');
  const header = { kind: 'create' as const, id: hash, profile: owner.key, ...(account ? { account } : {}) };
  const c: Omit<Creation, 'result' | 'journal'> = { key: '', mode, prepared, answered: false, earlier: false };
  await runJob<CreationStep>(factory, {
    wait: options.wait,
    parts: [
      {
        journal: { kind: 'create', parts: [owner.key, account || 'default', hash.slice(0, 32)], header, rebuildFromService: options.rebuildFromService },
        begin: (journal) => creationRun(factory, journal, hash, c),
        // Every run that finishes removes the journal: an attempt still done in it is one whose run was killed before saying so.
        close: discardWhenSettled,
      },
    ],
    end: async ([part]) => creationEnding(factory, { ...c, result: part!.result, journal: part!.journal }),
  });
}

type CreationStep = { expected: ReturnType<typeof expectedOf>; prepared: Prepared };

/** The one invoice's step and hooks; an attempt created by an interrupted run is reported instead (nothing is run). */
async function creationRun(
  factory: Factory,
  journal: Journal,
  hash: string,
  c: Omit<Creation, 'result' | 'journal'>,
): Promise<PartRun<CreationStep> | undefined> {
  const { prepared, mode } = c;
  const unreported = journal.entries().find((e) => e.state === 'done');
  if (unreported && !journal.entries().some((e) => e.state !== 'done' && e.state !== 'refused')) {
    await reportEarlier(factory, unreported, mode);
    return undefined;
  }
  const pending = journal.entries().find((e) => e.state !== 'done');
  if (pending)
    factory.output.warn(
      t`an earlier run of this same invoice did not finish (${stateWord(pending.state)} since ${pending.sentAt ?? pending.at}): fisco looks for it on the service before sending anything`,
    );
  c.earlier = pending !== undefined;
  c.key = pending?.key ?? `attempt-${journal.entries().length + 1}`;
  const step = { key: c.key, hash, item: { expected: expectedOf(prepared, mode === 'draft'), prepared } };
  const client = await factory.client();
  const hooks = batchHooks({ client, journal, steps: [step] });
  hooks.send = async () => {
    try {
      const created = await createInvoice(client, prepared.endpoint, prepared.body);
      return { state: 'done', result: { id: String(created.id), url: created.url ?? null, number: created.number ?? null, uuid: created.uuid ?? null } };
    } catch (error) {
      const why = unknownCause(error, 'invoice');
      c.cause = why?.words;
      if (why === undefined) {
        // A refused numbering or payment method: the names the service lists, and the one probably meant.
        if (error instanceof ApiError && error.status === 422) error.hints.push(...(await nameHints(client, prepared.body, error.message)));
        throw error;
      }
      c.answered = error instanceof OutcomeUnknownError && error.answered !== undefined;
      factory.output.warn(t`${c.cause}; fisco does not retry, it looks for the invoice instead…`);
      return { state: 'unknown', ...journaled(why.reason) };
    }
  };
  return { steps: [step], hooks };
}

interface Creation {
  result: RunResult;
  key: string;
  journal: Journal;
  mode: Mode;
  prepared: Prepared;
  /** Why this run's request has an unknown outcome, when it has one. */
  cause?: Text;
  /** The service answered 2xx, but the answer could not be read. */
  answered: boolean;
  /** An earlier run's attempt was pending. */
  earlier: boolean;
}

/** What happened to the one invoice, on stderr and stdout; the outcomes of what is not done. */
function creationEnding(factory: Factory, c: Creation): Ending {
  const { result, key, journal, mode } = c;
  const entry = journal.get(key);
  // Its one write done: done, even when Ctrl-C came after it.
  const done = { done: 1, refused: 0, unknown: 0 };
  if (entry?.state === 'done' && entry.result?.reconciled) {
    const r = entry.result;
    const number = String(r.number);
    const id = String(r.id);
    const say = async () => {
      factory.output.warn(
        result.sentNow.includes(key)
          ? t`created as ${number} (id ${id}): the invoice exists, do not create it again`
          : t`created by the earlier run as ${number} (id ${id}): the invoice exists, do not create it again`,
      );
      await factory.output.item(
        { id: String(r.id), uuid: r.uuid ?? null, number: r.number ?? null, url: r.url ?? null, sent: mode === 'send', endpoint: '', reconciled: true },
        reconciledView,
      );
    };
    return { say, tally: done, errors: {} };
  }
  if (entry?.state === 'done') return { say: () => reportCreated(factory, entry.result ?? {}, c), tally: done, errors: {} };
  const waiting = result.waiting.find((w) => w.key === key);
  const unknown = () =>
    waiting
      ? waitingToCreate(c, waiting.until)
      : new OutcomeUnknownError(
          t`${c.cause ?? t`an earlier run of this invoice`}: ${entryWords(entry) ?? t`outcome unknown`}; it may or may not have been created`,
          [
            t`Do NOT create it again yet: check with fisco invoice list --updated-since … (or in the web application), then run the same command: fisco looks first.`,
          ],
        );
  const tally = tallyOf([result]);
  return {
    // Not done, nothing unknown, not interrupted: a lookup that settled nothing still leaves it open.
    tally: tally.interrupted ? tally : { ...tally, unknown: Math.max(tally.unknown, 1) },
    errors: {
      unknown,
      interrupted: () => interruptedError(result.interrupted!, t`the invoice is not known to be created; the same command run again looks for it first`),
    },
  };
}

/** An attempt an interrupted run created (and never reported): said, not created again; the next run creates another. */
async function reportEarlier(factory: Factory, entry: JournalEntry, mode: Mode): Promise<void> {
  const r = entry.result ?? {};
  factory.output.warn(
    t`an earlier run of this same invoice was interrupted after it was created, as ${String(r.number ?? r.id)} (id ${String(r.id)}): not created again; run the command once more to create another`,
  );
  await factory.output.item(
    { id: String(r.id), uuid: r.uuid ?? null, number: r.number ?? null, url: r.url ?? null, sent: mode === 'send', endpoint: '', reconciled: true },
    reconciledView,
  );
}

/** Created now: the answer's id; the number and UUID from the list, tied by the answer's url (or its id where the list shows it). */
async function reportCreated(factory: Factory, answer: Record<string, unknown>, c: Creation): Promise<void> {
  const client = await factory.client();
  const id = String(answer.id);
  const url = typeof answer.url === 'string' ? answer.url : null;
  const listed =
    typeof answer.number === 'string' && typeof answer.uuid === 'string'
      ? { number: answer.number, uuid: answer.uuid, id }
      : await windowStart(client, Date.parse(c.journal.began))
          .then((since) => findListed(client, { id, url }, since))
          .catch(() => undefined);
  const named = listed ? t`${listed.number} (id ${id}, UUID ${listed.uuid ?? t`none`})` : id;
  factory.output.success(c.mode === 'send' ? t`Invoice ${named} created and sent to the SDI` : t`Draft invoice ${named} created (not sent to the SDI)`);
  if (c.mode === 'draft') factory.output.info(draftNextStep());
  await factory.output.item(
    { id, number: listed?.number ?? null, uuid: listed?.uuid ?? null, url, sent: c.mode === 'send', endpoint: c.prepared.endpoint },
    createdView,
  );
}

/** Exit 9: not found, but its request may still reach the service; it is sent again only after `until`, if still not there. */
function waitingToCreate(c: Creation, until: number): OutcomeUnknownError {
  const when = new Date(until).toISOString();
  const secs = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  const again = t`fisco will check once more before sending it again: run the same command after ${when} (in ${secs} s), or add --wait`;
  if (c.answered)
    return new OutcomeUnknownError(t`${c.cause}; the lookup has not found it yet`, [
      t`Do NOT create it again by other means: it was probably created. ${again}.`,
    ]);
  const what = c.cause ?? t`the request of an earlier run may still reach the service`;
  return new OutcomeUnknownError(t`${what}; not found: probably not created`, [t`Its request may still reach the service: ${again}.`]);
}

/**
 * The guided flow is cancelled by Ctrl-C anywhere, not only at a prompt (where the prompt itself
 * turns it into exit 10): between prompts, while the client list or the numberings load, it ends
 * the same way, with nothing created.
 */
async function cancellable<T>(factory: Factory, work: Promise<T>): Promise<T> {
  let stop: () => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => {
    stop = factory.io.onInterrupt(() => reject(new NotConfirmedError(t`cancelled (Ctrl-C); nothing was created`)));
  });
  work.catch(() => undefined); // the loser of the race must not surface as an unhandled rejection
  try {
    return await Promise.race([work, interrupted]);
  } finally {
    stop();
  }
}

interface Decision {
  draft: InvoiceDraft;
  flagMode: Mode | undefined;
  build: (mode: Mode | undefined) => Prepared;
  wizard?: Wizard;
  scripted: boolean;
}

/**
 * The preview and the guard: what to do with the invoice, decided by the flags or by a person on
 * a terminal. A send needs --yes or an explicit yes (default No); a declined send offers to save a
 * draft, edit (guided flow) or discard; a guided draft that fails a rule goes back to editing.
 */
async function decide(factory: Factory, d: Decision): Promise<{ prepared: Prepared; mode: Mode }> {
  const credentials = await factory.credentials();
  const target = { environment: credentials.environment, baseUrl: credentials.baseUrl };
  const canEdit = d.wizard !== undefined;
  const show = (text: string) => factory.io.stderr.write(text);
  let mode = d.flagMode;
  for (;;) {
    const say = (text: Text) => factory.io.say(text);
    const withWarnings = (p: Prepared, send: boolean | undefined) =>
      renderPreview(p, target, send, d.draft.recipient, say) + p.warnings.map((w) => `${say(t`warning:`)} ${say(w)}\n`).join('');
    let prepared: Prepared;
    try {
      prepared = d.build(mode);
    } catch (error) {
      if (!d.wizard || !(error instanceof UsageError)) throw error;
      show(`${[`fisco: ${say(error.text)}`, ...error.hints.map((h) => `  ${say(h)}`)].join('\n')}\n`);
      await askAfterDecline(factory, true, { draft: false, message: t`The invoice cannot be created as it is. What now?` });
      await d.wizard.edit();
      continue;
    }
    // Only a valid invoice is worth a lookup: nothing is sent, not even a GET, for a broken one.
    if (d.draft.piva !== undefined && d.draft.recipient === undefined) d.draft.recipient = await recipientByVat(await factory.client(), d.draft.piva);
    let previewShown = false;
    if (mode === undefined) {
      show(withWarnings(prepared, undefined));
      previewShown = true;
      const next = await askMode(factory, canEdit);
      if (next === 'edit') {
        await d.wizard!.edit();
        continue;
      }
      mode = next;
      prepared = d.build(mode);
    }
    if (mode === 'draft') {
      if (!previewShown) {
        // -q keeps only the result: a draft's preview is not shown (its warnings are).
        if (factory.io.stderrIsTTY && (d.scripted || canEdit) && !factory.globals.quiet) show(withWarnings(prepared, false));
        else for (const w of prepared.warnings) factory.output.warn(w);
      }
      return { prepared, mode };
    }
    // The preview (with its warnings) is shown once; a send chosen after it gets the final action line.
    if (await confirmSend(factory, previewShown ? renderAction(target, true, say) : withWarnings(prepared, true), previewShown ? [] : prepared.warnings))
      return { prepared, mode };
    const after = await askAfterDecline(factory, canEdit, { draft: true, message: t`Not sent. What now?` });
    if (after === 'draft') return { prepared: d.build('draft'), mode: 'draft' };
    await d.wizard!.edit();
    mode = undefined;
  }
}
