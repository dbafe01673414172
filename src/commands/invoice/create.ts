import { readFile } from 'node:fs/promises';
import { ApiError, OutcomeUnknownError, UnexpectedAnswerError, UsageError } from '../../api/errors.js';
import { findClientById } from '../../api/clients.js';
import { createInvoice } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { todayIn } from '../../domain/dates.js';
import { readStdin } from '../../io/stdin.js';
import { prepare, type Prepared } from './create/body.js';
import type { InvoiceDraft } from './create/draft.js';
import { draftFromJson } from './create/file.js';
import { draftFromFlags, hasDataFlags, type CreateFlags } from './create/flags.js';
import { askMode, confirmSend, modeFromFlags, type Mode } from './create/guard.js';
import { renderAction, renderPreview } from './create/preview.js';
import { ambiguous, findCreated, lookupFailed, notFound, snapshotMatches, unproven, type Expected, type Snapshot } from './create/reconcile.js';
import { clientFields, runWizard } from './create/wizard.js';
import { asUsage } from './validation.js';
import { createdView, reconciledView } from './view.js';

type Options = CreateFlags & { from?: string; draft?: boolean; send?: boolean; dryRun?: boolean };

async function scriptedDraft(options: Options, context: Context): Promise<{ draft: InvoiceDraft; fileInviaSdi?: boolean }> {
  if (options.from !== undefined) {
    if (hasDataFlags(options)) throw new UsageError('--from takes the whole request body: leave out the invoice data flags');
    const text = options.from === '-' ? await readStdin(context.streams.stdin) : await readFile(options.from, 'utf8').catch((e: Error) => {
      throw new UsageError(`--from ${options.from}: ${e.message}`);
    });
    const { draft, inviaSdi } = draftFromJson(text, options.from === '-' ? 'stdin' : options.from);
    return { draft, fileInviaSdi: inviaSdi };
  }
  const draft = asUsage(() => draftFromFlags(options));
  if (options.client !== undefined) {
    if (!/^\d+$/.test(options.client)) throw new UsageError(`--client: '${options.client}' is not a client id (a whole number, see fisco clients list)`);
    if (options.piva !== undefined) throw new UsageError('--client and --piva exclude each other');
    const found = await findClientById(await context.client(), Number(options.client));
    if (!found) throw new UsageError(`--client: no client with id ${options.client}`, ['see fisco clients list --search NAME']);
    const fromFlags = Object.fromEntries(Object.entries(draft.cliente ?? {}).filter(([, v]) => v !== undefined));
    draft.cliente = { ...clientFields(found), ...fromFlags };
  }
  return { draft };
}

