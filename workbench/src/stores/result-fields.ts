import { isPlainObject } from '@blocksmith/schema';

/**
 * The result display's reading of a run's output fields (spec, 'Result display'). Each known
 * field becomes one typed item; a field whose value does not have the expected shape falls back
 * to a JSON view, so an unexpected answer is shown rather than dropped or crashing the page.
 */

/** How many investors and YC recommendations the preview shows before 'Show all'. */
export const PREVIEW_COUNT = 3;

export interface Classification {
  category: string;
  sentiment: string;
  /** 0 to 1. */
  confidence: number | null;
}

export interface Investor {
  name: string;
  fundName: string;
  country: string;
  email: string;
  contactPage: string;
  tags: string[];
}

export interface InvestorAnalysis {
  industry: string;
  businessModel: string;
  stage: string;
  investors: Investor[];
}

export interface YcSection {
  question: string;
  answer: string;
  score: number | null;
  feedback: string;
}

export interface YcApplication {
  overallScore: number | null;
  overallFeedback: string;
  recommendations: string[];
  fullApplication: string;
  sections: YcSection[];
}

export interface ImageAnalysis {
  description: string;
  objects: string[];
  text: string;
  colors: string[];
}

export interface ColdEmail {
  subject: string;
  body: string;
  followUp: string;
}

export type ResultItem =
  | { kind: 'markdown'; field: string; text: string }
  | { kind: 'text'; field: string; text: string }
  | { kind: 'classification'; field: string; value: Classification }
  | { kind: 'image'; field: string; url: string }
  | { kind: 'data'; field: string; value: unknown }
  | { kind: 'imageAnalysis'; field: string; value: ImageAnalysis }
  | { kind: 'coldEmail'; field: string; value: ColdEmail }
  | { kind: 'investors'; field: string; value: InvestorAnalysis }
  | { kind: 'yc'; field: string; value: YcApplication };

/** What each field is called above its result. */
export const RESULT_TITLES: Record<string, string> = {
  summary: 'Summary',
  classification: 'Classification',
  classified_category: 'Category',
  translation: 'Translation',
  generatedImage: 'Generated image',
  generated_text: 'Generated text',
  extracted_data: 'Extracted data',
  imageAnalysis: 'Image analysis',
  coldEmail: 'Cold email',
  investorAnalysis: 'Investor analysis',
  ycApplication: 'YC application review',
};

export type ScoreIntent = 'success' | 'warning' | 'danger';

/** Score colours: 8 or more green, 6 to 7 yellow, below 6 red. */
export function scoreIntent(score: number): ScoreIntent {
  if (score >= 8) return 'success';
  if (score >= 6) return 'warning';
  return 'danger';
}

