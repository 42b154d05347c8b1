import {
  BLOCK_API_VERSION,
  SERVED_BLOCK_API_VERSIONS,
  definitionApiProblem,
  manifestApiProblem,
  manifestApiVersion,
} from './block-api-version';
import { defineBlock } from './define-block';
import { output } from './outputs';

const echo = defineBlock({
  kind: 'echo',
  name: 'Echo',
  description: 'Says it again.',
  category: 'ai',
  cost: 1,
  settings: {},
  outputs: { echoed: output.text() },
  run: (ctx) => ({ echoed: ctx.primaryText() }),
});

describe('block API version', () => {
  it('is 1, served by this SDK, and stamped by defineBlock on every definition', () => {
    expect(BLOCK_API_VERSION).toBe(1);
    expect(SERVED_BLOCK_API_VERSIONS).toEqual([1]);
    expect(echo.blockApiVersion).toBe(BLOCK_API_VERSION);
  });

  it('reads the version a package.json declares; one that declares none is taken as version 1', () => {
    expect(manifestApiVersion({ name: 'a', blocksmith: { blockApiVersion: 1 } })).toBe(1);
    expect(manifestApiVersion({ name: 'a', blocksmith: { blockApiVersion: 7 } })).toBe(7);
    expect(manifestApiVersion({ name: 'a' })).toBeUndefined();
    expect(manifestApiProblem({ name: 'a' }, 'a')).toBeNull();
    expect(manifestApiProblem({ blocksmith: { blockApiVersion: 1 } }, 'a')).toBeNull();
  });

  it('refuses a package.json that declares a version this SDK does not serve, saying which it serves', () => {
    expect(manifestApiProblem({ blocksmith: { blockApiVersion: 2 } }, '@acme/block-later')).toBe(
      'Block package @acme/block-later is built for block API version 2 (package.json "blocksmith": { "blockApiVersion": 2 }), ' +
        'and this Blocksmith serves block API version 1: install a release of the package built for version 1, or upgrade Blocksmith.',
    );
    expect(manifestApiProblem({ blocksmith: { blockApiVersion: 0 } }, 'old-block')).toBe(
      'Block package old-block declares "blocksmith": { "blockApiVersion": 0 } in its package.json: ' +
        'it must be a whole number from 1, the block API version the package is built for (this Blocksmith serves block API version 1).',
    );
  });

  it('says every version served, and to rebuild a package built for an API no longer served', () => {
    expect(manifestApiProblem({ blocksmith: { blockApiVersion: 1 } }, 'old-block', [2, 3])).toBe(
      'Block package old-block is built for block API version 1 (package.json "blocksmith": { "blockApiVersion": 1 }), ' +
        'and this Blocksmith serves block API versions 2 and 3: install a release of the package built for version 3 (rebuild it with the current @blocksmith/block-sdk).',
    );
  });

  it('refuses a package.json whose declaration is not a whole number', () => {
    for (const blocksmith of [{ blockApiVersion: '1' }, { blockApiVersion: 1.5 }, 'v1', null]) {
      expect(manifestApiProblem({ blocksmith }, 'odd-block')).toMatch(
        /^Block package odd-block declares "blocksmith": .* in its package\.json: it must be a whole number from 1/,
      );
    }
  });

  it('refuses a definition stamped by an SDK of an API not served; one with no stamp is version 1', () => {
    expect(definitionApiProblem(echo, '@acme/echo')).toBeNull();
    const later = { ...echo, blockApiVersion: 3 };
    expect(definitionApiProblem(later, '@acme/echo')).toBe(
      'Block package @acme/echo is built for block API version 3 (its block "echo" was made with a block SDK of that version), ' +
        'and this Blocksmith serves block API version 1: install a release of the package built for version 1, or upgrade Blocksmith.',
    );
    const { blockApiVersion: _stamp, ...unstamped } = echo;
    expect(definitionApiProblem(unstamped, '@acme/echo')).toBeNull();
  });
});
