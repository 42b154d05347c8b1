import { defineBlock, output, type TextAtHand, type TextRequest } from '@blocksmith/block-sdk';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { RunEvent } from '@blocksmith/schema';
import { executeRun } from './executor';
import { planRun } from './run-plan';
import { StreamedText } from './streamed-text';
import {
  collectDisplay,
  echoInput,
  probeApp as app,
  probeCollect,
  probeLoop,
  probePlugin as plugin,
  TestBlocks,
} from './testing';

/** Streams its item in three pieces at once; the item `wait` streams one more when the test says. */
const gates: (() => void)[] = [];
const streamer = defineBlock({
  kind: 'streamer',
  name: 'Streamer',
  description: 'Streams its item in pieces.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { text: output.text() },
  async run(ctx) {
    const item = ctx.primaryText();
    for (const piece of [`${item}:`, 'one ', 'two']) ctx.progress(piece);
    if (item === 'wait') {
      await new Promise<void>((resolve) => gates.push(resolve));
      ctx.progress(' three');
    }
    return { text: `${item} done` };
  },
});

/** Writes with AI: the answer, in memory, is its item and "written". */
const writer = defineBlock({
  kind: 'writer',
  name: 'Writer',
  description: 'Writes about its item.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { text: output.text() },
  async run(ctx) {
    return { text: await ctx.ai.text({ prompt: ctx.primaryText() }) };
  },
});

/** Answers from memory (`TextAtHand`), as the offline provider does. */
class AnswerAtHand extends ScriptedProvider {
  override streamText(request: TextRequest): AsyncIterable<string> & TextAtHand {
    const answer = `${request.prompt} written`;
    return {
      async *[Symbol.asyncIterator]() {
        yield answer;
      },
      readAtOnce(onPiece?: (piece: string) => void) {
        for (const piece of answer.split(/(?<= )/)) onPiece?.(piece);
        return answer;
      },
    };
  }
}

const registry = new TestBlocks();
for (const block of [echoInput, probeLoop, probeCollect, collectDisplay, streamer, writer])
  registry.register(block);

/** Input -> `ai` block -> For Each (2 at once) -> `ai` block -> Collect -> display. */
function loopAppOf(ai: 'streamer' | 'writer') {
  return app(
    [
      plugin('in', 'echoInput'),
      plugin('say', ai),
      plugin('each', 'probeLoop', { concurrency: 2 }),
      plugin('gen', ai),
      plugin('end', 'probeCollect'),
      plugin('show', 'collectDisplay'),
    ],
    [
      ['in', 'say'],
      ['say', 'each'],
      ['each', 'gen'],
      ['gen', 'end'],
      ['end', 'show'],
    ],
  );
}

const loopApp = loopAppOf('streamer');

function run(lines: string, onEvent: (event: RunEvent) => void = () => {}) {
  const events: RunEvent[] = [];
  const outcome = executeRun(planRun(loopApp, registry), {
    runId: 'run_1',
    inputs: { input_text: lines },
    provider: new ScriptedProvider(),
    files: new MemoryFileStore(),
    onEvent: (event) => {
      events.push(event);
      onEvent(event);
    },
  });
  return { outcome, events };
}

const partials = (events: RunEvent[], nodeId: string, item?: number) =>
  events.flatMap((e) =>
    e.type === 'node_partial' && e.nodeId === nodeId && e.loop?.at(-1)?.item === item ? [e.text] : [],
  );

describe('streamed text inside loops', () => {
  it('sends the pieces of a loop item that come together as one event after the first, before the item finishes; blocks outside loops stream every piece', async () => {
    const { outcome, events } = run('a\nb\nc');
    expect((await outcome).status).toBe('succeeded');
    // Outside the loop: each piece, as before.
    expect(partials(events, 'say')).toEqual(['a\nb\nc:', 'one ', 'two']);
    const lines = (await outcome).nodes.say!.outputs.text as string;
    expect(lines).toBe('a\nb\nc done');
    // The block before the loop hands it one line: "a\nb\nc done" splits into three items.
    for (const [item, text] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'c done'],
    ] as const) {
      expect(partials(events, 'gen', item)).toEqual([`${text}:`, 'one two']);
      const finished = events.findIndex(
        (e) => e.type === 'node_finished' && e.nodeId === 'gen' && e.loop?.at(-1)?.item === item,
      );
      const last = events.findLastIndex(
        (e) => e.type === 'node_partial' && e.nodeId === 'gen' && e.loop?.at(-1)?.item === item,
      );
      expect(last).toBeLessThan(finished);
    }
  });

  it('sends held pieces when the hold ends, while their block still runs', async () => {
    let sawHeld!: () => void;
    const held = new Promise<void>((resolve) => (sawHeld = resolve));
    const { outcome, events } = run('wait\nx', (event) => {
      if (event.type === 'node_partial' && event.loop?.[0]?.item === 1 && event.text === 'one two') sawHeld();
    });
    await held;
    // The item is still running: its held pieces went out on the run's timer.
    expect(
      events.some((e) => e.type === 'node_finished' && e.nodeId === 'gen' && e.loop?.[0]?.item === 1),
    ).toBe(false);
    gates.splice(0).forEach((release) => release());
    expect((await outcome).status).toBe('succeeded');
    expect(partials(events, 'gen', 1).join('')).toBe('wait:one two three');
  });
});

describe('AI answers in memory', () => {
  it('stream word by word outside loops, and go out whole, once, for each loop item', async () => {
    const writing = loopAppOf('writer');
    const events: RunEvent[] = [];
    const outcome = await executeRun(planRun(writing, registry), {
      runId: 'run_1',
      inputs: { input_text: 'a b' },
      provider: new AnswerAtHand(),
      files: new MemoryFileStore(),
      onEvent: (event) => void events.push(event),
    });
    expect(outcome.status).toBe('succeeded');
    expect(partials(events, 'say')).toEqual(['a ', 'b ', 'written']);
    expect(partials(events, 'gen', 1)).toEqual(['a b written written']);
  });
});

describe('StreamedText', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends a piece after a quiet spell at once, holds those that follow it for one timer of the run, and a flush sends what is held', () => {
    const sent: string[] = [];
    const run = new StreamedText(50);
    const first = run.of((text) => sent.push(`1:${text}`));
    const second = run.of((text) => sent.push(`2:${text}`));
    first.add('a');
    second.add('x');
    first.add('b');
    first.add('c');
    second.add('y');
    expect(sent).toEqual(['1:a', '2:x']);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(50);
    expect(sent).toEqual(['1:a', '2:x', '1:bc', '2:y']);
    // Within the hold of its last send: held again, and sent by the block's end.
    first.add('d');
    first.flush();
    first.flush();
    expect(sent.at(-1)).toBe('1:d');
    expect(sent).toHaveLength(5);
    // After a quiet spell: at once.
    jest.advanceTimersByTime(50);
    second.add('z');
    expect(sent.at(-1)).toBe('2:z');
    run.flush();
    expect(jest.getTimerCount()).toBe(0);
  });
});
