import { LOOKUP_MARGIN_MS } from '../../api/clock.js';
import { readInputFile } from '../../io/input-file.js';
import { ApiError, NotConfirmedError, OutcomeUnknownError, UnexpectedAnswerError, UsageError } from '../../errors.js';
import { findClientById } from '../../api/clients.js';
import { createInvoice } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { todayIn } from '../../domain/dates.js';
import { writeJson } from '../../domain/json-number.js';
import { Problems, ValidationErrors } from '../../domain/validation-error.js';
import { readStdin } from '../../io/stdin.js';
import { prepare, type Prepared } from './create/body.js';
import type { InvoiceDraft } from '../../invoice/draft.js';
import { draftFromJson } from '../../invoice/draft-file.js';
import { clientFields, recipientByVat, recipientOf } from './create/recipient.js';
import { draftFromFlags, hasDataFlags } from './create/flags.js';
import { parseFlags } from '../flag-schema.js';
import type { FlagValues } from '../flags.js';
import { CREATE_FLAGS } from './create.flags.js';
import { askAfterDecline, askMode, confirmSend, modeFromFlags, type Mode } from './create/guard.js';
import { renderAction, renderPreview } from './create/preview.js';
import {
  ambiguous,
  expectedOf,
  findCreated,
  findCreatedById,
  lookupFailed,
  notFound,
  snapshotMatches,
  unproven,
  type Expected,
  type Snapshot,
} from './create/reconcile.js';
import { Wizard } from './create/wizard.js';
import { nameHints } from './create/names.js';
import { asUsage, usageFor } from './validation.js';
import { createdView, reconciledView } from './view.js';

type Options = FlagValues<typeof CREATE_FLAGS>;

/** A --from file's text; a file that cannot be read is one clear line naming it. */
async function readFrom(from: string, context: Context): Promise<string> {
  if (from === '-') return readStdin(context.streams.stdin);
  return (await readInputFile(from, `--from ${from}`, 'give the path of a JSON request body, or - to read it from stdin')).toString('utf8');
}

