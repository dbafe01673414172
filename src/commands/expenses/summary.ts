import { Chalk } from 'chalk';
import { getExpenseSummary, type ExpenseSummary } from '../../api/expenses.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { formatEuro, sum } from '../../domain/money.js';
import type { InexactCells } from '../../output/table.js';
import type { PERIOD_FLAGS } from './flags.js';
import { periodLabel, periodQuery } from './period.js';
import { summaryRows } from '../../report/expense-rows.js';
import { ENGLISH, Message, render, t, type Language } from '../../i18n/message.js';

export async function run(_args: string[], options: FlagValues<typeof PERIOD_FLAGS>, factory: Factory): Promise<void> {
  const query = periodQuery(options);
  const summary = await getExpenseSummary(await factory.client(), query);
  const label = summary.periodo ?? periodLabel(query);
  const output = factory.output;
  if (output.format === 'csv') {
    await output.list(summaryRows(summary, label), { amountFields: ['totale'] });
  } else if (output.format === 'table') {
    const { InexactCells } = await import('../../output/table.js');
    const name = (row: unknown) => {
      const r = row as { cost_center_code?: string | null; method?: string };
      return r.method !== undefined ? t`method ${r.method}` : t`cost center ${r.cost_center_code ?? '?'}`;
    };
    const inexact = new InexactCells({ name });
    output.data(`${await renderSummary(summary, label, factory.io.colour, inexact, factory.language)}\n`);
    const note = inexact.message();
    if (note) output.info(note);
  } else {
    await output.item(summary);
  }
}

export async function renderSummary(
  summary: ExpenseSummary,
  label: string,
  colour: boolean,
  inexact?: InexactCells,
  language: Language = ENGLISH,
): Promise<string> {
  const { renderTable } = await import('../../output/table.js');
  const say = (text: Message) => render(text, language);
  const chalk = new Chalk({ level: colour ? 1 : 0 });
  const totals = Object.entries(summary.totali ?? {}).map(([method, totale]) => ({ method, totale }));
  const lines: string[] = [chalk.bold(say(t`Expense summary, ${label}`)), '', chalk.bold(say(t`By allocation method`))];
  lines.push(
    renderTable(
      [...totals, { method: t`total`, totale: sum(totals.map((t) => t.totale)) }],
      [
        { key: 'method', label: t`Method` },
        { key: 'totale', label: t`Total`, kind: 'money' },
      ],
      { rowTone: (row) => ((row as { method: unknown }).method instanceof Message ? 'ok' : undefined) },
      colour,
      undefined,
      inexact,
      language,
    ),
  );
  lines.push('', chalk.bold(say(t`By cost center`)));
  const centers = summary.per_centro ?? [];
  lines.push(
    centers.length === 0
      ? say(t`  (no expenses allocated to a cost center)`)
      : renderTable(
          centers,
          [
            { key: 'cost_center_code', label: t`Code` },
            { key: 'nome', label: t`Name` },
            { key: 'totale', label: t`Total`, kind: 'money' },
            { key: 'documenti', label: t`Documents`, kind: 'count' },
          ],
          {},
          colour,
          undefined,
          inexact,
          language,
        ),
  );
  const unassigned = summary.non_assegnate ?? { conteggio: 0, importo: '0.00' };
  const count = unassigned.conteggio;
  const text = say(
    count === 1
      ? t`Unassigned (outside the totals above): 1 document, ${formatEuro(unassigned.importo)}`
      : t`Unassigned (outside the totals above): ${count} documents, ${formatEuro(unassigned.importo)}`,
  );
  lines.push('', count > 0 ? chalk.yellow(say(t`${text} — method diretto without a cost center; they need review`)) : chalk.dim(text));
  return lines.join('\n');
}
