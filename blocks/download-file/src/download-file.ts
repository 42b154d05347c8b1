import { BlockInputError, defineBlock, field, type RunContext } from '@blocksmith/block-sdk';
import { safeFileName } from './safe-file-name';
import { textPdf } from './text-pdf';
import { upstreamJson } from './upstream-json';

const FORMATS = [
  { value: 'pdf', label: 'PDF' },
  { value: 'text', label: 'Text' },
  { value: 'json', label: 'JSON' },
] as const;

type DownloadFormat = (typeof FORMATS)[number]['value'];

const FILE_TYPES: Readonly<Record<DownloadFormat, { extension: string; mime: string }>> = {
  pdf: { extension: 'pdf', mime: 'application/pdf' },
  text: { extension: 'txt', mime: 'text/plain' },
  json: { extension: 'json', mime: 'application/json' },
};

async function fileBytes(
  ctx: RunContext<unknown>,
  format: DownloadFormat,
  name: string,
): Promise<Uint8Array> {
  switch (format) {
    case 'pdf':
      return textPdf(ctx.primaryText(), name);
    case 'text':
      return new TextEncoder().encode(ctx.primaryText());
    case 'json':
      return new TextEncoder().encode(upstreamJson(ctx.upstream));
  }
}

export const downloadFile = defineBlock({
  kind: 'downloadFile',
  name: 'Download File',
  description: 'Packages the connected result as a PDF, text or JSON file to download.',
  category: 'output',
  settings: {
    format: field.select({
      label: 'Format',
      options: FORMATS,
      default: 'text',
      help: 'The kind of file made.',
    }),
    filename: field.text({
      label: 'File name',
      default: 'output',
      help: 'Without extension; the one matching the format is added.',
    }),
  },
  outputs: {},
  async run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError('Connect a block whose result should be downloaded.');
    }
    const { format } = ctx.settings;
    const type = FILE_TYPES[format];
    const name = safeFileName(ctx.settings.filename, type.extension);
    const data = await fileBytes(ctx, format, name);
    const file = await ctx.files.put(data, { name, mime: type.mime });
    ctx.present({ kind: 'file', file, format });
  },
});
