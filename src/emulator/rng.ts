import { randomBytes } from 'node:crypto';

/**
 * Deterministic pseudo-random numbers (mulberry32). The emulator never uses Math.random for
 * anything observable: seed data and fault decisions come from seeded generators, so two runs
 * with the same seed produce the same data and the same fault pattern.
 */

/** A 32-bit FNV-1a hash, used to derive independent streams from one seed and a name. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A stream of its own for `name`: adding a consumer never shifts another consumer's numbers. */
  static derive(seed: number, name: string): Rng {
    return new Rng((seed ^ hash32(name)) >>> 0);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `length` lowercase hex digits. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }

  /** A version-4-shaped UUID drawn from this stream (deterministic, not cryptographic). */
  uuid(): string {
    const h = this.hex(32);
    const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

/**
 * What the emulator hands out at run time — new invoice uuids, delivery ids, webhook secrets —
 * comes from the cryptographic generator, never from a seeded stream: a restart of a persisted
 * emulator (or a second `--demo` process) must not hand out the same uuid or secret again.
 * Only the seed data is deterministic.
 */
export { randomUUID as freshUuid } from 'node:crypto';

/** A new webhook secret: 32 random bytes, hex. */
export function freshSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}
