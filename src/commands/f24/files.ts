/** Pure helpers of `f24 download`: predictable file names and "is this PDF whole?". */
import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';

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

/** A PDF whose header says %PDF- and whose tail holds %%EOF: what an atomic download leaves. */
export function looksLikeCompletePdf(head: Buffer, tail: Buffer): boolean {
  return head.subarray(0, 5).toString('latin1') === '%PDF-' && /%%EOF\s*$/.test(tail.toString('latin1'));
}

/** True when `path` exists and is a whole PDF (and, when known, of the expected size). */
export async function isCompletePdf(path: string, expectedSize?: number): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile() || info.size < 16) return false;
  if (expectedSize !== undefined && info.size !== expectedSize) return false;
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    const tail = Buffer.alloc(Math.min(64, info.size));
    await handle.read(head, 0, 5, 0);
    await handle.read(tail, 0, tail.length, info.size - tail.length);
    return looksLikeCompletePdf(head, tail);
  } finally {
    await handle.close();
  }
}

/** `1.2 MB`, `640 B`. */
