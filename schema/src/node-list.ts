import type { PluginInstance } from './app';
import { isPlainObject } from './plain-object';

/** The screen shown instead of the canvas when the node list is invalid (spec, section 8). */
export const INVALID_NODE_LIST_HEADING = 'Something went wrong';
export const INVALID_NODE_LIST_TEXT =
  'The app configuration is invalid or incomplete. Please try refreshing the page or recreate your app.';
export const INVALID_NODE_LIST_NOTE = '(Malformed or missing nodes)';

export interface NodeListCheck {
  valid: boolean;
  problems: string[];
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function nodeProblems(node: unknown, index: number): string[] {
  if (!isPlainObject(node)) return [`Node ${index} is not an object.`];
  const name = isNonEmptyString(node.id) ? `Node ${index} ("${node.id}")` : `Node ${index}`;
  const problems: string[] = [];
  if (!isNonEmptyString(node.id)) problems.push(`${name} has no id (a non-empty string is required).`);
  if (!isNonEmptyString(node.type)) problems.push(`${name} has no type (a non-empty string is required).`);
  const position = node.position;
  if (!isPlainObject(position)) {
    problems.push(`${name} has no position object.`);
  } else {
    if (!isFiniteNumber(position.x)) problems.push(`${name} has a position.x that is not a finite number.`);
    if (!isFiniteNumber(position.y)) problems.push(`${name} has a position.y that is not a finite number.`);
  }
  if (!isPlainObject(node.settings)) problems.push(`${name} has no settings object.`);
  return problems;
}

/**
 * Checks a node list before the canvas draws it. Valid only if it is an array in which every node
 * has a non-empty string id and type, a finite numeric position.x and position.y, and a settings
 * object. An empty array is valid (the canvas shows its empty state).
 */
export function validateNodeList(value: unknown): NodeListCheck {
  if (value === undefined || value === null) return { valid: false, problems: ['The node list is missing.'] };
  if (!Array.isArray(value)) return { valid: false, problems: ['The node list is not an array.'] };
  const problems = value.flatMap((node: unknown, index) => nodeProblems(node, index));
  return { valid: problems.length === 0, problems };
}

/** The same check as a type guard. */
export function isValidNodeList(value: unknown): value is PluginInstance[] {
  return validateNodeList(value).valid;
}
