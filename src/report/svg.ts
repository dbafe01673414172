/** Horizontal bar charts as inline SVG (no script, no fonts to fetch): lengths from decimal strings. */
import BigJs from 'big.js';
import { formatEuro } from '../domain/money.js';
import { escapeHtml } from './escape.js';

const Big = BigJs();

export interface Bar {
  label: string;
  value: string;
  tone?: 'ok' | 'warn' | 'danger';
  /** No figure behind the bar (no document): its value reads as `options.none`, not 0,00 €. */
  none?: boolean;
}

const COLOURS = { ok: '#2f7d4f', warn: '#c27803', danger: '#b42318', default: '#2456a6' } as const;

export function barChart(bars: readonly Bar[], options: { title: string; width?: number; none?: string }): string {
  const width = options.width ?? 440;
  const labelWidth = 172;
  const valueWidth = 100;
  const barArea = width - labelWidth - valueWidth - 10;
  const rowHeight = 26;
  const height = 28 + bars.length * rowHeight;
  const max = bars.reduce((m, b) => (new Big(b.value).gt(m) ? new Big(b.value) : m), new Big(0));
  const rows = bars
    .map((b, i) => {
      const y = 24 + i * rowHeight;
      const value = new Big(b.value);
      // A length in pixels, for drawing only: amounts themselves never pass through a float.
      const length = max.gt(0) && value.gt(0) ? Math.max(1, Number(value.div(max).times(barArea).toFixed(1))) : 0;
      const label = b.label.length > 26 ? `${b.label.slice(0, 25)}…` : b.label;
      return `<g class="bar" data-label="${escapeHtml(b.label)}" data-value="${escapeHtml(b.value)}"><text x="0" y="${y + 15}">${escapeHtml(label)}</text><rect x="${labelWidth}" y="${y + 3}" width="${length}" height="${rowHeight - 8}" rx="2" fill="${COLOURS[b.tone ?? 'default']}"/><text x="${labelWidth + length + 6}" y="${y + 15}">${escapeHtml(b.none && options.none !== undefined ? options.none : formatEuro(b.value))}</text></g>`;
    })
    .join('');
  // Scaled by CSS (.chart-svg: the column's width, never below a readable minimum): the viewBox keeps the proportions.
  return `<svg class="chart-svg" role="img" aria-label="${escapeHtml(options.title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" data-base-font="12"><title>${escapeHtml(options.title)}</title><text x="0" y="14" style="font-weight:600">${escapeHtml(options.title)}</text>${rows}</svg>`;
}
