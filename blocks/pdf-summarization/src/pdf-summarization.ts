import { defineBlock, output, summaryLengthSetting, summariseText, field } from '@blocksmith/block-sdk';
import { extractPdfText } from './extract-pdf-text';
import { readUpstreamPdf } from './read-upstream-pdf';

export const pdfSummarization = defineBlock({
  kind: 'pdfSummarization',
  name: 'PDF Summary',
  description: 'Reads the text of an uploaded PDF and summarises it, however long it is.',
  category: 'ai',
  cost: 3,
  historyType: 'pdf_summarization',
  settings: {
    length: summaryLengthSetting,
    model: field.aiModel('text'),
  },
  outputs: {
    summary: output.text('The summary of the PDF', { title: 'Summary' }),
    page_count: output.number('How many pages the PDF has'),
  },
  async run(ctx) {
    const pdf = await readUpstreamPdf(ctx);
    const { text, pageCount } = await extractPdfText(pdf.data, pdf.name, ctx.signal);
    const summary = await summariseText(ctx, text, {
      model: ctx.settings.model,
      length: ctx.settings.length,
    });
    return { summary, page_count: pageCount };
  },
});
