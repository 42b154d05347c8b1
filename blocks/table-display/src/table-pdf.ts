import { encodableText } from '@blocksmith/block-sdk';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { Table } from './table';

const PAGE_WIDTH = 841.89; // A4 landscape in points
const PAGE_HEIGHT = 595.28;
const MARGIN = 36;
const FONT_SIZE = 9;
const ROW_HEIGHT = 14;
const PADDING = 6;
const MAX_NATURAL_WIDTH = 220;
const ELLIPSIS = '\u2026';

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  charset: ReadonlySet<number>;
}

/** Cuts text to fit `width`, ending it with an ellipsis when something was cut. */
function fitted(text: string, font: PDFFont, width: number): string {
  if (font.widthOfTextAtSize(text, FONT_SIZE) <= width) return text;
  const chars = Array.from(text);
  while (chars.length > 0 && font.widthOfTextAtSize(chars.join('') + ELLIPSIS, FONT_SIZE) > width)
    chars.pop();
  return chars.length === 0 ? '' : chars.join('') + ELLIPSIS;
}

/** Column widths from their content, shrunk in proportion when the table is wider than the page. */
function columnWidths(header: string[], body: string[][], fonts: Fonts): number[] {
  const natural = header.map((name, i) => {
    const widest = Math.max(
      fonts.bold.widthOfTextAtSize(name, FONT_SIZE),
      ...body.map((row) => fonts.regular.widthOfTextAtSize(row[i] ?? '', FONT_SIZE)),
    );
    return Math.min(widest, MAX_NATURAL_WIDTH) + 2 * PADDING;
  });
  const total = natural.reduce((sum, w) => sum + w, 0);
  const available = PAGE_WIDTH - 2 * MARGIN;
  return total <= available ? natural : natural.map((w) => (w * available) / total);
}

function drawRow(page: PDFPage, cells: string[], widths: number[], y: number, font: PDFFont): void {
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const width = widths[i] ?? 0;
    const text = fitted(cell, font, width - 2 * PADDING);
    if (text !== '') page.drawText(text, { x: x + PADDING, y, size: FONT_SIZE, font });
    x += width;
  });
}

/**
 * The table as a simple text table on A4 landscape pages: bold header repeated on every page, one
 * line per row, cells cut with an ellipsis when they do not fit their column.
 */
export async function tablePdf(table: Table, title: string): Promise<Uint8Array> {
  // Loaded on the first download, not with the block: most servers and runs never make a PDF.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Blocksmith');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, charset: new Set(regular.getCharacterSet()) };
  const clean = (text: string) => encodableText(text.replace(/\s+/g, ' ').trim(), fonts.charset);
  const header = table.columns.map(clean);
  const body = table.rows.map((row) =>
    table.columns.map((name) => {
      const cell = row[name];
      return cell === null || cell === undefined ? '' : clean(String(cell));
    }),
  );
  const widths = columnWidths(header, body, fonts);
  const tableWidth = widths.reduce((sum, w) => sum + w, 0);

  let page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = 0;
  const startPage = () => {
    y = PAGE_HEIGHT - MARGIN - FONT_SIZE;
    drawRow(page, header, widths, y, bold);
    const lineY = y - 4;
    page.drawLine({
      start: { x: MARGIN, y: lineY },
      end: { x: MARGIN + tableWidth, y: lineY },
      thickness: 0.75,
      color: rgb(0, 0, 0),
    });
    y -= ROW_HEIGHT + 2;
  };
  startPage();
  if (body.length === 0) page.drawText('No rows', { x: MARGIN + PADDING, y, size: FONT_SIZE, font: regular });
  for (const cells of body) {
    if (y < MARGIN) {
      page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      startPage();
    }
    drawRow(page, cells, widths, y, regular);
    y -= ROW_HEIGHT;
  }
  return doc.save();
}
