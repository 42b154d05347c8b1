import type { OutputSpec } from './output-spec';
import { isPlainObject } from './plain-object';

/**
 * How a block's results are shown: a small closed set of views a block declares (on an output or
 * in `present`), carried in its catalogue entry, and turned into renderable parts here, so the
 * workbench draws every block's result without knowing any block.
 *
 * A path is a dotted path into an output's value (`''`: the value itself, `investors`,
 * `contact.email`).
 */

export const RESULT_VIEWS = [
  'text',
  'markdown',
  'fields',
  'scorecard',
  'cards',
  'table',
  'image',
  'file',
  'cited',
] as const;
export type ResultViewKind = (typeof RESULT_VIEWS)[number];

export const FIELD_KINDS = ['text', 'tag', 'percent', 'url', 'email', 'tags'] as const;
/** `tag`: one highlighted value; `percent`: 0 to 1 shown as a bar and a whole percentage; `tags`: a list. */
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface ResultField {
  /** Shown before the value; empty for a value that speaks for itself (a description, a body). */
  label: string;
  path: string;
  kind?: FieldKind;
  /** The value must be there (a string or number), or the whole result is shown as data. */
  required?: boolean;
}

/** A list inside a scorecard or the cards view: where it is, and its heading. */
export interface ResultList {
  path: string;
  title: string;
}

export interface ScorecardSections extends ResultList {
  /** Per section, paths inside one section. */
  heading: string;
  text: string;
  score: string;
  feedback: string;
}

export interface CardShape {
  title: string;
  subtitle?: string;
  lines?: readonly string[];
  links?: ReadonlyArray<{ path: string; kind: 'url' | 'email' }>;
  tags?: string;
}

export type ResultView =
  /** `cited`: a list of `{ number, text, documentName, source }` that answers cite as [1], [2]. */
  | { view: 'text' | 'markdown' | 'table' | 'image' | 'file' | 'cited'; path?: string }
  | { view: 'fields'; fields: readonly ResultField[]; inline?: boolean }
  | {
      view: 'scorecard';
      /** The overall score, 0 to 10. */
      score: string;
      feedback?: string;
      recommendations?: ResultList;
      sections?: ScorecardSections;
      fullText?: ResultList;
    }
  | (ResultList & { view: 'cards'; card: CardShape });

/** One result as a card: what one output shows, under a title. */
export interface ResultDeclaration {
  output: string;
  title: string;
  /** Drawn top to bottom inside the card. */
  views: readonly ResultView[];
  /** The value is offered as a JSON file, `<app slug>-<download>.json`, instead of a copy button. */
  download?: string;
}

/** What an output declaration may say about how it is shown. */
export interface OutputPresentation {
  view?: 'text' | 'markdown' | 'table' | 'image' | 'file';
  title?: string;
}

/**
 * The results a block shows: its `present` declaration when it has one, else the outputs that
 * declare a view, else its first text output as plain text under the block's name.
 */
export function blockResults(block: {
  name: string;
  outputs: ReadonlyArray<OutputSpec & OutputPresentation>;
  present?: readonly ResultDeclaration[] | null;
}): ResultDeclaration[] {
  if (block.present) return [...block.present];
  const declared = block.outputs.filter((o) => o.view !== undefined || o.title !== undefined);
  if (declared.length > 0)
    return declared.map((o) => ({
      output: o.name,
      title: o.title ?? block.name,
      views: [{ view: o.view ?? 'text' }],
    }));
  const first = block.outputs.find((o) => o.type === 'text');
  return first ? [{ output: first.name, title: block.name, views: [{ view: 'text' }] }] : [];
}

