import type { BlockCatalogueEntry, PlanId } from '@blocksmith/schema';
import { CatalogueStore } from './catalogue-store';
import {
  FULL_BLOCKS_PLAN,
  PaletteStore,
  addNodeOrder,
  choosingPlan,
  isLocked,
  type BlockChooser,
} from './palette-store';
import { CATALOGUE, FakeApi } from '../testing/fake-api';

async function palette() {
  const catalogue = new CatalogueStore(new FakeApi());
  await catalogue.load();
  return new PaletteStore(catalogue);
}

/** An AI block of the catalogue, core unless told otherwise. */
function aiBlock(
  id: string,
  name: string,
  tier?: BlockCatalogueEntry['tier'],
  paletteRank?: number,
): BlockCatalogueEntry {
  return {
    id,
    name,
    description: `${name} does its work.`,
    category: 'ai',
    version: 1,
    settings: {},
    outputs: [{ name: 'result', type: 'text' }],
    cost: 1,
    historyType: id,
    ...(tier ? { tier } : {}),
    ...(paletteRank ? { paletteRank } : {}),
  };
}

const YC_SCORER = aiBlock('ycPitchScorer', 'YC Application Scorer', 'full');
const HTTP_REQUEST = aiBlock('httpRequest', 'HTTP Request', 'full');
const SUMMARY = aiBlock('summarization', 'Long Summary', 'core');
const CLASSIFY = aiBlock('classification', 'Classify', 'core', 2);

/** A palette over the fixture catalogue with full blocks and more AI blocks mixed in. */
function paletteWithTiers() {
  const catalogue = new CatalogueStore(new FakeApi());
  const [textInput, fileUpload, dropdown, textGeneration, imageGenerator, textDisplay] = CATALOGUE;
  catalogue.setEntries([
    YC_SCORER,
    textInput!,
    fileUpload!,
    dropdown!,
    { ...imageGenerator!, paletteRank: 6 },
    SUMMARY,
    { ...textGeneration!, paletteRank: 1 },
    HTTP_REQUEST,
    CLASSIFY,
    textDisplay!,
  ]);
  return new PaletteStore(catalogue);
}

const on = (plan: PlanId | null): BlockChooser => ({ checked: true, signedIn: true, plan });
const VISITOR: BlockChooser = { checked: true, signedIn: false, plan: null };
const NOT_CHECKED: BlockChooser = { checked: false, signedIn: false, plan: null };

describe('PaletteStore', () => {
  it('groups the catalogue into Input, AI Logic and Output', async () => {
    const store = await palette();
    expect(store.sections.map((s) => [s.category, s.entries.length, s.open])).toEqual([
      ['input', 3, true],
      ['ai', 2, true],
      ['output', 1, true],
    ]);
  });

  it('a search forces sections with matches open and leaves the others empty', async () => {
    const store = await palette();
    store.toggleSection('ai');
    expect(store.sections[1]!.open).toBe(false);
    store.setSearch('PROMPT');
    expect(store.sections.map((s) => [s.category, s.entries.map((e) => e.id), s.open])).toEqual([
      ['input', [], false],
      ['ai', ['textGeneration'], true],
      ['output', [], false],
    ]);
    expect(store.noMatches).toBe(false);
    store.setSearch('zzz');
    expect(store.noMatches).toBe(true);
    store.clearSearch();
    expect(store.sections[1]!.open).toBe(false);
  });

  it('the Add Node panel matches name, description and id', async () => {
    const store = await palette();
    store.setAddNodeSearch('textgen');
    expect(store.addNodeSections.map((s) => s.entries.map((e) => e.id))).toEqual([['textGeneration']]);
    store.setAddNodeSearch('draws');
    expect(store.addNodeSections.map((s) => s.entries.map((e) => e.id))).toEqual([['imageGenerator']]);
    store.setAddNodeSearch('nothing like this');
    expect(store.addNodeSections).toEqual([]);
  });

  it('the Add Node panel lists every AI block: the ranked ones first, by rank, then the rest as the catalogue lists them', () => {
    const store = paletteWithTiers();
    expect(store.addNodeSections.map((s) => [s.category, s.entries.map((e) => e.id)])).toEqual([
      ['input', ['textInput', 'fileUpload', 'dropdown']],
      [
        'ai',
        [
          'textGeneration',
          'classification',
          'imageGenerator',
          'ycPitchScorer',
          'summarization',
          'httpRequest',
        ],
      ],
      ['output', ['textDisplay']],
    ]);
    // The sidebar keeps the catalogue's order.
    expect(store.sections[1]!.entries.map((e) => e.id)).toEqual([
      'ycPitchScorer',
      'imageGenerator',
      'summarization',
      'textGeneration',
      'httpRequest',
      'classification',
    ]);
    store.setAddNodeSearch('scorer');
    expect(store.addNodeSections.map((s) => s.entries.map((e) => e.id))).toEqual([['ycPitchScorer']]);
  });

  it('orders ranked blocks by rank, whatever the catalogue order, and the unranked after them in it', () => {
    const ranked = [4, 1, 6, 2, 5, 3].map((rank) => aiBlock(`ranked${rank}`, `Ranked ${rank}`, 'core', rank));
    const mixed = [aiBlock('firstUnranked', 'First'), ...ranked, aiBlock('secondUnranked', 'Second')];
    expect(addNodeOrder(mixed).map((e) => e.id)).toEqual([
      'ranked1',
      'ranked2',
      'ranked3',
      'ranked4',
      'ranked5',
      'ranked6',
      'firstUnranked',
      'secondUnranked',
    ]);
  });
});

