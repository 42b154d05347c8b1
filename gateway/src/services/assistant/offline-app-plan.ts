import type { AppPlan, PlannedBlock } from './app-plan';
import { loopPlan, routesPlan, wantsLoop, wantsRoutes } from './offline-flow-plans';

const has = (text: string, ...words: string[]) => words.some((word) => text.includes(word));

/**
 * Without an AI service the assistant still builds something useful: it reads the request for a
 * few clear intents (something for each row or item of a list: a loop; each kind answered its own
 * way: routes; images, summaries of PDFs or text, translation, classification, extraction,
 * rewriting, comparison) and falls back to text generation.
 */
export function offlineAppPlan(request: string): AppPlan {
  const text = request.toLowerCase();
  if (wantsLoop(text)) return loopPlan(request);
  if (wantsRoutes(text)) return routesPlan(request);
  const wantsFile = has(text, 'pdf', 'document', 'upload', 'file');
  const input = wantsFile
    ? {
        type: 'fileUpload',
        settings: { label: 'Upload a document', acceptedTypes: has(text, 'pdf') ? 'pdf' : 'all' },
      }
    : { type: 'textInput', settings: { label: 'Describe what you need', multiline: true } };
  let ai: PlannedBlock;
  let output: PlannedBlock = { type: 'textDisplay', settings: { style: 'markdown' } };
  if (has(text, 'image', 'picture', 'logo', 'illustration', 'photo')) {
    ai = { type: 'imageGenerator', settings: { prompt_template: `${request}: {{input_text}}` } };
    output = { type: 'imagePreview', settings: {} };
  } else if (has(text, 'summar')) {
    ai = has(text, 'pdf')
      ? { type: 'pdfSummarization', settings: {} }
      : { type: 'longSummary', settings: {} };
  } else if (has(text, 'translat')) {
    ai = { type: 'translation', settings: {} };
  } else if (has(text, 'classif', 'categor', 'sentiment')) {
    ai = { type: 'classification', settings: {} };
  } else if (has(text, 'extract')) {
    ai = { type: 'extraction', settings: {} };
    output = { type: 'tableDisplay', settings: {} };
  } else if (has(text, 'rewrite', 'rephrase', 'polish')) {
    ai = { type: 'rewriting', settings: { transformation_goal: request } };
  } else if (has(text, 'compare', 'versus', ' vs ')) {
    ai = { type: 'comparison', settings: { criteria: request } };
  } else {
    ai = {
      type: 'textGeneration',
      settings: { prompt_template: `${request}\n\nUse this input:\n{{input_text}}` },
    };
  }
  if (wantsFile && !['pdfSummarization', 'longSummary', 'imageAnalysis'].includes(ai.type)) {
    ai = { type: 'pdfSummarization', settings: {} };
  }
  return {
    blocks: [input, ai, output],
    message:
      'I built a first version of your app: an input, an AI step and a result. Adjust any block on the canvas.',
  };
}
