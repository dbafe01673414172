import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, cmp, sum } from '../../src/domain/money.js';
import { harness, parseJson, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

interface Expense {
  id: string;
  periodo_competenza: string;
  allocation_method: string | null;
  cost_center_id: string | null;
  cost_center_code: string | null;
  needs_review: boolean;
  subtotal: string;
  vat: string;
  total: string;
}

async function expenses(args: string[]): Promise<Expense[]> {
  const result = await h.run(['expenses', 'list', '--all', ...args]);
  expect(result.exitCode, result.stderr).toBe(0);
  return parseJson<Expense[]>(result.stdout);
}

describe('cost-centers list', () => {
  it('includes inactive centers unless --active, and filters by --type', async () => {
    const all = parseJson<{ attivo: boolean; tipo: string }[]>((await h.run(['cost-centers', 'list', '--all'])).stdout);
    expect(all).toHaveLength(10);
    expect(all.some((c) => !c.attivo)).toBe(true);
    const active = parseJson<{ attivo: boolean }[]>((await h.run(['cost-centers', 'list', '--active', '--all'])).stdout);
    expect(active.length).toBe(all.filter((c) => c.attivo).length);
    const commesse = parseJson<{ tipo: string }[]>((await h.run(['cost-centers', 'list', '--type', 'commessa'])).stdout);
    expect(commesse.every((c) => c.tipo === 'commessa')).toBe(true);
    const bad = await h.run(['cost-centers', 'list', '--type', 'reparto']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--type: use one of cliente, prodotto, commessa, sede');
  });
});

describe('expenses list', () => {
  it('streams every page with --all, amounts as two-decimal strings', async () => {
    const all = await expenses([]);
    expect(all).toHaveLength(200);
    for (const e of all) for (const f of ['subtotal', 'vat', 'total'] as const) expect(e[f]).toMatch(/^\d+\.\d{2}$/);
  });

  it('filters by --period, --from/--to, --method and --cost-center (code or id)', async () => {
    const october = await expenses(['--period', '2026-10']);
    expect(october.length).toBeGreaterThan(0);
    expect(october.every((e) => e.periodo_competenza === '2026-10')).toBe(true);
    const range = await expenses(['--from', '2026-08', '--to', '2026-10']);
    expect(new Set(range.map((e) => e.periodo_competenza))).toEqual(new Set(['2026-08', '2026-09', '2026-10']));
    const struttura = await expenses(['--method', 'struttura']);
    expect(struttura.some((e) => e.allocation_method === null)).toBe(true);
    expect(struttura.every((e) => e.allocation_method === null || e.allocation_method === 'struttura')).toBe(true);
    const byCode = await expenses(['--cost-center', 'COMM-2026-01']);
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.every((e) => e.cost_center_code === 'COMM-2026-01')).toBe(true);
    const byId = await expenses(['--cost-center', byCode[0].cost_center_id!]);
    expect(byId.map((e) => e.id)).toEqual(byCode.map((e) => e.id));
  });

  it('refuses bad periods and methods without sending anything', async () => {
    const sent = h.mark();
    for (const [args, message] of [
      [['--period', '2026-13'], /--period: /],
      [['--period', '2026-10', '--from', '2026-01'], /--period cannot be combined/],
      [['--from', '2026-10', '--to', '2026-01'], /--from 2026-10 is after --to 2026-01/],
      [['--method', 'direct'], /--method: use one of diretto/],
    ] as [string[], RegExp][]) {
      const result = await h.run(['expenses', 'list', ...args]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(sent()).toEqual([]);
  });

  it('reports diretto without a center as UNASSIGNED needing review, and makes those rows stand out in the table', async () => {
    const all = await expenses([]);
    const unassigned = all.filter((e) => e.allocation_method === 'diretto' && e.cost_center_id === null);
    expect(unassigned.length).toBeGreaterThan(0);
    expect(unassigned.every((e) => e.cost_center_code === 'UNASSIGNED' && e.needs_review)).toBe(true);
    const month = unassigned[0].periodo_competenza;
    const table = await h.run(['expenses', 'list', '--period', month, '--all', '-o', 'table'], { env: { FORCE_COLOR: '1', NO_COLOR: undefined } });
    const line = table.stdout.split('\n').find((l) => l.includes('UNASSIGNED'))!;
    expect(line).toMatch(/\x1b\[3[13]m/);
    expect(table.stderr).toMatch(/need review/);
  });

  it('exports CSV (RFC 4180 and the Italian dialect) that parses back to the same figures', async () => {
    const json = await expenses(['--period', '2026-09']);
    const rfc = await h.run(['expenses', 'list', '--period', '2026-09', '--all', '-o', 'csv']);
    const rows = parse(rfc.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id)).toEqual(json.map((e) => e.id));
    expect(rows.map((r) => r.total)).toEqual(json.map((e) => e.total));
    expect(Object.keys(rows[0])).toContain('supplier.name');
    const it = await h.run(['expenses', 'list', '--period', '2026-09', '--all', '-o', 'csv', '--csv-dialect', 'it']);
    expect(it.stdout.startsWith('\uFEFF')).toBe(true);
    const itRows = parse(it.stdout, { columns: true, delimiter: ';', bom: true }) as Record<string, string>[];
    // Italian headers (Totale, Data documento): amounts with a decimal comma, dates dd/mm/yyyy.
    expect(itRows.map((r) => r.Totale)).toEqual(json.map((e) => e.total.replace('.', ',')));
    expect(itRows[0]!['Data documento']).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('expenses summary', () => {
  /** The summary computed independently from the expense list, with the spec's rules. */
  function expected(list: Expense[]) {
    const unassigned = list.filter((e) => e.allocation_method === 'diretto' && e.cost_center_id === null);
    const assigned = list.filter((e) => !unassigned.includes(e));
    const totali: Record<string, string> = {};
    for (const method of ['diretto', 'personale', 'struttura', 'escluso']) {
      totali[method] = sum(assigned.filter((e) => (e.allocation_method ?? 'struttura') === method).map((e) => e.total));
    }
    const centers = new Map<string, { totale: string; documenti: number }>();
    for (const e of assigned.filter((x) => x.cost_center_id)) {
      const c = centers.get(e.cost_center_id!) ?? { totale: '0', documenti: 0 };
      centers.set(e.cost_center_id!, { totale: add(c.totale, e.total), documenti: c.documenti + 1 });
    }
    return { totali, centers, unassigned: { conteggio: unassigned.length, importo: sum(unassigned.map((e) => e.total)) } };
  }

  it('matches the expense list for a month and for a range', async () => {
    for (const args of [
      ['--period', '2026-10'],
      ['--from', '2026-06', '--to', '2026-10'],
    ]) {
      const list = await expenses(args);
      const want = expected(list);
      const result = await h.run(['expenses', 'summary', ...args]);
      expect(result.exitCode).toBe(0);
      const summary = parseJson(result.stdout);
      for (const method of Object.keys(want.totali)) expect(cmp(summary.totali[method], want.totali[method]), method).toBe(0);
      expect(summary.per_centro).toHaveLength(want.centers.size);
      for (const row of summary.per_centro) {
        expect(cmp(row.totale, want.centers.get(row.cost_center_id)!.totale)).toBe(0);
        expect(row.documenti).toBe(want.centers.get(row.cost_center_id)!.documenti);
        expect(row.totale).toMatch(/^\d+\.\d{2}$/);
      }
      expect(summary.non_assegnate.conteggio).toBe(want.unassigned.conteggio);
      expect(cmp(summary.non_assegnate.importo, want.unassigned.importo)).toBe(0);
    }
  });

  it('prints a readable table with the unassigned kept apart', async () => {
    const result = await h.run(['expenses', 'summary', '--period', '2026-10', '-o', 'table']);
    expect(result.stdout).toContain('By allocation method');
    expect(result.stdout).toContain('By cost center');
    expect(result.stdout).toMatch(/Unassigned \(outside the totals above\): \d+ documents?, [\d.]+,\d{2} €/);
    expect(result.stdout).toMatch(/^total\s+[\d.]+,\d{2} €/m);
  });

  it('exports CSV rows with a section column that parse back', async () => {
    const summary = parseJson((await h.run(['expenses', 'summary', '--period', '2026-10'])).stdout);
    const csv = await h.run(['expenses', 'summary', '--period', '2026-10', '-o', 'csv']);
    const rows = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['periodo', 'section', 'allocation_method', 'cost_center_id', 'cost_center_code', 'nome', 'totale', 'documenti']);
    expect(rows.filter((r) => r.section === 'totali').map((r) => [r.allocation_method, r.totale])).toEqual(Object.entries(summary.totali));
    expect(rows.filter((r) => r.section === 'per_centro')).toHaveLength(summary.per_centro.length);
    const un = rows.find((r) => r.section === 'non_assegnate')!;
    expect([un.totale, Number(un.documenti)]).toEqual([summary.non_assegnate.importo, summary.non_assegnate.conteggio]);
    expect(rows.every((r) => r.periodo === '2026-10')).toBe(true);
  });
});
