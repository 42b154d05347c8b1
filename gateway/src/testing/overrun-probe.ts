import { BlockOverrunError, defineBlock, output } from '@blocksmith/block-sdk';
import type { AppConfig } from '@blocksmith/schema';
import { probeApp, probePlugin } from './probe-blocks';
import type { ApiTestGateway } from './rest-client';

/** Stands for a script stopped at its time limit: it always overruns (1 credit, kept as `code`). */
export const overrunningBlock = defineBlock({
  kind: 'probeOverrun',
  name: 'Probe Overrun',
  description: 'Runs past its time limit.',
  category: 'ai',
  cost: 1,
  historyType: 'code',
  settings: {},
  outputs: { result: output.json() },
  run() {
    throw new BlockOverrunError('The script stopped at its 1-second limit.', 1_000);
  },
});

/** text input -> Text Generation -> a block of `kind` (`probeOverrun` unless said). */
export function afterTextGeneration(kind = 'probeOverrun'): AppConfig {
  return probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Text' }),
      probePlugin('gen', 'textGeneration', { prompt_template: 'Say {{input_text}}' }),
      probePlugin('last', kind),
    ],
    [
      ['in', 'gen'],
      ['gen', 'last'],
    ],
  );
}

/** Creates an app of `config` over /api and executes it with `input`: its id and execute's answer. */
export async function createAndExecute(t: ApiTestGateway, token: string, config: AppConfig, input: string) {
  const created = await t.api('POST', '/apps', {
    token,
    body: { name: 'Charged', category: 'Content', config },
  });
  expect(created.status).toBe(201);
  const answer = await t.api('POST', `/apps/${created.body.id}/execute`, {
    token,
    body: { inputData: { input_text: input } },
  });
  return { appId: created.body.id as string, answer };
}