const PATH = /^([A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*)?$/;
const DOWNLOAD_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Whether a declaration is an object at all, without narrowing away its declared shape. */
function isRecord(value: unknown): boolean {
  return isPlainObject(value);
}

function pathProblems(where: string, path: unknown): string[] {
  return typeof path === 'string' && PATH.test(path)
    ? []
    : [`${where} needs a dotted path, not "${String(path)}"`];
}

function listProblems(where: string, list: Partial<ResultList> | undefined): string[] {
  if (list === undefined) return [];
  const problems = pathProblems(`${where}.path`, list.path);
  if (typeof list.title !== 'string' || list.title.trim() === '') problems.push(`${where} needs a title`);
  return problems;
}

function viewProblems(where: string, view: ResultView): string[] {
  if (!isRecord(view) || !(RESULT_VIEWS as readonly string[]).includes(String(view.view)))
    return [`${where} must be one of ${RESULT_VIEWS.join(', ')}`];
  switch (view.view) {
    case 'fields': {
      if (!Array.isArray(view.fields) || view.fields.length === 0) return [`${where} needs fields`];
      return view.fields.flatMap((field, i) => {
        const at = `${where}.fields[${i}]`;
        const problems = pathProblems(`${at}.path`, field.path);
        if (typeof field.label !== 'string') problems.push(`${at} needs a label (may be empty)`);
        if (field.kind !== undefined && !(FIELD_KINDS as readonly string[]).includes(field.kind))
          problems.push(`${at}.kind must be one of ${FIELD_KINDS.join(', ')}`);
        return problems;
      });
    }
    case 'scorecard':
      return [
        ...pathProblems(`${where}.score`, view.score),
        ...(view.feedback === undefined ? [] : pathProblems(`${where}.feedback`, view.feedback)),
        ...listProblems(`${where}.recommendations`, view.recommendations),
        ...listProblems(`${where}.sections`, view.sections),
        ...(view.sections
          ? (['heading', 'text', 'score', 'feedback'] as const).flatMap((key) =>
              pathProblems(`${where}.sections.${key}`, view.sections![key]),
            )
          : []),
        ...listProblems(`${where}.fullText`, view.fullText),
      ];
    case 'cards': {
      const problems = listProblems(where, view);
      const card = view.card;
      if (!isRecord(card)) return [...problems, `${where} needs a card`];
      problems.push(...pathProblems(`${where}.card.title`, card.title));
      if (card.subtitle !== undefined)
        problems.push(...pathProblems(`${where}.card.subtitle`, card.subtitle));
      if (card.tags !== undefined) problems.push(...pathProblems(`${where}.card.tags`, card.tags));
      for (const line of card.lines ?? []) problems.push(...pathProblems(`${where}.card.lines`, line));
      for (const link of card.links ?? []) {
        problems.push(...pathProblems(`${where}.card.links`, link.path));
        if (link.kind !== 'url' && link.kind !== 'email')
          problems.push(`${where}.card.links kind must be url or email`);
      }
      return problems;
    }
    default:
      return view.path === undefined ? [] : pathProblems(`${where}.path`, view.path);
  }
}

/** Every reason a block's result declarations cannot be drawn; empty when they are fine. */
export function resultDeclarationProblems(
  results: readonly ResultDeclaration[],
  outputNames: readonly string[],
): string[] {
  if (!Array.isArray(results)) return ['present must be a list of results'];
  const problems: string[] = [];
  const seen = new Set<string>();
  results.forEach((result, i) => {
    const where = `present[${i}]`;
    if (!isRecord(result)) {
      problems.push(`${where} must be an object`);
      return;
    }
    if (!outputNames.includes(result.output))
      problems.push(`${where}.output must name an output, not "${String(result.output)}"`);
    else if (seen.has(result.output)) problems.push(`${where} shows output "${result.output}" a second time`);
    seen.add(result.output);
    if (typeof result.title !== 'string' || result.title.trim() === '')
      problems.push(`${where} needs a title`);
    if (result.download !== undefined && !DOWNLOAD_NAME.test(result.download))
      problems.push(`${where}.download must be lowercase words joined by -`);
    const views: readonly ResultView[] = Array.isArray(result.views) ? result.views : [];
    if (views.length === 0) problems.push(`${where} needs views`);
    else views.forEach((view, j) => problems.push(...viewProblems(`${where}.views[${j}]`, view)));
  });
  return problems;
}

// ---- From declarations and values to what is drawn ----

/** A record read as a person reads it: a list of records as a table, one record as rows, else JSON. */
export type DataView =
  | { kind: 'table'; columns: string[]; rows: Array<Record<string, string>> }
  | { kind: 'fields'; rows: Array<{ key: string; value: string }> }
  | { kind: 'json'; text: string };

export type FieldRow =
  | { label: string; kind: 'text' | 'tag' | 'url' | 'email'; text: string }
  | { label: string; kind: 'percent'; ratio: number; text: string }
  | { label: string; kind: 'tags'; tags: string[] };

export interface Card {
  title: string;
  subtitle: string;
  lines: string[];
  links: Array<{ href: string; text: string }>;
  tags: string[];
}

export interface ScoredSection {
  heading: string;
  text: string;
  score: number | null;
  feedback: string;
}

export type ResultPart =
  | { view: 'text' | 'markdown'; text: string }
  | { view: 'fields'; inline: boolean; rows: FieldRow[] }
  | {
      view: 'scorecard';
      score: number | null;
      feedback: string;
      recommendations: { title: string; items: string[] } | null;
      sections: { title: string; items: ScoredSection[] } | null;
      fullText: { title: string; text: string } | null;
    }
  | { view: 'cards'; title: string; cards: Card[] }
  | { view: 'table'; data: DataView }
  | { view: 'image'; url: string }
  | { view: 'file'; url: string; name: string }
  | { view: 'cited'; cited: CitedSource[] };

/** A passage an answer cites as [number]: where it comes from, and its text. */
export interface CitedSource {
  number: number;
  /** `returns.md, passage 3`. */
  title: string;
  document: string;
  text: string;
}

/** One result ready to draw. `data` is set when the value did not have the declared shape. */
export interface ResultItem {
  output: string;
  title: string;
  parts: ResultPart[];
  /** What the copy button copies; null when the result offers none (images, downloads). */
  copyText: string | null;
  /** The value as JSON, to save as `<app slug>-<name>.json`. */
  download: { name: string; text: string } | null;
  /** The value did not have the declared shape and is shown as data. */
  fallback: boolean;
}

/** A score from 0 to 10, e.g. a scorecard's. */
export type ScoreIntent = 'success' | 'warning' | 'danger';

/** Score colours: 8 or more green, 6 to 7 yellow, below 6 red. */
export function scoreIntent(score: number): ScoreIntent {
  if (score >= 8) return 'success';
  if (score >= 6) return 'warning';
  return 'danger';
}

/** A ratio from 0 to 1 as a whole percentage, e.g. `87%`. */
export function ratioPercent(ratio: number): string {
  return `${Math.round(Math.min(1, Math.max(0, ratio)) * 100)}%`;
}

function at(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(str).filter((s) => s !== '') : [];
}

const WEB_ADDRESS = /^https?:\/\//i;
const IMAGE_ADDRESS = /^(https?:\/\/|\/|data:image\/)/i;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map(cell).join(', ');
  return JSON.stringify(value);
}

