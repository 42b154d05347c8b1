import {
  emptyConfig,
  generatedAppDescription,
  generatedAppName,
  generatedAppProblem,
  keepValidConnections,
  slugFromName,
  validateNodeList,
  type AppConfig,
} from '@blocksmith/schema';
import type { GeneratedAppAnswer } from '../api/blocksmith-api';
import { AI_BUILD } from '../texts/runner-texts';

/** What the builder loads from the assistant's answer: a new, unsaved app. */
export interface GeneratedAppDraft {
  name: string;
  description: string;
  slug: string;
  isPrivate: false;
  isPublished: false;
  config: AppConfig;
}

/** The answer could not become an app; `message` is what the person is told. */
export class GeneratedAppError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GeneratedAppError';
  }
}

/**
 * Checks the assistant's answer and turns it into an unsaved app: it must carry plugins and
 * connections ('Invalid app configuration received'), the node list must be valid (else the
 * 'Error Loading App' message), and only connections with id, from, to, fromPort and toPort between
 * blocks of the answer are kept. The server has already remapped prompt variables to the names the
 * connected blocks provide.
 */
export function generatedAppDraft(
  answer: unknown,
  prompt: string,
  now: number = Date.now(),
): GeneratedAppDraft {
  const problem = generatedAppProblem(answer);
  if (problem) throw new GeneratedAppError(problem);
  const result = answer as GeneratedAppAnswer;
  if (!validateNodeList(result.plugins).valid) {
    throw new GeneratedAppError(`${AI_BUILD.loadFailed.title}: ${AI_BUILD.loadFailed.description}`);
  }
  const plugins = JSON.parse(JSON.stringify(result.plugins)) as AppConfig['plugins'];
  const ids = new Set(plugins.map((plugin) => plugin.id));
  const connections = keepValidConnections(result.connections).filter(
    (c) => ids.has(c.from) && ids.has(c.to),
  );
  const name = (typeof result.appName === 'string' && result.appName.trim()) || generatedAppName(prompt);
  const description =
    (typeof result.appDescription === 'string' && result.appDescription.trim()) ||
    generatedAppDescription(prompt);
  return {
    name,
    description,
    slug: slugFromName(name, now),
    isPrivate: false,
    isPublished: false,
    config: { ...emptyConfig(), plugins, connections },
  };
}
