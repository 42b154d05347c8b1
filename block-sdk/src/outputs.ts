import type { OutputPresentation, OutputSpec, OutputType } from '@blocksmith/schema';

/**
 * A declared output; the first declared output's name is the block's variable. `view` and
 * `title` say how the workbench shows it as a result (see `present` for compound results).
 */
export interface OutputDecl<T extends OutputType = OutputType> extends OutputPresentation {
  type: T;
  description?: string;
}

export type OutputsSpec = Readonly<Record<string, OutputDecl>>;

type OutputValue<T extends OutputType> = T extends 'text' | 'url'
  ? string
  : T extends 'number'
    ? number
    : T extends 'list'
      ? string[]
      : unknown;

/** What `run` returns for a block with these outputs. */
export type OutputsOf<O extends OutputsSpec> = { [K in keyof O]: OutputValue<O[K]['type']> };

function decl<T extends OutputType>(type: T) {
  return (description?: string, presentation: OutputPresentation = {}): OutputDecl<T> => ({
    type,
    ...(description === undefined ? {} : { description }),
    ...(presentation.view === undefined ? {} : { view: presentation.view }),
    ...(presentation.title === undefined ? {} : { title: presentation.title }),
  });
}

export const output = {
  text: decl('text'),
  json: decl('json'),
  url: decl('url'),
  number: decl('number'),
  list: decl('list'),
};

export function outputSpecs(outputs: OutputsSpec): OutputSpec[] {
  return Object.entries(outputs).map(([name, o]) =>
    o.description === undefined ? { name, type: o.type } : { name, type: o.type, description: o.description },
  );
}

/** Returns a problem when a value does not have the declared type. */
export function outputTypeProblem(name: string, type: OutputType, value: unknown): string | null {
  switch (type) {
    case 'text':
    case 'url':
      return typeof value === 'string' ? null : `output ${name} must be a string`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `output ${name} must be a number`;
    case 'list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? null
        : `output ${name} must be a list of strings`;
    case 'json':
      return value === undefined ? `output ${name} is missing` : null;
  }
}