async function scriptedDraft(options: Options, context: Context, problems: Problems): Promise<{ draft: InvoiceDraft; fileInviaSdi?: boolean }> {
  if (options.from !== undefined) {
    if (hasDataFlags(options)) throw new UsageError('--from takes the whole request body: leave out the invoice data flags');
    const source = options.from === '-' ? 'stdin' : options.from;
    const { draft, inviaSdi } = draftFromJson(await readFrom(options.from, context), source, problems);
    if (!draft) throw usageFor(new ValidationErrors(problems.list), [`in --from ${source}; the fields are those of POST /fatture/nuova/manuale or /piva`]);
    return { draft, fileInviaSdi: inviaSdi };
  }
  const draft = draftFromFlags(options, problems);
  if (options.client !== undefined) {
    if (options.piva !== undefined)
      problems.add(
        '--client',
        'and --piva exclude each other: --client invoices a client of your list, --piva looks the VAT number up in the business register',
      );
    else if (!/^\d+$/.test(options.client)) problems.add('--client', `'${options.client}' is not a client id (a whole number, see fisco clients list)`);
    else {
      const found = await findClientById(await context.client(), Number(options.client));
      if (!found) problems.add('--client', `no client with id ${options.client} (see fisco clients list --search NAME)`);
      else {
        const fromFlags = Object.fromEntries(Object.entries(draft.cliente ?? {}).filter(([, v]) => v !== undefined));
        draft.cliente = { ...clientFields(found), ...fromFlags };
        draft.recipient = recipientOf(found, `client ${found.id}`);
      }
    }
  }
  return { draft };
}

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(CREATE_FLAGS, raw);
  const scripted = hasDataFlags(options) || options.from !== undefined;
  if (!scripted && !context.canPrompt) {
    throw new UsageError('no invoice data: pass a client (--piva, --client ID or --client-name …) and --item, or --from FILE', [
      'the guided flow runs only on a terminal; see fisco invoice create --help',
    ]);
  }
  // --dry-run sends nothing, so it needs no --draft/--send: without one it shows the file's invia_sdi, or a draft.
  const flagMode: Mode | undefined = modeFromFlags(options, context.canPrompt || Boolean(options.dryRun));
  const today = todayIn();
  const readProblems = new Problems();
  const wizard = scripted ? undefined : new Wizard(context, today);
  const { draft, fileInviaSdi } = wizard
    ? { draft: await cancellable(context, wizard.run()), fileInviaSdi: undefined }
    : await scriptedDraft(options, context, readProblems);
  if (fileInviaSdi !== undefined && flagMode !== undefined && fileInviaSdi !== (flagMode === 'send')) {
    throw new UsageError(`--from: the file says invia_sdi ${fileInviaSdi}, but --${flagMode} was given; they must agree`);
  }
  const build = (m: Mode | undefined) => asUsage(() => prepare(draft, { inviaSdi: m === 'send', today }, new Problems(readProblems.list)));

  if (options.dryRun) {
    const prepared = build(flagMode === undefined && fileInviaSdi ? 'send' : flagMode);
    if (flagMode === undefined)
      context.output.info(
        `neither --draft nor --send: the body shows invia_sdi ${prepared.body.invia_sdi}${fileInviaSdi === undefined ? ' (a draft)' : ' (from the file)'}`,
      );
    // The body exactly as it would be sent: numbers written from their decimal strings.
    context.output.data(
      `${writeJson({ endpoint: prepared.endpoint, body: prepared.body, totals: prepared.totals, warnings: prepared.warnings.map(String) }, 2)}\n`,
    );
    for (const w of prepared.warnings) context.output.warn(w);
    context.output.info('dry run: nothing was sent');
    return;
  }

  const decision = decide(context, { draft, flagMode, build, wizard, scripted });
  const { prepared, mode } = wizard ? await cancellable(context, decision) : await decision;
  const client = await context.client();
  const startedAt = Date.now();
  const expected = expectedOf(prepared, mode === 'draft');
  // What already matches, so a lookup after a failure never mistakes an older identical invoice for this one.
  const before = await snapshotMatches(client, startedAt, expected).catch(() => undefined);
  try {
    const created = await createInvoice(client, prepared.endpoint, prepared.body);
    // Ids are strings in every output, as the lists give them. The answer carries no number or UUID:
    // one lookup by id in the invoices updated since just before (a failed lookup changes nothing).
    const id = String(created.id);
    const listed =
      created.number && created.uuid
        ? { number: created.number, uuid: created.uuid }
        : await findCreatedById(client, id, before?.since ?? new Date(startedAt - LOOKUP_MARGIN_MS).toISOString()).catch(() => undefined);
    const named = listed ? `${listed.number} (id ${id}, UUID ${listed.uuid ?? 'none'})` : id;
    context.output.success(mode === 'send' ? `Invoice ${named} created and sent to the SDI` : `Draft invoice ${named} created (not sent to the SDI)`);
    await context.output.item(
      { id, number: listed?.number ?? null, uuid: listed?.uuid ?? null, url: created.url, sent: mode === 'send', endpoint: prepared.endpoint },
      createdView,
    );
  } catch (error) {
    // A server error on a write may come after the invoice was stored (a 502/504 from a gateway,
    // a 500 after the insert): as unknown as a dropped connection, never "try again".
    const cause =
      error instanceof OutcomeUnknownError
        ? /redirect/.test(error.message)
          ? 'the service answered the creation with a redirect'
          : 'the connection dropped after the invoice was sent'
        : error instanceof ApiError && error.status >= 500
          ? `the service answered HTTP ${error.status} to the creation`
          : error instanceof UnexpectedAnswerError && error.accepted
            ? `the service accepted the invoice (HTTP ${error.status}) but its answer could not be read`
            : undefined;
    if (cause === undefined) {
      // A refused numbering or payment method: the names the service lists, and the one probably meant.
      if (error instanceof ApiError && error.status === 422) error.hints.push(...(await nameHints(client, prepared.body, error.message)));
      throw error;
    }
    await reconcile(context, { startedAt, expected, mode, before, cause });
  }
}

/**
 * The guided flow is cancelled by Ctrl-C anywhere, not only at a prompt (where the prompt itself
 * turns it into exit 10): between prompts, while the client list or the numberings load, it ends
 * the same way, with nothing created.
 */
