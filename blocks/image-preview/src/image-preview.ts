import { BlockInputError, defineBlock, field } from '@blocksmith/block-sdk';
import { imageUrlOf } from './image-url-of';

export const imagePreview = defineBlock({
  kind: 'imagePreview',
  name: 'Image Preview',
  description: 'Shows the image of the connected block, with an optional download button.',
  category: 'output',
  settings: {
    maxWidth: field.number({
      label: 'Maximum width',
      default: 400,
      min: 100,
      max: 800,
      integer: true,
      unit: 'px',
      help: 'Wider images are scaled down to this width.',
    }),
    showDownload: field.boolean({
      label: 'Show download button',
      default: true,
      help: 'Let people save the image.',
    }),
  },
  outputs: {},
  async run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError('Connect a block that provides an image, such as Image AI or File Upload.');
    }
    const url = ctx.upstream.map((u) => imageUrlOf(u.value)).find((link) => link !== null);
    if (url === undefined || url === null) {
      throw new BlockInputError(
        'The connected block gave no image to preview. Connect Image AI or a File Upload that accepts images.',
      );
    }
    if (!url.startsWith('data:')) {
      // A file the server keeps must really be an image; links elsewhere are shown as they are.
      const kept = await ctx.files.read(url).then(
        (file) => file.ref,
        () => null,
      );
      if (kept !== null && !kept.mime.startsWith('image/')) {
        throw new BlockInputError(
          `"${kept.name}" is not an image, so it cannot be previewed. Connect an image instead.`,
        );
      }
    }
    ctx.present({
      kind: 'image',
      url,
      maxWidth: ctx.settings.maxWidth,
      downloadable: ctx.settings.showDownload,
    });
  },
});