/** A confidence from 0 to 1 as a whole percentage, e.g. `87%`. */
export function confidencePercent(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
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

function readClassification(value: unknown): Classification | null {
  if (!isPlainObject(value)) return null;
  const category = str(value.category);
  if (category === '') return null;
  const confidence = num(value.confidence);
  return {
    category,
    sentiment: str(value.sentiment),
    confidence: confidence === null ? null : Math.min(1, Math.max(0, confidence)),
  };
}

function readInvestors(value: unknown): InvestorAnalysis | null {
  if (!isPlainObject(value) || !Array.isArray(value.investors)) return null;
  return {
    industry: str(value.industry),
    businessModel: str(value.businessModel),
    stage: str(value.stage),
    investors: value.investors.filter(isPlainObject).map((investor) => ({
      name: str(investor.name),
      fundName: str(investor.fundName),
      country: str(investor.country),
      email: str(investor.email),
      contactPage: /^https?:\/\//i.test(str(investor.contactPage)) ? str(investor.contactPage) : '',
      tags: strings(investor.tags),
    })),
  };
}

function readYc(value: unknown): YcApplication | null {
  if (!isPlainObject(value)) return null;
  const sections = Array.isArray(value.sections) ? value.sections.filter(isPlainObject) : [];
  const result: YcApplication = {
    overallScore: num(value.overallScore),
    overallFeedback: str(value.overallFeedback),
    recommendations: strings(value.recommendations),
    fullApplication: str(value.fullApplication),
    sections: sections.map((section) => ({
      question: str(section.question),
      answer: str(section.answer),
      score: num(section.score),
      feedback: str(section.feedback),
    })),
  };
  return result.overallScore === null && result.sections.length === 0 ? null : result;
}

function readImageAnalysis(value: unknown): ImageAnalysis | null {
  if (!isPlainObject(value) || typeof value.description !== 'string') return null;
  return {
    description: value.description,
    objects: strings(value.objects),
    text: str(value.text),
    colors: strings(value.colors),
  };
}

function readColdEmail(value: unknown): ColdEmail | null {
  if (!isPlainObject(value) || typeof value.body !== 'string') return null;
  return { subject: str(value.subject), body: value.body, followUp: str(value.followUp) };
}

function isImageUrl(value: unknown): value is string {
  return typeof value === 'string' && /^(https?:\/\/|\/|data:image\/)/i.test(value);
}

/**
 * The items one block's outputs show, in the spec's order. `classified_category` is shown only
 * when no full classification is, and a field that is empty shows nothing.
 */
export function resultItems(outputs: Readonly<Record<string, unknown>>): ResultItem[] {
  const items: ResultItem[] = [];
  const text = (field: string, kind: 'text' | 'markdown') => {
    const value = outputs[field];
    if (value === undefined || value === null) return;
    if (typeof value === 'string') {
      if (value.trim() !== '') items.push({ kind, field, text: value });
    } else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
      items.push({ kind, field, text: value.map((line) => `- ${line}`).join('\n') });
    } else {
      items.push({ kind: 'data', field, value });
    }
  };
  const rich = <T>(field: string, read: (value: unknown) => T | null, push: (value: T) => ResultItem) => {
    const value = outputs[field];
    if (value === undefined || value === null) return;
    const parsed = read(value);
    items.push(parsed === null ? { kind: 'data', field, value } : push(parsed));
  };

  text('summary', 'text');
  const classification =
    outputs.classification === undefined ? null : readClassification(outputs.classification);
  if (classification) items.push({ kind: 'classification', field: 'classification', value: classification });
  else if (str(outputs.classified_category) !== '')
    items.push({
      kind: 'classification',
      field: 'classified_category',
      value: { category: str(outputs.classified_category), sentiment: '', confidence: null },
    });
  text('translation', 'text');
  if (isImageUrl(outputs.generated_image_url))
    items.push({ kind: 'image', field: 'generatedImage', url: outputs.generated_image_url });
  text('generated_text', 'markdown');
  if (outputs.extracted_data !== undefined && outputs.extracted_data !== null)
    items.push({ kind: 'data', field: 'extracted_data', value: outputs.extracted_data });
  rich('imageAnalysis', readImageAnalysis, (value) => ({
    kind: 'imageAnalysis',
    field: 'imageAnalysis',
    value,
  }));
  rich('coldEmail', readColdEmail, (value) => ({ kind: 'coldEmail', field: 'coldEmail', value }));
  rich('investorAnalysis', readInvestors, (value) => ({
    kind: 'investors',
    field: 'investorAnalysis',
    value,
  }));
  rich('ycApplication', readYc, (value) => ({ kind: 'yc', field: 'ycApplication', value }));
  return items;
}

export type DataView =
  | { kind: 'table'; columns: string[]; rows: Array<Record<string, string>> }
  | { kind: 'fields'; rows: Array<{ key: string; value: string }> }
  | { kind: 'json'; text: string };

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map(cell).join(', ');
  return JSON.stringify(value);
}

/** Extracted data as a person reads it: a list of records as a table, one record as field/value rows. */
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

/** The JSON file a YC or investor result downloads as. */
export function resultDownload(item: ResultItem, slug: string): { filename: string; text: string } | null {
  if (item.kind === 'yc')
    return { filename: `${slug}-yc-application.json`, text: JSON.stringify(item.value, null, 2) };
  if (item.kind === 'investors')
    return { filename: `${slug}-investors.json`, text: JSON.stringify(item.value, null, 2) };
  return null;
}
