/** Pure helpers of `f24 download`: predictable file names and "is this PDF whole?". */

/** `<period>_<due_date>_<id>.pdf`, safe on every file system: `2026-Q3_2026-11-16_f24_0012.pdf`. */
export function f24FileName(f24: { period?: unknown; due_date?: unknown; id: string }): string {
  const part = (value: unknown, fallback: string) =>
    (typeof value === 'string' && value.trim() ? value : fallback)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-._]+|[-._]+$/g, '');
  return `${part(f24.period, 'no-period')}_${part(f24.due_date, 'no-date')}_${part(f24.id, 'f24') || 'f24'}`.slice(0, 196) + '.pdf';
}

// The PDF checks, byte counts and the progress bar belong to the one downloader (src/io/download.ts).
export { formatBytes, isCompletePdf, looksLikeCompletePdf, progressBar } from '../../io/download.js';
