/** Files of an export: written atomically, and only when their content changed; hashed for the manifest. */
import type { ResiduesBasis } from '../../receivables/as-of.js';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../../io/atomic.js';
import { CsvWriter } from '../../output/csv.js';
import { flatten } from '../../output/fields.js';
import type { MissingPart } from '../../portfolio/partial.js';
import { jsonText, parseAnswerJson } from '../../domain/answer-json.js';

export interface FileEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  period: string;
  company: { id: string; name: string; vat_number: string | null };
  /** The folder (under --dir) holding this company's files: unique within the run. */
  folder?: string;
  /** The service's clock when the data was read: the next run asks for changes since then. */
  data_as_of: string;
  files: FileEntry[];
  /** Parts that could not be read in that run (the next run reads everything again). */
  missing?: MissingPart[];
  /** Where receivables.json's residues come from (src/receivables/as-of.ts); a run reuses that file only with it. */
  receivables_basis?: ResiduesBasis;
}

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

export async function hashFile(path: string): Promise<{ size: number; sha256: string } | undefined> {
  try {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { size, sha256: hash.digest('hex') };
  } catch {
    return undefined;
  }
}

/** Writes `data` unless the file already holds exactly it. */
export async function writeIfChanged(path: string, data: string | Uint8Array): Promise<{ size: number; sha256: string; written: boolean }> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const digest = sha256(bytes);
  const current = await stat(path).catch(() => undefined);
  if (current?.isFile() && current.size === bytes.length && (await hashFile(path))?.sha256 === digest)
    return { size: bytes.length, sha256: digest, written: false };
  await writeFileAtomic(path, bytes);
  return { size: bytes.length, sha256: digest, written: true };
}

export async function readManifest(path: string): Promise<Manifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path, 'utf8')) as Manifest;
    return manifest && manifest.format === 1 && Array.isArray(manifest.files) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

export async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    // Read back as written: big integers stay exact (they were written by jsonText).
    return parseAnswerJson(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** JSON files of an export: big integers from the service written exactly (jsonText). */
export const json = (value: unknown): string => `${jsonText(value, 2)}\n`;

/** A whole CSV document in the Italian dialect (`;`, decimal comma, dd/mm/yyyy, BOM). */
export function italianCsv(items: readonly unknown[], columns: readonly string[], amountFields: readonly string[]): string {
  let text = '';
  const writer = new CsvWriter((chunk) => (text += chunk), 'it', [...columns], new Set(amountFields));
  for (const item of items) writer.row(flatten(item));
  writer.end();
  return text;
}