export function dataView(value: unknown): DataView {
  if (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)) {
    const columns = [...new Set(value.flatMap((row) => Object.keys(row)))];
    return {
      kind: 'table',
      columns,
      rows: value.map((row) => Object.fromEntries(columns.map((c) => [c, cell(row[c])]))),
    };
  }
  if (isPlainObject(value)) {
    return { kind: 'fields', rows: Object.entries(value).map(([key, v]) => ({ key, value: cell(v) })) };
  }
  if (typeof value === 'string') return { kind: 'json', text: value };
  return { kind: 'json', text: JSON.stringify(value, null, 2) ?? '' };
}

/** The marker for "this value does not have the declared shape". */
const MISSHAPEN = Symbol('misshapen');
type Read<T> = T | null | typeof MISSHAPEN;

function readText(view: 'text' | 'markdown', value: unknown): Read<ResultPart> {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : { view, text: value };
  if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
    return value.length === 0 ? null : { view, text: value.map((line) => `- ${line}`).join('\n') };
  return MISSHAPEN;
}

function fieldRow(field: ResultField, value: unknown): FieldRow | null {
  const kind = field.kind ?? 'text';
  const label = field.label;
  if (kind === 'tags') {
    const tags = strings(value);
    return tags.length === 0 ? null : { label, kind, tags };
  }
  if (kind === 'percent') {
    const ratio = num(value);
    if (ratio === null) return null;
    const clamped = Math.min(1, Math.max(0, ratio));
    return { label, kind, ratio: clamped, text: ratioPercent(clamped) };
  }
  const text = str(value);
  if (text.trim() === '') return null;
  if (kind === 'url' && !WEB_ADDRESS.test(text)) return null;
  return { label, kind, text };
}

