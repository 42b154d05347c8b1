import { BlockInputError } from '@blocksmith/block-sdk';
import { MemoryFileStore, runBlock } from '@blocksmith/block-sdk/testing';
import { imagePreview } from './image-preview';

describe('imagePreview', () => {
  it('presents the generated image at 400 px with a download button by default', async () => {
    const { outputs, artifacts } = await runBlock(imagePreview, {
      upstream: { generated_image_url: 'https://images.example.com/1.png' },
    });
    expect(outputs).toEqual({});
    expect(artifacts).toEqual([
      { kind: 'image', url: 'https://images.example.com/1.png', maxWidth: 400, downloadable: true },
    ]);
  });

  it('uses maxWidth and showDownload', async () => {
    const { artifacts } = await runBlock(imagePreview, {
      settings: { maxWidth: 250, showDownload: false },
      upstream: { image: { url: 'https://images.example.com/2.png' } },
    });
    expect(artifacts[0]).toEqual({
      kind: 'image',
      url: 'https://images.example.com/2.png',
      maxWidth: 250,
      downloadable: false,
    });
  });

  it('refuses a width outside 100 to 800 px', async () => {
    const upstream = { image: 'https://images.example.com/3.png' };
    await expect(runBlock(imagePreview, { settings: { maxWidth: 99 }, upstream })).rejects.toThrow(
      'at least 100',
    );
    await expect(runBlock(imagePreview, { settings: { maxWidth: 801 }, upstream })).rejects.toThrow(
      'at most 800',
    );
  });

  it('previews an uploaded image the server keeps', async () => {
    const files = new MemoryFileStore();
    const ref = await files.upload('cat.png', 'image/png', 'png bytes');
    const { artifacts } = await runBlock(imagePreview, { files, upstream: { file_url: ref.url } });
    expect(artifacts[0]).toMatchObject({ url: ref.url });
  });

  it('refuses an uploaded file that is not an image', async () => {
    const files = new MemoryFileStore();
    const ref = await files.upload('report.pdf', 'application/pdf', '%PDF');
    await expect(runBlock(imagePreview, { files, upstream: { file_url: ref.url } })).rejects.toThrow(
      '"report.pdf" is not an image, so it cannot be previewed. Connect an image instead.',
    );
  });

  it('takes the first connected block that gives an image', async () => {
    const { artifacts } = await runBlock(imagePreview, {
      upstream: { input_text: 'a cat', generated_image_url: 'https://images.example.com/cat.png' },
    });
    expect(artifacts[0]).toMatchObject({ url: 'https://images.example.com/cat.png' });
  });

  it('asks for a connection when nothing is connected', async () => {
    const error = await runBlock(imagePreview).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toBe(
      'Connect a block that provides an image, such as Image AI or File Upload.',
    );
  });

  it('says so when the connected block gives no image', async () => {
    await expect(
      runBlock(imagePreview, { upstream: { generated_text: 'A poem about cats' } }),
    ).rejects.toThrow(
      'The connected block gave no image to preview. Connect Image AI or a File Upload that accepts images.',
    );
  });

  it('declares the spec settings with their defaults and no outputs', () => {
    expect(Object.keys(imagePreview.settings)).toEqual(['maxWidth', 'showDownload']);
    expect(imagePreview.settings.maxWidth).toMatchObject({
      min: 100,
      max: 800,
      default: 400,
      integer: true,
      unit: 'px',
    });
    expect(imagePreview.settings.showDownload.default).toBe(true);
    expect(imagePreview.outputs).toEqual({});
    expect(imagePreview.cost).toBe(0);
  });
});
