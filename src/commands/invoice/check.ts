/**
 * fisco invoice check FILE|-: the rules of `invoice create` and the SDI's controls fisco decides
 * (src/sdi/check.ts), over a file `invoice create --from` reads (one JSON body) or one `invoice
 * batch` reads (CSV or NDJSON), as if every invoice were sent. Nothing is sent, nothing is asked of
 * the service. Exit 0 when every invoice passes; exit 2 listing every problem at once, each with
 * the SDI's code (when it is one of its controls), the element of the e-invoice, the field of
 * fisco's input and what is allowed.
 */
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import { todayIn } from '../../domain/dates.js';
import { Problems, ValidationError, problemsOf } from '../../domain/validation-error.js';
import { readInputFile } from '../../io/input-file.js';
import { readStdin } from '../../io/stdin.js';
import { prepare } from '../../invoice/body.js';
import { BatchFileError, decodeUtf8, lineOf, parseBatch, type BatchRecord } from '../../invoice/batch-records.js';
import { draftFromJson } from '../../invoice/draft-file.js';
import type { InvoiceDraft } from '../../invoice/draft.js';
import { elementOf, SdiProblem } from '../../sdi/check.js';
import { t, type Text } from '../../i18n/message.js';

interface Row {
  ref: string | null;
  line: number | null;
  code: string | null;
  element: string | null;
  field: string;
  allowed: string;
}

/** A whole-file JSON object (the body `invoice create --from` takes, pretty-printed or not); undefined for NDJSON and CSV. */
function singleBody(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !('ref' in value);
  } catch {
    return false;
  }
}

export async function run([file]: string[], _options: object, factory: Factory): Promise<void> {
  const source = file === '-' ? 'stdin' : file;
  const text =
    file === '-'
      ? await readStdin(factory.io.stdin)
      : decodeUtf8(
          await readInputFile(file, file, t`give the path of an invoice (JSON, as invoice create --from takes) or a batch (CSV or NDJSON), or - for stdin`),
        );
  const today = todayIn();
  const say = (x: Text) => factory.output.render(x);
  const rows: Row[] = [];
  const collect = (draft: InvoiceDraft | undefined, earlier: Problems, where: { ref?: string; record?: BatchRecord }) => {
    let problems: readonly ValidationError[] = earlier.list;
    if (draft) {
      try {
        prepare(draft, { inviaSdi: true, today }, earlier);
        problems = [];
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        problems = problemsOf(error);
      }
    }
    for (const p of problems)
      rows.push({
        ref: where.ref ?? null,
        line: where.record ? lineOf(where.record, p.field) : null,
        code: p instanceof SdiProblem ? p.code : null,
        element: p instanceof SdiProblem ? p.element : (elementOf(p.field) ?? null),
        field: p.field,
        allowed: say(p instanceof SdiProblem ? p.allowed : p.detail),
      });
  };

  let count = 1;
  if (singleBody(text)) {
    const problems = new Problems();
    const { draft } = draftFromJson(text, source, problems);
    collect(draft, problems, {});
  } else {
    let batch;
    try {
      batch = parseBatch(text, { dialect: factory.globals.csvDialect as 'rfc' | 'it' | undefined });
    } catch (error) {
      if (error instanceof BatchFileError) throw new UsageError(t`${source} ${error.text}`, error.hints);
      throw error;
    }
    count = batch.records.length + batch.invalid.length;
    for (const p of batch.problems)
      rows.push({ ref: p.ref ?? null, line: p.line, code: null, element: elementOf(p.field) ?? null, field: p.field, allowed: say(p.detail) });
    for (const record of batch.records) collect(record.draft, new Problems(), { ref: record.ref, record });
  }

  if (rows.length === 0) {
    factory.output.success(count === 1 ? t`SDI checks: all passed (nothing was sent)` : t`SDI checks: all passed, ${count} invoices (nothing was sent)`);
    return;
  }
  await factory.output.list(rows, {
    columns: [
      ...(rows.some((r) => r.ref !== null)
        ? [
            { key: 'ref', label: t`Ref` },
            { key: 'line', label: t`Line` },
          ]
        : []),
      { key: 'code', label: t`Code` },
      { key: 'element', label: t`Element`, priority: 1 },
      { key: 'field', label: t`Field` },
      { key: 'allowed', label: t`What is allowed`, minWidth: 20 },
    ],
  });
  const invoices = new Set(rows.map((r) => r.ref)).size;
  throw new UsageError(t`${rows.length} problem(s) in ${invoices} of ${count} invoice(s): the SDI would refuse them or fisco cannot send them`, [
    t`fisco sdi explain CODE says what a control checks and what to do`,
  ]);
}