describe('block tiers in the palette', () => {
  it('full blocks are locked on Free and for visitors, open on Starter and Enterprise', () => {
    const cases: Array<[string, BlockChooser, boolean]> = [
      ['free', on('free'), true],
      ['starter', on('starter'), false],
      ['enterprise', on('enterprise'), false],
      ['visitor (no plan: Free)', VISITOR, true],
      ['signed in, plan not known yet', on(null), false],
      ['session not checked yet', NOT_CHECKED, false],
    ];
    for (const [, chooser, locked] of cases) {
      expect([isLocked(YC_SCORER, chooser), isLocked(HTTP_REQUEST, chooser)]).toEqual([locked, locked]);
      expect(isLocked(SUMMARY, chooser)).toBe(false);
    }
    expect(cases.map(([name, chooser]) => [name, choosingPlan(chooser)])).toEqual([
      ['free', 'free'],
      ['starter', 'starter'],
      ['enterprise', 'enterprise'],
      ['visitor (no plan: Free)', 'free'],
      ['signed in, plan not known yet', null],
      ['session not checked yet', null],
    ]);
  });

  it('a block without a tier is core; a tier the workbench does not know is locked on Free', () => {
    expect(isLocked(aiBlock('translation', 'Translate'), on('free'))).toBe(false);
    const unknown = { ...aiBlock('future', 'Future'), tier: 'premium' } as unknown as BlockCatalogueEntry;
    expect(isLocked(unknown, on('free'))).toBe(true);
    expect(isLocked(unknown, on('starter'))).toBe(false);
  });

  it('the tag names the cheapest plan with full blocks', () => {
    expect(FULL_BLOCKS_PLAN.name).toBe('Starter');
  });

  it('on Free a locked block is not added: the upgrade dialog opens with the server’s words', () => {
    const store = paletteWithTiers();
    expect(store.allowOrOffer(YC_SCORER, on('free'))).toBe(false);
    expect(store.upgradeOpen).toBe(true);
    expect(store.upgradeOffer).toEqual({
      entry: YC_SCORER,
      signedIn: true,
      message:
        'YC Application Scorer is a full block. Full blocks come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    });
    store.closeUpgradeOffer();
    expect(store.upgradeOpen).toBe(false);
    // Kept while the dialog fades out.
    expect(store.upgradeOffer?.entry).toBe(YC_SCORER);
    // Core blocks are added as before, and open no dialog.
    expect(store.allowOrOffer(SUMMARY, on('free'))).toBe(true);
    expect(store.upgradeOpen).toBe(false);
  });

  it('a visitor is asked to sign in on a plan with full blocks', () => {
    const store = paletteWithTiers();
    expect(store.allowOrOffer(HTTP_REQUEST, VISITOR)).toBe(false);
    expect(store.upgradeOffer).toEqual({
      entry: HTTP_REQUEST,
      signedIn: false,
      message:
        'HTTP Request is a full block. Full blocks come with the Starter plan and up. Sign in with a Starter plan or higher to use them.',
    });
  });

  it('on plans with full blocks, and before the plan is known, nothing changes', () => {
    const store = paletteWithTiers();
    for (const chooser of [on('starter'), on('enterprise'), on(null), NOT_CHECKED]) {
      expect(store.allowOrOffer(YC_SCORER, chooser)).toBe(true);
    }
    expect(store.upgradeOpen).toBe(false);
    expect(store.upgradeOffer).toBeNull();
  });
});
