import {
  AiOutputError,
  BlockInputError,
  catalogueEntry,
  type JsonRequest,
  type VisionRequest,
} from '@blocksmith/block-sdk';
import {
  MemoryFileStore,
  ScriptedProvider,
  runBlock,
  type RecordedCall,
} from '@blocksmith/block-sdk/testing';
import { STRUCTURE_SYSTEM } from './analyse-image';
import { IMAGE_ANALYSIS_SCHEMA } from './image-analysis-schema';
import { imageAnalysis } from './image-analysis';

const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

const analysis = {
  description: 'A red bicycle leaning on a wall under a sign.',
  objects: ['bicycle', 'wall', 'sign'],
  text: 'NO PARKING',
  colors: ['red', 'grey'],
};

const visionCall = (calls: RecordedCall[]): VisionRequest => {
  const call = calls.find((c) => c.method === 'vision');
  if (!call || !('image' in call.request)) throw new Error('no vision call');
  return call.request;
};
const jsonCalls = (calls: RecordedCall[]): JsonRequest[] =>
  calls.flatMap((c) => (c.method === 'json' && 'schema' in c.request ? [c.request] : []));

async function withImage(mime = 'image/png', data: Uint8Array = PNG, name = 'bike.png') {
  const files = new MemoryFileStore();
  const ref = await files.upload(name, mime, data);
  return { files, url: ref.url };
}

