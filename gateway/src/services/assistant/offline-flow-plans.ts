import type { AppPlan, PlannedBlock } from './app-plan';

const has = (text: string, ...words: string[]) => words.some((word) => text.includes(word));

/** "complaints" -> "Complaint": a category as a classification names it. */
function categoryName(word: string): string {
  const singular = word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
  return singular.charAt(0).toUpperCase() + singular.slice(1);
}

/**
 * The kinds a request sorts its input into, when it names them: "answer complaints one way and
 * questions another", "depending on whether it is a bug or a feature request", "sort into
 * billing, bugs and sales".
 */
export function requestedCategories(text: string): string[] {
  const patterns = [
    /(\w+) one way,? and (\w+) (?:another|the other)/,
    /whether (?:it|the \w+)(?:'s| is) (?:a |an )?(\w+) or (?:a |an )?(\w+)/,
    /(?:sort|split|route|triage|classify)\w* (?:\w+ )?(?:into|as|by) ((?:\w+, )*\w+,? (?:and|or) \w+)/,
  ];
  for (const pattern of patterns) {
    const match = text.match(pattern);
    if (!match) continue;
    const words = match
      .slice(1)
      .flatMap((group) => (group ?? '').split(/,\s*|\s+(?:and|or)\s+/))
      .map((word) => word.trim())
      .filter((word) => /^\w+$/.test(word));
    const names = [...new Set(words.map(categoryName))];
    if (names.length >= 2) return names;
  }
  return [];
}

/** The word a request checks the input for: "if it mentions a refund ...". */
function mentionedWord(text: string): string | null {
  return (
    text.match(/\b(?:mentions?|contains?|includes?|talks about) (?:a |an |the )?["']?(\w+)/)?.[1] ?? null
  );
}

/** The request asks for something to happen once per item of a list, a CSV or a table. */
export function wantsLoop(text: string): boolean {
  return (
    /\bfor each\b/.test(text) ||
    /\b(?:each|every|per) (?:\w+ )?(?:row|line|item|entry|record)s?\b/.test(text) ||
    (has(text, 'csv', 'spreadsheet') && /\b(?:each|every|per|all)\b/.test(text))
  );
}

/** The request asks for different handling by kind or by a test on the input. */
export function wantsRoutes(text: string): boolean {
  return (
    requestedCategories(text).length >= 2 ||
    /\bone way\b.*\b(?:another|the other)\b/.test(text) ||
    /\bif\b.*\b(?:otherwise|else)\b/.test(text) ||
    has(text, 'depending on', 'triage', 'route ', 'routing')
  );
}

/** Blocks and connections, added one after another. */
class PlanDraft {
  readonly blocks: PlannedBlock[] = [];
  readonly connections: NonNullable<AppPlan['connections']> = [];

  add(block: PlannedBlock, ...from: Array<number | [number, string]>): number {
    const index = this.blocks.push(block) - 1;
    for (const source of from) {
      if (Array.isArray(source)) this.connections.push({ from: source[0], to: index, route: source[1] });
      else this.connections.push({ from: source, to: index });
    }
    return index;
  }

  plan(message: string): AppPlan {
    return { blocks: this.blocks, connections: this.connections, message };
  }
}

/** One AI step in the words of the request, for the given text (a variable such as `{{input_text}}`). */
function replyStep(request: string, about: string, text: string): PlannedBlock {
  return {
    type: 'textGeneration',
    settings: { prompt_template: `${request}\n\n${about}\n\n${text}` },
  };
}

/**
 * The blocks that handle each kind differently, after `source`: a classification and a condition
 * for two kinds, a router for more, a condition on a word the request names, else a condition on
 * the classification's first category. Each route ends in `end(step)`, or its own display.
 */
function addRoutes(
  draft: PlanDraft,
  request: string,
  source: number,
  text: string,
  end?: (step: number) => void,
): void {
  const lower = request.toLowerCase();
  const categories = requestedCategories(lower);
  const finish = (step: number): void => {
    if (end) end(step);
    else draft.add({ type: 'textDisplay', settings: { style: 'markdown' } }, step);
  };
  const word = categories.length === 0 ? mentionedWord(lower) : null;
  if (word) {
    const check = draft.add(
      { type: 'condition', settings: { rule: 'contains', value: word, ignore_case: true } },
      source,
    );
    finish(draft.add(replyStep(request, `The text mentions "${word}".`, text), [check, 'true']));
    finish(draft.add(replyStep(request, `The text does not mention "${word}".`, text), [check, 'false']));
    return;
  }
  const kinds = categories.length >= 2 ? categories : ['Positive', 'Neutral', 'Negative'];
  const classify = draft.add({ type: 'classification', settings: { categories: kinds.join(', ') } }, source);
  if (kinds.length === 2) {
    const check = draft.add(
      { type: 'condition', settings: { rule: 'category', value: kinds[0], ignore_case: true } },
      classify,
    );
    kinds.forEach((kind, i) => {
      const route = i === 0 ? 'true' : 'false';
      finish(draft.add(replyStep(request, `This one is a ${kind.toLowerCase()}.`, text), [check, route]));
    });
    return;
  }
  const router = draft.add(
    { type: 'router', settings: { routes: kinds.join('\n'), source: 'category', match: 'equals' } },
    classify,
  );
  for (const kind of kinds)
    finish(draft.add(replyStep(request, `This one is: ${kind}.`, text), [router, kind]));
}

/** The AI step a loop runs once per item, by what the request asks for. */
function itemStep(request: string): PlannedBlock {
  const text = request.toLowerCase();
  if (has(text, 'translat')) return { type: 'translation', settings: {} };
  if (has(text, 'classif', 'categor', 'sentiment')) return { type: 'classification', settings: {} };
  if (has(text, 'summar'))
    return {
      type: 'textGeneration',
      settings: { prompt_template: 'Summarise this item in one sentence:\n{{item}}' },
    };
  return replyStep(request, 'Do this for the following item:', '{{item}}');
}

/**
 * A request to handle each kind of input its own way: an input, then routes (a condition or a
 * router), each with its own AI step and display; blocks on the routes not taken are skipped.
 */
export function routesPlan(request: string): AppPlan {
  const draft = new PlanDraft();
  const input = draft.add({ type: 'textInput', settings: { label: 'Paste the text', multiline: true } });
  addRoutes(draft, request, input, '{{input_text}}');
  return draft.plan(
    'I built a first version of your app: it decides which route the text takes and answers each kind its own way (blocks on the route not taken are skipped). Adjust any block on the canvas.',
  );
}

/**
 * A request to do something for every item of a list or CSV: an input, For Each, the AI step once
 * per item (or routes, when the request handles kinds differently), Collect into a table, and the
 * table.
 */
export function loopPlan(request: string): AppPlan {
  const text = request.toLowerCase();
  const draft = new PlanDraft();
  const table = has(text, 'csv', 'spreadsheet', 'row', 'table', 'record');
  const input = draft.add({
    type: 'textInput',
    settings: {
      label: table ? 'Paste your CSV (header line first)' : 'Paste your list (one item per line)',
      multiline: true,
    },
  });
  const each = draft.add({ type: 'forEach', settings: { split: table ? 'table' : 'auto' } }, input);
  const steps: number[] = [];
  if (wantsRoutes(text)) addRoutes(draft, request, each, '{{item}}', (step) => steps.push(step));
  else steps.push(draft.add(itemStep(request), each));
  const collect = draft.add({ type: 'collect', settings: { format: 'table', include_item: true } }, ...steps);
  draft.add({ type: 'tableDisplay', settings: {} }, collect);
  return draft.plan(
    'I built a first version of your app: it goes through each item, runs the AI step once per item and collects the results into a table. Adjust any block on the canvas.',
  );
}
