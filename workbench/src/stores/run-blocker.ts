import { formatCredits } from '@blocksmith/schema';
import { RUNNER } from '../texts/runner-texts';

/** Why Run App cannot be pressed, said beside it. */
export type RunBlocker =
  | { kind: 'signedOut' }
  /** Required inputs still empty, by their labels: typed ones and files apart. */
  | { kind: 'inputs'; texts: string[]; files: string[] }
  /** The balance is below the least a run of the app costs. */
  | { kind: 'credits'; needed: number; balance: number };

/** 'A', 'A and B', 'A, B and C', each quoted. */
function quotedList(labels: readonly string[]): string {
  const quoted = labels.map((label) => `"${label}"`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** Why Run App is disabled, as said under it (not given by the spec). */
export function runBlockerText(blocker: RunBlocker): string {
  switch (blocker.kind) {
    case 'signedOut':
      return RUNNER.signInToRun;
    case 'credits':
      return `Not enough credits: a run of this app costs ${formatCredits(blocker.needed)} and you have ${blocker.balance}.`;
    case 'inputs': {
      const parts = [
        ...(blocker.texts.length > 0 ? [`fill in ${quotedList(blocker.texts)}`] : []),
        ...(blocker.files.length > 0 ? [`choose a file for ${quotedList(blocker.files)}`] : []),
      ];
      return `To run this app, ${parts.join(' and ')}.`;
    }
  }
}
