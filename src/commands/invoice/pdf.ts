/**
 * fisco invoice pdf NUMBER|UUID… [--dir DIR] (default: the current folder): each invoice's PDF (its `pdf_url`) saved as
 * `<number>_<issue date>_<id>.pdf` by the one downloader (src/commands/download.ts): the folder is
 * checked before any request, each file written atomically, complete files skipped on a re-run.
 * Every reference is resolved first (one pass over the list); an ambiguous one stops everything
 * (exit 2, nothing downloaded), one not found is a failed record (exit 4) beside the others.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';
import type { Invoice } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { safeNamePart } from '../../io/pdf.js';
import { downloadRun, downloadTargets, finishDownload, type DownloadTarget } from '../download.js';
import { assertWritableFolder } from '../../io/paths.js';
import { checkRange } from '../../flags/parse.js';
import type { PDF_FLAGS } from './flags.js';
import { candidateLines, checkRef, findInvoices, firmCompanies, onlyOne } from './resolve.js';
import { t } from '../../i18n/message.js';

/** `42-2026_2026-03-14_28.pdf`: the number as written (slashes become '-'), the issue date, the id. */
export function invoicePdfName(invoice: Pick<Invoice, 'number' | 'issue_date' | 'id'>): string {
  return (
    `${safeNamePart(invoice.number, 'no-number')}_${safeNamePart(invoice.issue_date, 'no-date')}_${safeNamePart(invoice.id, 'invoice') || 'invoice'}`.slice(
      0,
      196,
    ) + '.pdf'
  );
}

export async function run(refs: string[], options: FlagValues<typeof PDF_FLAGS>, factory: Factory): Promise<void> {
  const filters = { year: options.year, issuedFrom: options.issuedFrom, issuedTo: options.issuedTo };
  checkRange(filters.issuedFrom, filters.issuedTo, '--issued-from', '--issued-to');
  const wanted = [...new Set(refs.filter((r) => r.trim() !== '').map(checkRef))];
  if (wanted.length === 0)
    throw new UsageError(t`say which invoices: their numbers (42/2026) or UUIDs`, [
      t`Example: fisco invoice pdf 42/2026 43/2026 (into the current folder; --dir ./fatture for another)`,
    ]);
  // Checked before any request: an unusable --dir is exit 2 with nothing sent.
  await assertWritableFolder(options.dir, '--dir');
  const companies = await firmCompanies(factory);
  const client = await factory.client();
  const found = await findInvoices(client, wanted, filters);

  const ambiguous = wanted.filter((ref) => (found.get(ref)?.length ?? 0) > 1);
  if (ambiguous.length === 1) onlyOne(ambiguous[0]!, found.get(ambiguous[0]!)!, filters, companies);
  if (ambiguous.length > 1) {
    throw new UsageError(
      t`${ambiguous.length} references name several invoices each; say which (--year, --issued-from/--issued-to, the UUID, or uuid:ID / number:N), nothing was downloaded:`,
      [...ambiguous.flatMap((ref) => [`${ref}:`, ...candidateLines(found.get(ref)!, companies, ref)])],
    );
  }

  await mkdir(options.dir, { recursive: true });
  const downloads = downloadRun(factory, (id) => `invoice ${id}`);
  const targets: DownloadTarget[] = [];
  for (const ref of wanted) {
    const candidates = found.get(ref) ?? [];
    if (candidates.length === 0) {
      try {
        onlyOne(ref, candidates, filters, companies);
      } catch (error) {
        downloads.fail(ref, error);
      }
      continue;
    }
    const invoice = candidates[0]!;
    targets.push({ id: ref, file: join(options.dir, invoicePdfName(invoice)), url: invoice.pdf_url || undefined });
  }
  await downloadTargets(factory, client, targets, downloads, {
    concurrency: options.concurrency,
    label: t`Downloading invoice PDFs`,
    describe: (id) => `invoice ${id}`,
    noLink: t`the service gave no PDF link (pdf_url) for it`,
  });
  await finishDownload(factory, downloads, wanted, options.dir, t`it looks the invoices up anew and skips the files already saved.`);
}
