import { encodableText } from '@blocksmith/block-sdk';
import type { PDFFont } from 'pdf-lib';

const PAGE_WIDTH = 595.28; // A4 in points
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const FONT_SIZE = 11;
const LINE_HEIGHT = 15;
const TAB = '    ';

function breakWord(word: string, font: PDFFont, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && font.widthOfTextAtSize(piece + char, FONT_SIZE) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** Splits one paragraph into lines no wider than `width`, breaking at spaces (or inside very long words). */
function wrapParagraph(paragraph: string, font: PDFFont, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, FONT_SIZE) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    const pieces = breakWord(word, font, width);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  lines.push(line);
  return lines;
}

/** A real, multi-page A4 PDF of `text` in Helvetica, word-wrapped, one text line per drawn line. */
export async function textPdf(text: string, title: string): Promise<Uint8Array> {
  // Loaded on the first download, not with the block: most servers and runs never make a PDF.
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setCreator('Blocksmith');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const charset = new Set(font.getCharacterSet());
  const width = PAGE_WIDTH - 2 * MARGIN;
  const lines = text
    .split(/\r\n|\r|\n/)
    .flatMap((paragraph) =>
      wrapParagraph(encodableText(paragraph.replace(/\t/g, TAB), charset), font, width),
    );

  let page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN - FONT_SIZE;
  for (const line of lines) {
    if (y < MARGIN) {
      page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      y = PAGE_HEIGHT - MARGIN - FONT_SIZE;
    }
    if (line.trim() !== '') page.drawText(line, { x: MARGIN, y, size: FONT_SIZE, font });
    y -= LINE_HEIGHT;
  }
  return doc.save();
}
