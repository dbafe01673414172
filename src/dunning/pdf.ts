/**
 * A letter as an A4 PDF with pdf-lib (pure JavaScript, the standard Helvetica fonts: no browser and
 * no font file on the user's machine). A small layout of its own: wrapped paragraphs, the invoices
 * table, the totals. A character the standard fonts cannot write (outside Windows-1252) becomes '?'.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { LetterContent } from './content.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const SIZE = 10;
const LEADING = 13.5;

interface Pen {
  page: PDFPage;
  y: number;
}

export async function letterPdf(c: LetterContent, created: Date): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(c.subject);
  doc.setLanguage('it-IT');
  doc.setProducer('fisco');
  doc.setCreator('fisco dunning plan');
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const encodable = new Map<string, boolean>();
  const clean = (text: string) =>
    [...text]
      .map((ch) => {
        if (!encodable.has(ch)) {
          try {
            regular.widthOfTextAtSize(ch, SIZE);
            encodable.set(ch, true);
          } catch {
            encodable.set(ch, false);
          }
        }
        return encodable.get(ch) ? ch : '?';
      })
      .join('');
  const width = A4.width - 2 * MARGIN;
  const pen: Pen = { page: doc.addPage([A4.width, A4.height]), y: A4.height - MARGIN };
  const room = (needed: number) => {
    if (pen.y - needed >= MARGIN) return;
    pen.page = doc.addPage([A4.width, A4.height]);
    pen.y = A4.height - MARGIN;
  };
  const line = (text: string, x: number, font: PDFFont = regular, size = SIZE) => {
    room(LEADING);
    pen.page.drawText(clean(text), { x, y: pen.y - size, size, font });
    pen.y -= LEADING;
  };
  const paragraph = (text: string, font: PDFFont = regular, size = SIZE) => {
    for (const l of wrap(clean(text), (t) => font.widthOfTextAtSize(t, size), width)) line(l, MARGIN, font, size);
    pen.y -= LEADING / 2;
  };

  const top = pen.y;
  for (const l of c.from) line(l, MARGIN, bold);
  const left = pen.y;
  pen.y = top;
  for (const l of c.to) line(l, MARGIN + width / 2, regular);
  pen.y = Math.min(left, pen.y) - LEADING;
  line(c.place, MARGIN);
  pen.y -= LEADING / 2;
  paragraph(c.title, bold, 13);
  paragraph(c.opening);
  for (const p of c.body) paragraph(p);
  table(c, { line, room, pen, regular, bold, width, clean });
  pen.y -= LEADING / 2;
  for (const [label, value] of c.totals) {
    const font = label.startsWith('Totale') ? bold : regular;
    room(LEADING);
    pen.page.drawText(clean(label), { x: MARGIN, y: pen.y - SIZE, size: SIZE, font });
    pen.page.drawText(clean(value), { x: MARGIN + width - font.widthOfTextAtSize(clean(value), SIZE), y: pen.y - SIZE, size: SIZE, font });
    pen.y -= LEADING;
  }
  pen.y -= LEADING / 2;
  if (c.rates.length) {
    paragraph(c.ratesTitle, bold, 8.5);
    for (const r of c.rates) paragraph(r, regular, 8.5);
  }
  paragraph(c.payment);
  paragraph(c.legal, regular, 8.5);
  paragraph(c.method, regular, 8.5);
  for (const l of c.closing) line(l, MARGIN);
  return doc.save({ useObjectStreams: false });
}

interface TableKit {
  line: (text: string, x: number, font?: PDFFont, size?: number) => void;
  room: (needed: number) => void;
  pen: Pen;
  regular: PDFFont;
  bold: PDFFont;
  width: number;
  clean: (text: string) => string;
}

/** The invoices table: the number column takes what the amounts leave; amounts right-aligned. */
function table(c: LetterContent, kit: TableKit): void {
  const size = 8.5;
  const columns = c.header.length;
  const numberWidth = kit.width * (columns > 6 ? 0.2 : 0.24);
  const rest = (kit.width - numberWidth) / (columns - 1);
  const xs = c.header.map((_, i) => (i === 0 ? MARGIN : MARGIN + numberWidth + rest * (i - 1)));
  const widths = c.header.map((_, i) => (i === 0 ? numberWidth : rest) - 4);
  const draw = (cells: string[], font: PDFFont) => {
    kit.room(LEADING * 2);
    const wrapped = cells.map((cell, i) => wrap(kit.clean(cell), (t) => font.widthOfTextAtSize(t, size), widths[i]!));
    const height = Math.max(...wrapped.map((w) => w.length));
    for (let row = 0; row < height; row++) {
      wrapped.forEach((lines, i) => {
        const text = lines[row];
        if (!text) return;
        const x = i >= 3 ? xs[i]! + widths[i]! - font.widthOfTextAtSize(text, size) : xs[i]!;
        kit.pen.page.drawText(text, { x, y: kit.pen.y - size, size, font });
      });
      kit.pen.y -= LEADING - 2;
    }
    kit.pen.y -= 2;
  };
  draw(c.header, kit.bold);
  for (const row of c.rows) draw(row, kit.regular);
}

/** Greedy word wrap to `width`; a word longer than the line is cut. */
export function wrap(text: string, measure: (t: string) => number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let piece = word;
    while (measure(piece) > width && piece.length > 1) {
      let cut = piece.length - 1;
      while (cut > 1 && measure(piece.slice(0, cut)) > width) cut--;
      lines.push(piece.slice(0, cut));
      piece = piece.slice(cut);
    }
    current = piece;
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}
