/** Downloaded files: is a PDF whole, and a file-name part that every file system keeps. */
import { open, stat } from 'node:fs/promises';

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

/** A file-name part safe on every file system: accents dropped, anything else odd becomes '-'. */
export function safeNamePart(value: unknown, fallback: string): string {
  return (typeof value === 'string' && value.trim() ? value : fallback)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
}