function readFields(view: Extract<ResultView, { view: 'fields' }>, value: unknown): Read<ResultPart> {
  if (!isPlainObject(value)) return MISSHAPEN;
  const rows: FieldRow[] = [];
  for (const field of view.fields) {
    const raw = at(value, field.path);
    if (field.required && str(raw).trim() === '') return MISSHAPEN;
    const row = fieldRow(field, raw);
    if (row) rows.push(row);
  }
  return rows.length === 0 ? null : { view: 'fields', inline: view.inline === true, rows };
}

function readScorecard(view: Extract<ResultView, { view: 'scorecard' }>, value: unknown): Read<ResultPart> {
  if (!isPlainObject(value)) return MISSHAPEN;
  const { sections: sectionsAt, recommendations: recommendationsAt, fullText: fullAt } = view;
  const sections = sectionsAt
    ? (() => {
        const list = at(value, sectionsAt.path);
        return (Array.isArray(list) ? list.filter(isPlainObject) : []).map((section) => ({
          heading: str(at(section, sectionsAt.heading)),
          text: str(at(section, sectionsAt.text)),
          score: num(at(section, sectionsAt.score)),
          feedback: str(at(section, sectionsAt.feedback)),
        }));
      })()
    : [];
  const score = num(at(value, view.score));
  if (score === null && sections.length === 0) return MISSHAPEN;
  const recommendations = recommendationsAt ? strings(at(value, recommendationsAt.path)) : [];
  const fullText = fullAt ? str(at(value, fullAt.path)) : '';
  return {
    view: 'scorecard',
    score,
    feedback: view.feedback ? str(at(value, view.feedback)) : '',
    recommendations:
      recommendationsAt && recommendations.length > 0
        ? { title: recommendationsAt.title, items: recommendations }
        : null,
    sections: sectionsAt ? { title: sectionsAt.title, items: sections } : null,
    fullText: fullAt && fullText.trim() !== '' ? { title: fullAt.title, text: fullText } : null,
  };
}

function readCards(view: Extract<ResultView, { view: 'cards' }>, value: unknown): Read<ResultPart> {
  const list = at(value, view.path);
  if (!Array.isArray(list)) return MISSHAPEN;
  const { card } = view;
  return {
    view: 'cards',
    title: view.title,
    cards: list.filter(isPlainObject).map((item) => ({
      title: str(at(item, card.title)),
      subtitle: card.subtitle ? str(at(item, card.subtitle)) : '',
      lines: (card.lines ?? []).map((line) => str(at(item, line))).filter((line) => line !== ''),
      links: (card.links ?? []).flatMap((link) => {
        const text = str(at(item, link.path));
        if (link.kind === 'email') return text.includes('@') ? [{ href: `mailto:${text}`, text }] : [];
        return WEB_ADDRESS.test(text) ? [{ href: text, text }] : [];
      }),
      tags: card.tags ? strings(at(item, card.tags)) : [],
    })),
  };
}

