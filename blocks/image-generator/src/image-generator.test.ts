import { AiOutputError, BlockInputError, type ImageRequest } from '@blocksmith/block-sdk';
import { MemoryFileStore, runBlock, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { imageGenerator } from './image-generator';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

function imageRequests(provider: ScriptedProvider): ImageRequest[] {
  return provider.calls.filter((c) => c.method === 'image').map((c) => c.request as ImageRequest);
}

describe('imageGenerator', () => {
  it('declares the spec settings, output, cost and history type', () => {
    expect(imageGenerator.kind).toBe('imageGenerator');
    expect(imageGenerator.name).toBe('Image AI');
    expect(imageGenerator.category).toBe('ai');
    expect(imageGenerator.cost).toBe(5);
    expect(imageGenerator.historyType).toBe('image_generation');
    expect(Object.keys(imageGenerator.settings)).toEqual(['prompt_template', 'output_type', 'model', 'size']);
    expect(imageGenerator.settings.output_type.options).toEqual([{ value: 'image', label: 'Image' }]);
    expect(imageGenerator.settings.model).toMatchObject({
      type: 'model',
      capability: 'image',
      fallback: 'dalle',
      default: 'dalle',
    });
    expect(imageGenerator.settings.size).toMatchObject({
      type: 'text',
      required: false,
      placeholder: '512x512',
    });
    expect(Object.keys(imageGenerator.outputs)).toEqual(['generated_image_url']);
    expect(imageGenerator.outputs.generated_image_url.type).toBe('url');
  });

  it('draws the default prompt with the connected text and keeps the image as a file', async () => {
    const provider = new ScriptedProvider();
    const files = new MemoryFileStore();
    const { outputs, progress } = await runBlock(imageGenerator, {
      upstream: { input_text: 'a red fox in the snow' },
      provider,
      files,
    });
    expect(imageRequests(provider)).toEqual([
      { prompt: 'An illustration of a red fox in the snow', model: 'dalle' },
    ]);
    const url = outputs.generated_image_url as string;
    expect(url).toMatch(/^\/files\//);
    const kept = await files.read(url);
    expect(kept.ref).toMatchObject({
      name: 'an-illustration-of-a-red-fox-in-the-snow.png',
      mime: 'image/png',
    });
    expect(kept.data.byteLength).toBeGreaterThan(0);
    expect(progress).toEqual([]);
  });

  it('uses a custom template, model and size, and names the file after the image type', async () => {
    const provider = new ScriptedProvider({ image: [{ data: JPEG, mime: 'image/jpeg' }] });
    const files = new MemoryFileStore();
    const { outputs } = await runBlock(imageGenerator, {
      settings: {
        prompt_template: 'Poster for {{event}} in {{style}} style, showing {{input_text}}',
        model: 'dall-e-3',
        size: ' 1024 X 768 ',
      },
      upstream: { input_text: 'dancers' },
      variables: { event: 'Café Night', style: 'art déco' },
      provider,
      files,
    });
    expect(imageRequests(provider)).toEqual([
      {
        prompt: 'Poster for Café Night in art déco style, showing dancers',
        model: 'dall-e-3',
        size: '1024x768',
      },
    ]);
    const kept = await files.read(outputs.generated_image_url as string);
    expect(kept.ref.name).toBe('poster-for-cafe-night-in-art-deco-style.jpg');
    expect(kept.ref.mime).toBe('image/jpeg');
    expect(kept.data).toEqual(JPEG);
  });

  it('lets an upstream variable named input_text win over the connected text', async () => {
    const provider = new ScriptedProvider();
    await runBlock(imageGenerator, {
      upstream: { idea: 'connected text' },
      variables: { input_text: 'a lighthouse' },
      provider,
    });
    expect(imageRequests(provider)[0]?.prompt).toBe('An illustration of a lighthouse');
  });

  it('needs no connection when the prompt has no {{input_text}}', async () => {
    const provider = new ScriptedProvider();
    const files = new MemoryFileStore();
    const { outputs } = await runBlock(imageGenerator, {
      settings: { prompt_template: '!!!' },
      provider,
      files,
    });
    expect((await files.read(outputs.generated_image_url as string)).ref.name).toBe('image.png');
  });

  it.each([['512'], ['512x'], ['big'], ['512x512x2'], ['-512x512']])('refuses the size %p', async (size) => {
    const provider = new ScriptedProvider();
    const run = runBlock(imageGenerator, { settings: { size }, upstream: { input_text: 'x' }, provider });
    await expect(run).rejects.toThrow(BlockInputError);
    await expect(run).rejects.toThrow(
      `Size "${size}" is not valid: write it as WIDTHxHEIGHT, for example 512x512, or leave it empty.`,
    );
    expect(provider.calls).toHaveLength(0);
  });

  it.each([['63x512'], ['512x2049'], ['0x0']])('refuses the out-of-range size %p', async (size) => {
    const provider = new ScriptedProvider();
    await expect(
      runBlock(imageGenerator, { settings: { size }, upstream: { input_text: 'x' }, provider }),
    ).rejects.toThrow(`Size "${size}" is out of range: each side must be from 64 to 2048 pixels.`);
    expect(provider.calls).toHaveLength(0);
  });

  it('accepts the smallest and largest sizes', async () => {
    const provider = new ScriptedProvider();
    await runBlock(imageGenerator, {
      settings: { size: '64x2048' },
      upstream: { input_text: 'x' },
      provider,
    });
    expect(imageRequests(provider)[0]?.size).toBe('64x2048');
  });

  it('asks for a connection when {{input_text}} would be empty', async () => {
    const provider = new ScriptedProvider();
    await expect(runBlock(imageGenerator, { provider })).rejects.toThrow(
      'Connect a block that describes the image for {{input_text}}, or write the whole description in the prompt template.',
    );
    expect(provider.calls).toHaveLength(0);
  });

  it('refuses a prompt that renders to nothing', async () => {
    const provider = new ScriptedProvider();
    await expect(
      runBlock(imageGenerator, {
        settings: { prompt_template: '{{note}}' },
        variables: { note: ' ' },
        provider,
      }),
    ).rejects.toThrow('The prompt is empty: describe the image in "Prompt template".');
    expect(provider.calls).toHaveLength(0);
  });

  it.each([[{ data: new Uint8Array(), mime: 'image/png' }], [{ data: JPEG, mime: 'text/html' }]])(
    'fails clearly when the service returns no image',
    async (answer) => {
      const provider = new ScriptedProvider({ image: [answer] });
      const run = runBlock(imageGenerator, { upstream: { input_text: 'x' }, provider });
      await expect(run).rejects.toThrow(AiOutputError);
      await expect(run).rejects.toThrow('The image service did not return an image. Run the app again.');
    },
  );

  it('refuses an output type other than image', async () => {
    await expect(runBlock(imageGenerator, { settings: { output_type: 'video' } })).rejects.toThrow(
      'Output type must be one of: "image" (Image).',
    );
  });
});
