import { ApiError } from '../api/blocksmith-api';
import { testBuilder } from './test-support';

const MB = 1024 * 1024;

/** A builder holding one File Upload block that takes text files up to 1 MB. */
async function withFileUpload() {
  const setup = await testBuilder();
  const id = setup.builder.dropBlock('fileUpload', { x: 0, y: 0 })!;
  setup.builder.document.updateSetting(id, 'acceptedTypes', 'text');
  setup.builder.document.updateSetting(id, 'maxSize', 1);
  const field = setup.builder.run.inputFields.find((f) => f.kind === 'file')!;
  return { ...setup, id, field };
}

describe('RunStore file inputs', () => {
  it("offers the block's accepted types and size limit", async () => {
    const { field } = await withFileUpload();
    expect(field).toMatchObject({
      accept: '.txt,.csv',
      maxSizeMb: 1,
      fileRules: { label: 'Text files (TXT, CSV)', extensions: ['.txt', '.csv'], maxSizeMb: 1 },
    });
  });

  it('refuses a chosen file in the words the server refuses its upload with', async () => {
    const { builder, field } = await withFileUpload();
    const good = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    expect(builder.run.chooseFile(field, good)).toBeNull();

    const refusals: Array<[File, string]> = [
      [
        new File([new Uint8Array(1.5 * MB)], 'big.txt', { type: 'text/plain' }),
        '"big.txt" is 1.5 MB, larger than the 1 MB limit.',
      ],
      [
        new File(['png'], 'harbour.png', { type: 'image/png' }),
        '"harbour.png" is not an accepted file type. Accepted: Text files (TXT, CSV) (.txt, .csv).',
      ],
      [
        new File(['png'], 'photo.txt', { type: 'image/png' }),
        '"photo.txt" has the type image/png, which is not accepted. Accepted: Text files (TXT, CSV) (.txt, .csv).',
      ],
      [
        new File([], 'empty.txt', { type: 'text/plain' }),
        '"empty.txt" is empty. Please upload a file with content.',
      ],
    ];
    for (const [file, message] of refusals) {
      expect(builder.run.chooseFile(field, file)).toBe(message);
      expect(builder.run.file(field.key)).toBe(good);
    }
  });

  it('uploads the chosen file before the run and sends its id as the input', async () => {
    const { builder, api, field } = await withFileUpload();
    builder.run.chooseFile(field, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    api.runEvents = [{ type: 'run_finished', runId: 'run-1', at: 1, status: 'succeeded' }];
    await builder.runApp();
    expect(api.calls.indexOf('uploadFile')).toBeLessThan(api.calls.indexOf('startRun'));
    expect(api.lastInputs).toEqual({ [field.key]: 'file-1' });
  });

  it('a refused upload fails the run before it starts, so nothing is charged', async () => {
    const { builder, api, toasts, field } = await withFileUpload();
    builder.run.chooseFile(field, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    api.failNext.uploadFile = new ApiError('"notes.txt" is empty. Please upload a file with content.');
    await builder.runApp();
    expect(api.calls).not.toContain('startRun');
    expect(builder.run.phase).toBe('failed');
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'danger',
      message: '"notes.txt" is empty. Please upload a file with content.',
    });
  });
});
