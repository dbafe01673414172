/**
 * Nothing repeats across `fisco --demo` processes: each one loads the demo state kept in the
 * data folder, and hands out new ids, uuids and invoice numbers continuing from it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, type Harness } from './harness.js';

interface Listed {
  id: string;
  uuid: string;
  number: string;
}

describe('fisco --demo across processes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => h?.close());

  const demo = (args: string[]) => h.run(['--demo', ...args], { token: null, baseUrl: null, timeout: 60_000 });

  it('two processes create two invoices with different ids, uuids and consecutive numbers, none repeating a seeded one', { timeout: 180_000 }, async () => {
    const before = parseJson<Listed[]>((await demo(['invoice', 'list', '--all'])).stdout);
    const ids: string[] = [];
    for (let k = 0; k < 2; k++) {
      const created = await demo(['invoice', 'create', '--piva', '00743110157', '--item', `Prova ${k};1;10.00;22`, '--send', '--yes']);
      expect(created.exitCode, created.stderr).toBe(0);
      ids.push(String(parseJson(created.stdout).id));
    }
    const after = parseJson<Listed[]>((await demo(['invoice', 'list', '--all'])).stdout);
    const mine = ids.map((id) => after.find((i) => String(i.id) === id)!);
    expect(mine.every(Boolean)).toBe(true);
    expect(Number(ids[1])).toBe(Number(ids[0]) + 1);
    expect(mine[0]!.uuid).not.toBe(mine[1]!.uuid);
    const seq = (n: string) => Number(/^(\d+)\//.exec(n)![1]);
    expect(seq(mine[1]!.number)).toBe(seq(mine[0]!.number) + 1);
    for (const m of mine) expect(before.some((b) => b.number === m.number || b.uuid === m.uuid)).toBe(false);
    expect(new Set(after.map((i) => i.number)).size).toBe(after.length);
  });
});