describe('imageAnalysis', () => {
  it('declares its identity, question setting and output', () => {
    expect(catalogueEntry(imageAnalysis)).toMatchObject({
      id: 'imageAnalysis',
      name: 'Image Analysis',
      category: 'ai',
      cost: 2,
      outputs: [{ name: 'imageAnalysis', type: 'json' }],
    });
    expect(Object.keys(imageAnalysis.settings)).toEqual(['question', 'model']);
    expect(imageAnalysis.settings.model).toMatchObject({
      type: 'model',
      capability: 'vision',
      default: 'gpt-4',
    });
    expect(imageAnalysis.settings.question.default).toBe('Describe this image in detail.');
  });

  it('sends the uploaded image with the default question and uses a JSON answer as is', async () => {
    const { files, url } = await withImage();
    const provider = new ScriptedProvider({ vision: [JSON.stringify(analysis)] });
    const { outputs } = await runBlock(imageAnalysis, { upstream: { file_url: url }, files, provider });
    expect(outputs).toEqual({ imageAnalysis: analysis });
    const request = visionCall(provider.calls);
    expect(request.image).toEqual({ data: PNG, mime: 'image/png' });
    expect(request.model).toBe('gpt-4');
    expect(
      request.prompt.startsWith('Describe this image in detail.\n\nAnswer with one JSON object only'),
    ).toBe(true);
    expect(request.prompt).toContain('"text": all text visible in the image');
    expect(provider.calls.length).toBe(1);
  });

  it('accepts a fenced answer and tidies the strings', async () => {
    const { files, url } = await withImage();
    const padded = { description: ' A bike. ', objects: [' bike '], text: ' ', colors: ['red '] };
    const provider = new ScriptedProvider({ vision: ['```json\n' + JSON.stringify(padded) + '\n```'] });
    const { outputs } = await runBlock(imageAnalysis, { upstream: { file_url: url }, files, provider });
    expect(outputs.imageAnalysis).toEqual({
      description: 'A bike.',
      objects: ['bike'],
      text: '',
      colors: ['red'],
    });
  });

  it('asks the question from the settings, filling its {{variables}}', async () => {
    const { files, url } = await withImage();
    const provider = new ScriptedProvider({ vision: [JSON.stringify(analysis)] });
    await runBlock(imageAnalysis, {
      upstream: { file_url: url },
      variables: { selected_option: 'bicycles' },
      settings: { question: 'How many {{selected_option}} are there?' },
      files,
      provider,
    });
    expect(visionCall(provider.calls).prompt.startsWith('How many bicycles are there?\n\n')).toBe(true);
  });

  it('analyses an image made by an Image AI block', async () => {
    const { files, url } = await withImage('image/jpg', JPEG, 'generated.jpg');
    const provider = new ScriptedProvider({ vision: [JSON.stringify(analysis)] });
    await runBlock(imageAnalysis, {
      upstream: [
        { nodeId: 'a', kind: 'textInput', name: 'input_text', value: 'a bike' },
        { nodeId: 'b', kind: 'imageGenerator', name: 'generated_image_url', value: url },
      ],
      files,
      provider,
    });
    expect(visionCall(provider.calls).image.mime).toBe('image/jpeg');
  });

  it('reshapes a plain-text vision answer with one JSON call', async () => {
    const { files, url } = await withImage();
    const prose = 'The photo shows a red bicycle against a grey wall. A sign reads NO PARKING.';
    const provider = new ScriptedProvider({ vision: [prose], json: [analysis] });
    const { outputs } = await runBlock(imageAnalysis, { upstream: { file_url: url }, files, provider });
    expect(outputs.imageAnalysis).toEqual(analysis);
    const [request] = jsonCalls(provider.calls);
    expect(request).toMatchObject({
      system: STRUCTURE_SYSTEM,
      schema: IMAGE_ANALYSIS_SCHEMA,
      schemaName: 'imageAnalysis',
    });
    expect(request?.prompt).toContain('answer this request: Describe this image in detail.');
    expect(request?.prompt).toContain(`"""\n${prose}\n"""`);
  });

  it('succeeds when the reshaped answer is wrong once, and fails clearly when it is wrong twice', async () => {
    const { files, url } = await withImage();
    const wrong = { description: 'A bike', objects: 'bike', text: '', colors: [] };
    const retried = new ScriptedProvider({ vision: ['A bike.'], json: [wrong, analysis] });
    const { outputs } = await runBlock(imageAnalysis, {
      upstream: { file_url: url },
      files,
      provider: retried,
    });
    expect(outputs.imageAnalysis).toEqual(analysis);
    expect(jsonCalls(retried.calls)[1]?.previousAttempt?.error).toContain('/objects must be array');

    const failing = new ScriptedProvider({ vision: ['A bike.'], json: ['not json', wrong] });
    const run = runBlock(imageAnalysis, { upstream: { file_url: url }, files, provider: failing });
    await expect(run).rejects.toThrow(AiOutputError);
    await expect(
      runBlock(imageAnalysis, {
        upstream: { file_url: url },
        files,
        provider: new ScriptedProvider({ vision: ['A bike.'], json: ['not json', wrong] }),
      }),
    ).rejects.toThrow(
      'The AI answer for imageAnalysis did not have the expected shape: /objects must be array.',
    );
  });

  it('reads images kept without a type by their first bytes', async () => {
    const { files, url } = await withImage('application/octet-stream', PNG, 'upload');
    const provider = new ScriptedProvider({ vision: [JSON.stringify(analysis)] });
    await runBlock(imageAnalysis, { upstream: { file_url: url }, files, provider });
    expect(visionCall(provider.calls).image.mime).toBe('image/png');
  });

  it('refuses files that are not PNG, JPEG, GIF or WebP images', async () => {
    const pdf = await withImage('application/pdf', new TextEncoder().encode('%PDF-1.7'), 'report.pdf');
    await expect(
      runBlock(imageAnalysis, { upstream: { file_url: pdf.url }, files: pdf.files }),
    ).rejects.toThrow(
      'Image Analysis reads PNG, JPEG, GIF or WebP images, but "report.pdf" is application/pdf. Upload one of those instead.',
    );
    const svg = await withImage('image/svg+xml', new TextEncoder().encode('<svg/>'), 'logo.svg');
    await expect(
      runBlock(imageAnalysis, { upstream: { file_url: svg.url }, files: svg.files }),
    ).rejects.toThrow('"logo.svg" is image/svg+xml.');
    const junk = await withImage('application/octet-stream', new TextEncoder().encode('hello'), 'blob');
    await expect(
      runBlock(imageAnalysis, { upstream: { file_url: junk.url }, files: junk.files }),
    ).rejects.toThrow('"blob" is application/octet-stream.');
  });

  it('asks for an image source, an image, and an image that is still kept', async () => {
    await expect(runBlock(imageAnalysis, {})).rejects.toThrow(BlockInputError);
    await expect(runBlock(imageAnalysis, {})).rejects.toThrow(
      'Connect a File Upload or Image AI block that provides the image to analyse.',
    );
    await expect(runBlock(imageAnalysis, { upstream: { file_url: ' ' } })).rejects.toThrow(
      'No image was provided. Upload an image and run the app again.',
    );
    await expect(runBlock(imageAnalysis, { upstream: { input_text: 'a red bike' } })).rejects.toThrow(
      'Image Analysis reads an image from a File Upload or Image AI block. Connect one of those.',
    );
    await expect(
      runBlock(imageAnalysis, { upstream: { generated_image_url: '/files/gone' } }),
    ).rejects.toThrow('The image could not be found. Upload or generate it again and rerun the app.');
  });

  it('shows the image to the chosen model, and reshapes its answer with the server default', async () => {
    const { files, url } = await withImage();
    const provider = new ScriptedProvider({ vision: ['A red bicycle.'], json: [analysis] });
    await runBlock(imageAnalysis, {
      settings: { model: 'gpt-4o' },
      upstream: { file_url: url },
      files,
      provider,
    });
    expect(visionCall(provider.calls).model).toBe('gpt-4o');
    expect(jsonCalls(provider.calls).map((r) => r.model)).toEqual([undefined]);
  });
});
