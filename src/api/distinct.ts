/**
 * How many different keys a long walk listed, in 8 bytes a key: a 53-bit hash of each (cyrb53,
 * seeded at random per counter) kept in a growing Float64Array, sorted and counted at the end. A
 * Set of the keys themselves costs some 60 bytes each and made the peak memory of a 100,000-record
 * export grow with the list. Two different keys share a hash with a probability of about n²/2⁵⁴
 * (5·10⁻⁷ for 100,000): then one fewer is counted, never more, and the seed differs next run.
 */
export class DistinctCounter {
  private hashes = new Float64Array(256);
  private size = 0;
  private readonly seed = Math.floor(Math.random() * 0x1_0000_0000);

  add(key: string): void {
    if (this.size === this.hashes.length) {
      const grown = new Float64Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[this.size++] = cyrb53(key, this.seed);
  }

  /** The different keys added so far. */
  count(): number {
    const sorted = this.hashes.subarray(0, this.size).sort();
    let distinct = 0;
    for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
    return distinct;
  }
}

/** cyrb53 (bryc, public domain): a fast 53-bit string hash, as a non-negative integer Number. */
function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
