import { GraphValidationError } from '@blocksmith/engine';
import {
  echoInput,
  probeCollect,
  probeCondition,
  probeLoop,
  templateBlock,
  wrongTypeBlock,
} from '@blocksmith/engine/testing';
import {
  BlockInputError,
  MemoryFileStore,
  defineBlock,
  output,
  readUpstreamFile,
} from '@blocksmith/block-sdk';
import { runGraph } from './run-graph';

const fileSize = defineBlock({
  kind: 'fileSize',
  name: 'File Size',
  description: 'Counts the bytes of the file connected to it.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { file_bytes: output.number() },
  async run(ctx) {
    const file = await readUpstreamFile(ctx, {
      from: { kinds: ['echoInput'], outputs: ['input_text'] },
      messages: {
        notConnected: 'Connect a file.',
        noFile: 'Upload a file.',
        notAFile: 'Connect one file.',
        notFound: 'The file is gone.',
      },
    });
    return { file_bytes: file.data.length };
  },
});

const tokenTeller = defineBlock({
  kind: 'tokenTeller',
  name: 'Token Teller',
  description: 'Says the secret it reads.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { told: output.text() },
  async run(ctx) {
    const token = await ctx.secret('TOKEN');
    ctx.progress(`using ${token}`);
    if (ctx.primaryText() === 'fail') throw new BlockInputError(`refused ${token}`);
    return { told: `the token is ${token}` };
  },
});

describe('runGraph', () => {
  it('takes a route: the blocks after the route not taken are skipped', async () => {
    const run = await runGraph({
      blocks: [echoInput, probeCondition, templateBlock],
      nodes: [
        { id: 'in', type: 'echoInput' },
        { id: 'if', type: 'probeCondition', settings: { contains: 'yes' } },
        { id: 'then', type: 'template', settings: { template: 'then {{input_text}}' } },
        { id: 'else', type: 'template', settings: { template: 'else {{input_text}}' } },
      ],
      connections: [
        { from: 'in', to: 'if' },
        { from: 'if', to: 'then', fromPort: 'true' },
        { from: 'if', to: 'else', fromPort: 'false' },
      ],
      inputs: { in: 'yes please' },
    });
    expect(run.status).toBe('succeeded');
    expect(run.blocks.if).toMatchObject({ kind: 'probeCondition', status: 'succeeded', routes: ['true'] });
    expect(run.blocks.then!.outputs.generated_text).toBe('then yes please');
    expect(run.blocks.then!.progress).toEqual(['then yes please']);
    expect(run.blocks.else!.status).toBe('skipped');
    expect(run.events.map((e) => e.type)).toContain('node_skipped');
  });

  it('loops over items, each item in turn, and gathers them at the loop end', async () => {
    const run = await runGraph({
      blocks: [echoInput, probeLoop, templateBlock, probeCollect],
      nodes: [
        { id: 'in', type: 'echoInput' },
        { id: 'each', type: 'probeLoop' },
        { id: 'say', type: 'template', settings: { template: '<{{item}}>' } },
        { id: 'end', type: 'probeCollect' },
      ],
      connections: [
        { from: 'in', to: 'each' },
        { from: 'each', to: 'say' },
        { from: 'say', to: 'end' },
      ],
      inputs: { in: 'a\nb\nc' },
    });
    expect(run.status).toBe('succeeded');
    expect(run.blocks.end!.outputs.collected).toEqual(['0:<a>', '1:<b>', '2:<c>']);
    expect(run.blocks.say).toMatchObject({ status: 'succeeded', runs: 3 });
    expect(run.events.filter((e) => e.type === 'loop_progress').at(-1)).toMatchObject({ done: 3, items: 3 });
  });

  it('hands a block an upstream file from the file store', async () => {
    const files = new MemoryFileStore();
    const ref = await files.upload('notes.txt', 'text/plain', 'twelve bytes');
    const run = await runGraph({
      blocks: [echoInput, fileSize],
      nodes: [
        { id: 'upload', type: 'echoInput' },
        { id: 'size', type: 'fileSize' },
      ],
      connections: [{ from: 'upload', to: 'size' }],
      inputs: { upload: ref.url },
      files,
    });
    expect(run.blocks.size!.outputs).toEqual({ file_bytes: 12 });
  });

  it('fails a block whose output is not of its declared type, as a run does', async () => {
    const run = await runGraph({
      blocks: [echoInput, wrongTypeBlock],
      nodes: [
        { id: 'in', type: 'echoInput' },
        { id: 'wrong', type: 'wrongType' },
      ],
      connections: [{ from: 'in', to: 'wrong' }],
      inputs: { in: 'x' },
    });
    expect(run).toMatchObject({
      status: 'failed',
      failedNodeId: 'wrong',
      error: 'Wrong Type failed: it returned a bad result: output text_out must be a string',
    });
    expect(run.blocks.wrong!.thrown).toBeUndefined();
  });

  it('cleans the secrets a block read out of what it says, and keeps the class of what it threw', async () => {
    const graph = (text: string) => ({
      blocks: [echoInput, tokenTeller],
      nodes: [
        { id: 'in', type: 'echoInput' },
        { id: 'tell', type: 'tokenTeller' },
      ],
      connections: [{ from: 'in', to: 'tell' }],
      inputs: { in: text },
      secrets: { TOKEN: 'tok_live_0123456789' },
    });
    const told = await runGraph(graph('go'));
    expect(told.blocks.tell!.outputs.told).toBe('the token is [secret TOKEN]');
    expect(told.blocks.tell!.progress).toEqual(['using [secret TOKEN]']);
    const refused = await runGraph(graph('fail'));
    expect(refused.error).toBe('Token Teller failed: refused [secret TOKEN]');
    expect(refused.errorCode).toBe('BAD_USER_INPUT');
    expect(refused.blocks.tell!.thrown).toBeInstanceOf(BlockInputError);
    expect((refused.blocks.tell!.thrown as Error).message).toBe('refused [secret TOKEN]');
    expect(JSON.stringify(refused)).not.toContain('tok_live');
  });

  it('refuses an app that cannot run with the engine’s reasons, naming the block', async () => {
    const planning = runGraph({
      blocks: [echoInput, probeCollect],
      nodes: [
        { id: 'in', type: 'echoInput' },
        { id: 'end', type: 'probeCollect' },
        { id: 'ghost', type: 'nowhere' },
      ],
      connections: [{ from: 'in', to: 'end' }],
    });
    await expect(planning).rejects.toBeInstanceOf(GraphValidationError);
    await expect(planning).rejects.toThrow('unknown block kind "nowhere"');
  });
});
