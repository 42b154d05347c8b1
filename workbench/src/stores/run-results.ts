import { toolBlocks } from '@blocksmith/schema';
import { computed, makeObservable } from 'mobx';
import type { CatalogueStore } from './catalogue-store';
import type { DocumentStore } from './document-store';
import { blockResultItems, liveResultItem, type ResultItem } from './result-fields';
import { blockTitle } from './run-errors';
import type { RunStatus } from './run-status';
import { toolCallsOf, type ToolCallRow } from './tool-call-log';
import { takesTools } from './tool-settings';

/** The result fields one block's outputs show (see result-fields.ts). */
export interface RunResultGroup {
  nodeId: string;
  items: ResultItem[];
  /**
   * The block's title, when another block of the same kind has results too (two Classification
   * blocks: "Topic" and "Urgency"), so each result says which block it came from.
   */
  source?: string;
}

/**
 * Text a block is streaming, shown where its result will be: in place of the output block that
 * presents it (`presented`), else as its first output field (`item`).
 */
export interface LiveResult {
  nodeId: string;
  text: string;
  presented: boolean;
  item: ResultItem;
}

/** One model block's tool calls in a run. */
export interface ToolCallGroup {
  nodeId: string;
  title: string;
  running: boolean;
  rows: ToolCallRow[];
}

/**
 * What a run shows as its results (`RunStore.results`), read from its status: the output fields
 * of the blocks no output block presents, and the text blocks are streaming.
 */
export class RunResults {
  constructor(
    private readonly document: DocumentStore,
    private readonly catalogue: CatalogueStore,
    private readonly status: RunStatus,
  ) {
    makeObservable(this, {
      resultGroups: computed,
      liveResults: computed,
      toolCalls: computed,
    });
  }

  /**
   * The tool calls of each block that hands tools to a model and has started, in canvas order:
   * live from its `tool_call` events while it runs, then from the list its outputs keep.
   */
  get toolCalls(): ToolCallGroup[] {
    return this.document.config.plugins.flatMap((plugin) => {
      const entry = this.catalogue.byId.get(plugin.type);
      const state = this.status.nodes.get(plugin.id);
      if (!takesTools(entry) || !state || state.status === 'pending' || state.status === 'skipped') return [];
      return [
        {
          nodeId: plugin.id,
          title: blockTitle(plugin, entry),
          running: state.status === 'running',
          rows: toolCallsOf(this.status.outputs[plugin.id], state.toolCalls),
        },
      ];
    });
  }

  /**
   * The output fields of the blocks that no output block presents (an AI block wired to a text
   * display is shown by that display's artifact), in canvas order.
   */
  get resultGroups(): RunResultGroup[] {
    const { plugins, connections } = this.document.config;
    const category = new Map(plugins.map((p) => [p.id, this.catalogue.byId.get(p.type)?.category]));
    const presented = new Set(connections.filter((c) => category.get(c.to) === 'output').map((c) => c.from));
    // A block connected as a tool answers its model, not the run: its calls are the model's tool calls.
    const tools = toolBlocks(connections);
    const groups = plugins.flatMap((plugin) => {
      const outputs = this.status.outputs[plugin.id];
      if (!outputs || category.get(plugin.id) === 'input' || presented.has(plugin.id) || tools.has(plugin.id))
        return [];
      const entry = this.catalogue.byId.get(plugin.type);
      const items = blockResultItems(entry, outputs);
      return items.length === 0 ? [] : [{ plugin, entry, items }];
    });
    const kinds = new Map<string, number>();
    for (const { plugin } of groups) kinds.set(plugin.type, (kinds.get(plugin.type) ?? 0) + 1);
    return groups.map(({ plugin, entry, items }) => ({
      nodeId: plugin.id,
      items,
      ...(kinds.get(plugin.type)! > 1 && { source: blockTitle(plugin, entry) }),
    }));
  }

  /**
   * What blocks are streaming while the run goes on, in canvas order: a block shows its text
   * until its own result is there (or, for one an output block presents, that block's). Blocks
   * inside a loop are left out: their items' texts are not the block's result.
   */
  get liveResults(): LiveResult[] {
    if (this.status.phase !== 'processing') return [];
    const { plugins, connections } = this.document.config;
    const live: LiveResult[] = [];
    const tools = toolBlocks(connections);
    for (const plugin of plugins) {
      const state = this.status.nodes.get(plugin.id);
      if (!state || state.text === '' || state.position || tools.has(plugin.id)) continue;
      // A model block's tool calls come as events, listed apart: its text is what the model says.
      const text = takesTools(this.catalogue.byId.get(plugin.type)) ? state.text.trim() : state.text;
      if (text === '') continue;
      const presenters = connections
        .filter((c) => c.from === plugin.id && this.catalogue.categoryOf(this.pluginType(c.to)) === 'output')
        .map((c) => c.to);
      const presented = presenters.length > 0;
      const shown = presented
        ? this.status.artifacts.some((a) => presenters.includes(a.nodeId))
        : this.status.outputs[plugin.id] !== undefined;
      if (shown || (state.status !== 'running' && !(presented && state.status === 'succeeded'))) continue;
      live.push({
        nodeId: plugin.id,
        text,
        presented,
        item: liveResultItem(this.catalogue.byId.get(plugin.type), text),
      });
    }
    return live;
  }

  private pluginType(id: string): string {
    return this.document.pluginById.get(id)?.type ?? '';
  }

  /** Whether the run has anything to show. */
  get hasResults(): boolean {
    return this.status.artifacts.length > 0 || this.resultGroups.length > 0 || this.liveResults.length > 0;
  }
}