function expectedOf(prepared: Prepared, draft: boolean): Expected {
  const body = prepared.body as { piva?: string; cliente?: { name: string; piva: string } };
  return { vatNumber: body.piva ?? body.cliente?.piva, name: body.cliente?.name, total: prepared.totals.total, issueDate: prepared.issueDate, draft };
}

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = raw as Options;
  const scripted = hasDataFlags(options) || options.from !== undefined;
  if (!scripted && !context.canPrompt) {
    throw new UsageError('no invoice data: pass a client (--piva, --client ID or --client-name …) and --item, or --from FILE', [
      'the guided flow runs only on a terminal; see fisco invoice create --help',
    ]);
  }
  // --dry-run sends nothing, so it needs no --draft/--send: without one it shows the file's invia_sdi, or a draft.
  let mode: Mode | undefined = modeFromFlags(options, context.canPrompt || Boolean(options.dryRun));
  const today = todayIn();
  const { draft, fileInviaSdi } = scripted ? await scriptedDraft(options, context) : { draft: await runWizard(context, today), fileInviaSdi: undefined };
  if (fileInviaSdi !== undefined && mode !== undefined && fileInviaSdi !== (mode === 'send')) {
    throw new UsageError(`--from: the file says invia_sdi ${fileInviaSdi}, but --${mode} was given; they must agree`);
  }
  const build = (m: Mode | undefined) => asUsage(() => prepare(draft, { inviaSdi: m === 'send', today }));
  let prepared = build(options.dryRun && mode === undefined && fileInviaSdi ? 'send' : mode);

  if (options.dryRun) {
    if (mode === undefined) context.output.info(`neither --draft nor --send: the body shows invia_sdi ${prepared.body.invia_sdi}${fileInviaSdi === undefined ? ' (a draft)' : ' (from the file)'}`);
    context.output.data(`${JSON.stringify({ endpoint: prepared.endpoint, body: prepared.body, totals: prepared.totals, warnings: prepared.warnings }, null, 2)}\n`);
    for (const w of prepared.warnings) context.output.warn(w);
    context.output.info('dry run: nothing was sent');
    return;
  }

  const credentials = await context.credentials();
  const target = { environment: credentials.environment, baseUrl: credentials.baseUrl };
  const withWarnings = (p: Prepared, send: boolean | undefined) => renderPreview(p, target, send) + p.warnings.map((w) => `warning: ${w}\n`).join('');
  let previewShown = false;
  if (mode === undefined) {
    context.streams.stderr.write(withWarnings(prepared, undefined));
    previewShown = true;
    mode = await askMode(context);
    prepared = build(mode);
  }
  // The preview (with its warnings) is shown once; a send chosen after it gets the final action line.
  if (mode === 'send') await confirmSend(context, previewShown ? renderAction(target, true) : withWarnings(prepared, true));
  else if (!previewShown) {
    if (context.stderrIsTTY && scripted) context.streams.stderr.write(withWarnings(prepared, false));
    else for (const w of prepared.warnings) context.output.warn(w);
  }

  const client = await context.client();
  const startedAt = Date.now();
  const expected = expectedOf(prepared, mode === 'draft');
  // What already matches, so a lookup after a failure never mistakes an older identical invoice for this one.
  const before = await snapshotMatches(client, startedAt, expected).catch(() => undefined);
  try {
    const created = await createInvoice(client, prepared.endpoint, prepared.body);
    context.output.success(mode === 'send' ? `Invoice ${created.id} created and sent to the SDI` : `Draft invoice ${created.id} created (not sent to the SDI)`);
    await context.output.item({ id: created.id, url: created.url, sent: mode === 'send', endpoint: prepared.endpoint }, createdView);
  } catch (error) {
    // A server error on a write may come after the invoice was stored (a 502/504 from a gateway,
    // a 500 after the insert): as unknown as a dropped connection, never "try again".
    const cause =
      error instanceof OutcomeUnknownError ? (/redirect/.test(error.message) ? 'the service answered the creation with a redirect' : 'the connection dropped after the invoice was sent')
      : error instanceof ApiError && error.status >= 500 ? `the service answered HTTP ${error.status} to the creation`
      : error instanceof UnexpectedAnswerError && error.accepted ? `the service accepted the invoice (HTTP ${error.status}) but its answer could not be read`
      : undefined;
    if (cause === undefined) throw error;
    await reconcile(context, { startedAt, expected, mode, before, cause });
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
      throw new OutcomeUnknownError(`${cause}; it was created, but the lookup has not found it yet`, [`Do NOT create it again. See it with: fisco invoice list --updated-since ${result.since}`]);
    }
    throw notFound(cause, result.since);
  }
  if (result.found.length > 1) throw ambiguous(cause, result.found, result.since);
  const invoice = result.found[0];
  if (!before) throw unproven(cause, invoice, result.since);
  context.output.warn(`created as ${invoice.number} (id ${invoice.id}): the invoice exists, do not create it again`);
  await context.output.item({ id: Number(invoice.id), url: invoice.pdf_url ?? invoice.url, sent: mode === 'send', endpoint: '', number: invoice.number, reconciled: true }, reconciledView);
}