async function cancellable<T>(context: Context, work: Promise<T>): Promise<T> {
  let stop: () => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => {
    stop = context.onInterrupt(() => reject(new NotConfirmedError('cancelled (Ctrl-C); nothing was created')));
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
async function decide(context: Context, d: Decision): Promise<{ prepared: Prepared; mode: Mode }> {
  const credentials = await context.credentials();
  const target = { environment: credentials.environment, baseUrl: credentials.baseUrl };
  const canEdit = d.wizard !== undefined;
  const show = (text: string) => context.streams.stderr.write(text);
  let mode = d.flagMode;
  for (;;) {
    const withWarnings = (p: Prepared, send: boolean | undefined) =>
      renderPreview(p, target, send, d.draft.recipient) + p.warnings.map((w) => `warning: ${w}\n`).join('');
    let prepared: Prepared;
    try {
      prepared = d.build(mode);
    } catch (error) {
      if (!d.wizard || !(error instanceof UsageError)) throw error;
      show(`${[`fisco: ${error.message}`, ...error.hints.map((h) => `  ${h}`)].join('\n')}\n`);
      await askAfterDecline(context, true, { draft: false, message: 'The invoice cannot be created as it is. What now?' });
      await d.wizard.edit();
      continue;
    }
    // Only a valid invoice is worth a lookup: nothing is sent, not even a GET, for a broken one.
    if (d.draft.piva !== undefined && d.draft.recipient === undefined) d.draft.recipient = await recipientByVat(await context.client(), d.draft.piva);
    let previewShown = false;
    if (mode === undefined) {
      show(withWarnings(prepared, undefined));
      previewShown = true;
      const next = await askMode(context, canEdit);
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
        if (context.stderrIsTTY && (d.scripted || canEdit) && !context.globals.quiet) show(withWarnings(prepared, false));
        else for (const w of prepared.warnings) context.output.warn(w);
      }
      return { prepared, mode };
    }
    // The preview (with its warnings) is shown once; a send chosen after it gets the final action line.
    if (await confirmSend(context, previewShown ? renderAction(target, true) : withWarnings(prepared, true), previewShown ? [] : prepared.warnings))
      return { prepared, mode };
    const after = await askAfterDecline(context, canEdit, { draft: true, message: 'Not sent. What now?' });
    if (after === 'draft') return { prepared: d.build('draft'), mode: 'draft' };
    await d.wizard!.edit();
    mode = undefined;
  }
}

async function reconcile(context: Context, attempt: { startedAt: number; expected: Expected; mode: Mode; before?: Snapshot; cause: string }): Promise<void> {
  const { startedAt, expected, mode, before, cause } = attempt;
  context.output.warn(`${cause}; fisco does not retry, it looks for the invoice instead…`);
  const client = await context.client();
  let result: Awaited<ReturnType<typeof findCreated>>;
  try {
    result = await findCreated(client, startedAt, expected, before);
  } catch (error) {
    throw lookupFailed(cause, before?.since ?? new Date(startedAt - 5 * 60_000).toISOString(), error);
  }
  if (result.found.length === 0) {
    if (cause.startsWith('the service accepted')) {
      throw new OutcomeUnknownError(`${cause}; it was created, but the lookup has not found it yet`, [
        `Do NOT create it again. See it with: fisco invoice list --updated-since ${result.since}`,
      ]);
    }
    throw notFound(cause, result.since);
  }
  if (result.found.length > 1) throw ambiguous(cause, result.found, result.since);
  const invoice = result.found[0];
  if (!before) throw unproven(cause, invoice, result.since);
  context.output.warn(`created as ${invoice.number} (id ${invoice.id}): the invoice exists, do not create it again`);
  // The id as the invoice list gives it: the same value on stdout as in the line above.
  await context.output.item(
    {
      id: invoice.id,
      uuid: invoice.uuid ?? null,
      number: invoice.number,
      url: invoice.pdf_url ?? invoice.url,
      sent: mode === 'send',
      endpoint: '',
      reconciled: true,
    },
    reconciledView,
  );
}
