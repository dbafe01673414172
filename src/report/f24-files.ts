/** Pure helpers of `f24 download`: predictable file names and "is this PDF whole?". */
import { createHash } from 'node:crypto';

/**
 * `<period>_<due_date>_<id>.pdf`, safe on every file system: `2026-Q3_2026-11-16_f24_0012.pdf`.
 * An id with characters a file name cannot keep (`f24/1`, `f24:1`, `f24 1`) gets a short hash of
 * the id itself, so two ids never share a file.
 */
export function f24FileName(f24: { period?: unknown; due_date?: unknown; id: string }): string {
  const part = (value: unknown, fallback: string) =>
    (typeof value === 'string' && value.trim() ? value : fallback)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-._]+|[-._]+$/g, '');
  const id = part(f24.id, 'f24') || 'f24';
  const suffix = id === f24.id ? '' : `-${createHash('sha256').update(f24.id).digest('hex').slice(0, 10)}`;
  return `${part(f24.period, 'no-period')}_${part(f24.due_date, 'no-date')}_${id}`.slice(0, 196 - suffix.length) + suffix + '.pdf';
}

// The PDF checks are the downloaded files' (src/io/pdf.ts); byte counts and the bar src/io/progress.ts's.
export { isCompletePdf, looksLikeCompletePdf } from '../io/pdf.js';
