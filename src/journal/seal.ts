/**
 * A journal's seal, kept outside the journal (`<journal>.seal`, beside its lock): the sequence
 * number and hash of the last line written, when the journal began, and when that line was
 * written. A journal shorter than its seal lost lines (cut, emptied, restored from an older copy
 * of the file alone, deleted); a last line whose hash differs was edited.
 *
 * It is rewritten after every line, in place and without a rename: two fixed slots of 256 bytes,
 * used in turn (line n goes to slot n mod 2), each flushed to disk. A crash that tears one slot
 * leaves the other, one line behind, which is still a true lower bound.
 */
import { closeSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

export interface Seal {
  seq: number;
  /** lineHash of line `seq` (the header's when seq is 0). */
  hash: string;
  /** When the journal was created (its header's `created`). */
  began: string;
  /** When line `seq` was written. */
  at: string;
}

const SLOT = 256;

function parseSlot(text: string): Seal | undefined {
  try {
    const seal = JSON.parse(text.trim()) as Seal;
    if (Number.isInteger(seal.seq) && seal.seq >= 0 && typeof seal.hash === 'string' && typeof seal.began === 'string' && typeof seal.at === 'string')
      return seal;
  } catch {
    /* a torn or empty slot */
  }
  return undefined;
}

export function sealPath(journal: string): string {
  return `${journal}.seal`;
}

/** The seal of `journal`: the later of its two slots; undefined when there is none (or neither slot reads). */
export function readSeal(journal: string): Seal | undefined {
  let text: string;
  try {
    text = readFileSync(sealPath(journal), 'latin1');
  } catch {
    return undefined;
  }
  const slots = [parseSlot(text.slice(0, SLOT)), parseSlot(text.slice(SLOT, 2 * SLOT))].filter((s): s is Seal => s !== undefined);
  return slots.sort((a, b) => b.seq - a.seq)[0];
}

/** Whether a seal file exists at all (even one that does not read). */
export function sealExists(journal: string): boolean {
  try {
    readFileSync(sealPath(journal));
    return true;
  } catch {
    return false;
  }
}

/** An open seal, written in place after every line. */
export class SealWriter {
  private constructor(private readonly fd: number) {}

  /** Opens (or creates) the seal for writing in place (never in append mode: positional writes must land in their slot). */
  static open(journal: string): SealWriter {
    const path = sealPath(journal);
    try {
      return new SealWriter(openSync(path, 'r+'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return new SealWriter(openSync(path, 'w+', 0o600));
    }
  }

  private static slot(seal: Seal): string {
    const text = JSON.stringify(seal);
    // eslint-disable-next-line no-restricted-syntax -- a bug in fisco (the seal outgrew its slot), never a message for a person
    if (text.length >= SLOT) throw new Error(`journal seal too long (${text.length} bytes)`);
    return `${text.padEnd(SLOT - 1, ' ')}\n`;
  }

  write(seal: Seal): void {
    writeSync(this.fd, Buffer.from(SealWriter.slot(seal), 'latin1'), 0, SLOT, (seal.seq % 2) * SLOT);
    fsyncSync(this.fd);
  }

  /** Both slots at once (a new, migrated or rebuilt journal: no older seal may outrank it). */
  reset(seal: Seal): void {
    const both = Buffer.from(SealWriter.slot(seal).repeat(2), 'latin1');
    writeSync(this.fd, both, 0, both.length, 0);
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
