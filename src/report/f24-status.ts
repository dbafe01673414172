/**
 * Which F24 PDFs a download takes, and how their files say what they are (one rule for
 * `f24 download` and `export`): a cancelled form is skipped unless `--status` names cancelled,
 * and a form that is neither paid nor ready carries its status in its file name
 * (`2026-Q3_2026-11-16_f24_0012_cancelled.pdf`), so it is never mistaken for one to pay or file.
 */
import { safeNamePart } from '../io/pdf.js';
import { f24FileName } from './f24-files.js';

/** The statuses whose PDFs keep the plain name. */
const PLAIN = ['paid', 'ready'];

export function f24PdfName(f24: { period?: unknown; due_date?: unknown; id: string; status?: unknown }): string {
  const name = f24FileName(f24);
  const status = typeof f24.status === 'string' ? f24.status : '';
  if (!status || PLAIN.includes(status)) return name;
  return name.replace(/\.pdf$/, `_${safeNamePart(status, 'status')}.pdf`);
}

/** Skipped unless asked for by name (`--status cancelled`). */
export function skippedByDefault(f24: { status?: unknown }, asked?: readonly string[]): boolean {
  return f24.status === 'cancelled' && !asked?.includes('cancelled');
}