function readFile(value: unknown): Read<ResultPart> {
  if (typeof value === 'string' && IMAGE_ADDRESS.test(value))
    return { view: 'file', url: value, name: value.split(/[/?#]/).filter(Boolean).pop() ?? value };
  if (isPlainObject(value) && typeof value.url === 'string' && IMAGE_ADDRESS.test(value.url))
    return { view: 'file', url: value.url, name: str(value.name) || value.url };
  return MISSHAPEN;
}

function readSources(value: unknown): Read<ResultPart> {
  if (!Array.isArray(value)) return MISSHAPEN;
  const sources = value.filter(isPlainObject).flatMap((item) => {
    const number = num(item.number);
    const text = str(item.text);
    if (number === null || !Number.isInteger(number) || text === '') return [];
    const document = str(item.documentName);
    return [{ number, title: str(item.source) || document || `Source ${number}`, document, text }];
  });
  return sources.length === 0 ? null : { view: 'cited', cited: sources };
}

/** A piece of cited text: words as they are, or a citation of the source numbered `cite`. */
export type CitedPiece = { text: string } | { cite: number; text: string };

/**
 * Text with its citations found: `[1]`, `[2]` (and `[1, 3]`, `[1][2]`) of a number among
 * `numbers` become citation pieces; everything else, other brackets included, stays text.
 */
export function citedPieces(text: string, numbers: ReadonlySet<number>): CitedPiece[] {
  const pieces: CitedPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    const cited = match[1]!.split(',').map((n) => Number(n.trim()));
    if (!cited.every((n) => numbers.has(n))) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    for (const n of cited) pieces.push({ cite: n, text: `[${n}]` });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

function readView(view: ResultView, value: unknown): Read<ResultPart> {
  switch (view.view) {
    case 'text':
    case 'markdown':
      return readText(view.view, at(value, view.path));
    case 'fields':
      return readFields(view, value);
    case 'scorecard':
      return readScorecard(view, value);
    case 'cards':
      return readCards(view, value);
    case 'table': {
      const data = at(value, view.path);
      return data === undefined || data === null ? null : { view: 'table', data: dataView(data) };
    }
    case 'image': {
      const url = at(value, view.path);
      if (url === undefined || url === null) return null;
      return typeof url === 'string' && IMAGE_ADDRESS.test(url) ? { view: 'image', url } : MISSHAPEN;
    }
    case 'file': {
      const file = at(value, view.path);
      return file === undefined || file === null ? null : readFile(file);
    }
    case 'cited': {
      const list = at(value, view.path);
      return list === undefined || list === null ? null : readSources(list);
    }
  }
}

function fieldText(row: FieldRow): string {
  const text = row.kind === 'tags' ? row.tags.join(', ') : row.text;
  return row.label ? `${row.label}: ${text}` : text;
}

/** What a result's copy button copies: its text as a person would paste it. */
function copyText(parts: readonly ResultPart[], value: unknown): string | null {
  if (parts.every((part) => part.view === 'image' || part.view === 'file')) return null;
  const texts = parts.flatMap((part) => {
    if (part.view === 'text' || part.view === 'markdown') return [part.text];
    if (part.view === 'cited')
      return [part.cited.map((source) => `[${source.number}] ${source.title}\n${source.text}`).join('\n\n')];
    return part.view === 'fields' ? [part.rows.map(fieldText).join('\n\n')] : [];
  });
  if (texts.length === parts.length) return texts.join('\n\n');
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/**
 * One result from its declaration and the block's outputs, or null when there is nothing to show
 * (the output is absent, or empty). A value that does not have the declared shape is shown whole
 * as data rather than dropped.
 */
export function resultItem(
  declaration: ResultDeclaration,
  outputs: Readonly<Record<string, unknown>>,
): ResultItem | null {
  const value = outputs[declaration.output];
  if (value === undefined || value === null) return null;
  const parts: ResultPart[] = [];
  let misshapen = false;
  for (const view of declaration.views) {
    const part = readView(view, value);
    if (part === MISSHAPEN) misshapen = true;
    else if (part) parts.push(part);
  }
  const base = { output: declaration.output, title: declaration.title };
  if (misshapen)
    return {
      ...base,
      parts: [{ view: 'table', data: dataView(value) }],
      copyText: typeof value === 'string' ? value : JSON.stringify(value, null, 2),
      download: null,
      fallback: true,
    };
  if (parts.length === 0) return null;
  const download = declaration.download
    ? { name: declaration.download, text: JSON.stringify(value, null, 2) }
    : null;
  return { ...base, parts, copyText: download ? null : copyText(parts, value), download, fallback: false };
}

/** Every result a block's outputs show, in the order the block declares them. */
export function resultItems(
  declarations: readonly ResultDeclaration[],
  outputs: Readonly<Record<string, unknown>>,
): ResultItem[] {
  return declarations.flatMap((declaration) => resultItem(declaration, outputs) ?? []);
}
