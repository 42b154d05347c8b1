import { BlockError, BlockInputError } from './errors';
import type { FileStore } from './file-store';
import { MemoryFileStore } from './memory-file-store';
import type { UpstreamValue } from './run-context';
import { isFileSource, readKeptFile, readUpstreamFile, type UpstreamFileOptions } from './upstream-file';

const options: UpstreamFileOptions = {
  from: { kinds: ['fileUpload'], outputs: ['file_url', 'generated_image_url'] },
  messages: {
    notConnected: 'Connect a source.',
    noFile: 'Nothing was uploaded.',
    notAFile: 'That is not a file.',
    notFound: 'The file is gone.',
  },
};

const value = (name: string, kind: string, v: unknown): UpstreamValue => ({
  nodeId: name,
  kind,
  name,
  value: v,
});

async function setup() {
  const files = new MemoryFileStore();
  const kept = await files.upload('notes.txt', 'text/plain', 'hello');
  return { files, kept };
}

describe('isFileSource', () => {
  it('matches the listed kinds and output names, numbered or not', () => {
    const from = options.from;
    expect(isFileSource(value('anything', 'fileUpload', ''), from)).toBe(true);
    expect(isFileSource(value('file_url', 'other', ''), from)).toBe(true);
    expect(isFileSource(value('file_url_12', 'other', ''), from)).toBe(true);
    expect(isFileSource(value('generated_image_url_2', 'other', ''), from)).toBe(true);
    expect(isFileSource(value('file_url_', 'other', ''), from)).toBe(false);
    expect(isFileSource(value('file_url_x', 'other', ''), from)).toBe(false);
    expect(isFileSource(value('my_file_url', 'other', ''), from)).toBe(false);
  });
});

describe('readUpstreamFile', () => {
  it('reads the file a source block hands on, preferring it over other blocks', async () => {
    const { files, kept } = await setup();
    const upstream = [
      value('generated_text', 'textGeneration', 'some text'),
      value('file_url_2', 'x', ` ${kept.url} `),
    ];
    const file = await readUpstreamFile({ upstream, files }, options);
    expect(file.ref).toEqual(kept);
    expect(new TextDecoder().decode(file.data)).toBe('hello');
  });

  it('uses the one connected block whose value is a file url when no source is connected', async () => {
    const { files, kept } = await setup();
    const file = await readUpstreamFile({ upstream: [value('link', 'textInput', kept.url)], files }, options);
    expect(file.ref.id).toBe(kept.id);
  });

  it('says what is missing in the block’s words', async () => {
    const { files, kept } = await setup();
    const read = (upstream: UpstreamValue[]) => readUpstreamFile({ upstream, files }, options);
    await expect(read([])).rejects.toEqual(new BlockInputError('Connect a source.'));
    await expect(read([value('a', 'textInput', '  ')])).rejects.toEqual(
      new BlockInputError('Connect a source.'),
    );
    await expect(read([value('file_url', 'fileUpload', '')])).rejects.toEqual(
      new BlockInputError('Nothing was uploaded.'),
    );
    await expect(read([value('a', 'textInput', 'two words')])).rejects.toEqual(
      new BlockInputError('That is not a file.'),
    );
    await expect(
      read([value('a', 'textInput', kept.url), value('b', 'textInput', kept.url)]),
    ).rejects.toEqual(new BlockInputError('That is not a file.'));
    const gone = read([value('file_url', 'fileUpload', '/files/missing')]);
    await expect(gone).rejects.toBeInstanceOf(BlockInputError);
    await expect(gone).rejects.toMatchObject({ message: 'The file is gone.', cause: expect.any(Error) });
  });
});

describe('readKeptFile', () => {
  it('passes a BlockError from the store on unchanged', async () => {
    const refused = new BlockError('Stopped.');
    const files: FileStore = { put: () => Promise.reject(refused), read: () => Promise.reject(refused) };
    await expect(readKeptFile({ files }, 'id', 'The file is gone.')).rejects.toBe(refused);
  });
});
