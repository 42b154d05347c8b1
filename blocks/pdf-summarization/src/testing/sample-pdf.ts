import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF: one entry per page, each a list of text lines (an empty list gives a blank page). */
export async function makePdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([600, 800]);
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 760 - i * 14, size: 10, font }));
  }
  return doc.save();
}
