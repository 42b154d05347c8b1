import { BlockInputError, defineBlock, field, output } from '@blocksmith/block-sdk';
import { acceptedFileProblem } from './accepted-file-problem';
import { ACCEPTED_TYPES } from './accepted-types';

export const fileUpload = defineBlock({
  kind: 'fileUpload',
  name: 'File Upload',
  description: 'A file (PDF, image or text) uploaded by the person running the app.',
  category: 'input',
  inputKind: 'file',
  settings: {
    label: field.text({
      label: 'Label',
      default: 'Upload a file',
      help: 'The request shown above the upload box.',
    }),
    acceptedTypes: field.select({
      label: 'Accepted types',
      options: ACCEPTED_TYPES,
      default: 'all',
      help: 'Which kinds of file may be uploaded.',
    }),
    maxSize: field.number({
      label: 'Maximum size',
      default: 10,
      min: 1,
      max: 50,
      integer: true,
      unit: 'MB',
      help: 'Larger files are refused.',
    }),
  },
  outputs: { file_url: output.url('Where the uploaded file is kept') },
  acceptsFile(settings, file) {
    const message = acceptedFileProblem(settings, file);
    return message === null ? null : { message, tooLarge: file.size > settings.maxSize * 1024 * 1024 };
  },
  async run(ctx) {
    const { label } = ctx.settings;
    const input = typeof ctx.runInput === 'string' ? ctx.runInput.trim() : ctx.runInput;
    if (input === undefined || input === null || input === '') {
      throw new BlockInputError(`Please upload a file for "${label}".`);
    }
    if (typeof input !== 'string') {
      throw new BlockInputError(`"${label}" expects an uploaded file.`);
    }
    let file: Awaited<ReturnType<typeof ctx.files.read>>;
    try {
      file = await ctx.files.read(input);
    } catch (cause) {
      throw new BlockInputError(`The file for "${label}" could not be found. Please upload it again.`, {
        cause,
      });
    }
    const problem = acceptedFileProblem(ctx.settings, {
      name: file.ref.name,
      mime: file.ref.mime,
      size: file.data.byteLength,
    });
    if (problem !== null) throw new BlockInputError(problem);
    return { file_url: file.ref.url };
  },
});
