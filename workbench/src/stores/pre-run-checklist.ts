import { runChecklist, type ChecklistProblem } from '@blocksmith/schema';
import { computed, makeObservable } from 'mobx';
import type { CatalogueStore } from './catalogue-store';
import type { DocumentStore } from './document-store';
import type { RunInputs } from './run-inputs';
import type { ViewStore } from './view-store';

/**
 * The builder's list of what stands in the way of a preview run (schema's runChecklist, which the
 * server applies too): over the app on the canvas and the inputs the preview is about to send. A
 * problem's block is selected to fix it.
 */
export class PreRunChecklist {
  constructor(
    private readonly document: DocumentStore,
    private readonly catalogue: CatalogueStore,
    private readonly inputs: RunInputs,
    private readonly view: Pick<ViewStore, 'selectNode'>,
  ) {
    makeObservable(this, { problems: computed, sentInputs: computed });
  }

  /** The inputs as the preview sends them: typed text, and a file's name when one is chosen or kept. */
  get sentInputs(): Record<string, string> {
    const sent = this.inputs.collectInputs();
    for (const field of this.inputs.inputFields) {
      if (field.kind !== 'file') continue;
      sent[field.key] = this.inputs.file(field.key)?.name ?? this.inputs.keptFile(field.key)?.id ?? '';
    }
    return sent;
  }

  /** Every problem, in canvas order; empty when the app can run. */
  get problems(): ChecklistProblem[] {
    return runChecklist(this.document.config, (type) => this.catalogue.byId.get(type), this.sentInputs);
  }

  /** Selects the block a problem names, so its settings open beside the canvas. */
  show(problem: ChecklistProblem): void {
    this.view.selectNode(problem.nodeId);
  }
}
