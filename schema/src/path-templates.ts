import { escapeRegExp } from './escape-regexp';

/** One `/apps/{id}/execute`-style template, compiled: its RegExp captures each parameter in order. */
export interface PathTemplate<T> {
  value: T;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over parameters: /apps/my-apps before /apps/{id}. */
  literals: number;
}

export interface PathTemplateOptions {
  /** How a parameter segment is written: `{name}` (OpenAPI, the REST routes; the default) or `:name` (the workbench's pages). */
  parameters?: 'braces' | 'colon';
  /** A path may end in one `/` more than its template. */
  trailingSlash?: boolean;
  /** Literal segments match in any case. */
  ignoreCase?: boolean;
}

const PARAMETER = { braces: /^\{(\w+)\}$/, colon: /^:(\w+)$/ };

/**
 * Path templates whose parameter segments match any one segment, compiled once and kept by their
 * first segment: a path is tried only against the templates that can match it, in the order
 * that decides between them (most literal segments first), not against every template (the
 * REST bridge has over a hundred routes: trying every one of their RegExps was about a percent of
 * a run's server CPU). The REST routes, the OpenAPI checker of the tests and the workbench's page
 * paths (`page-routes.ts`) are all matched with it.
 */
export class PathTemplates<T> {
  /** By first literal segment, each list with the templates that begin with a parameter merged in. */
  private readonly byFirst = new Map<string, PathTemplate<T>[]>();
  /** Templates that begin with a parameter: the candidates of any other first segment. */
  private readonly anyFirst: PathTemplate<T>[];

  private readonly ignoreCase: boolean;

  constructor(entries: readonly { path: string; value: T }[], options: PathTemplateOptions = {}) {
    const end = options.trailingSlash ? '/?$' : '$';
    const parameter = PARAMETER[options.parameters ?? 'braces'];
    this.ignoreCase = options.ignoreCase ?? false;
    const compiled = entries
      .map(({ path, value }) => {
        const segments = path.split('/').filter(Boolean);
        // Each segment's parameter name, or undefined for a literal segment.
        const params = segments.map((segment) => parameter.exec(segment)?.[1]);
        const names = params.filter((name) => name !== undefined);
        const source = segments
          .map((segment, i) => (params[i] === undefined ? escapeRegExp(segment) : '([^/]+)'))
          .join('/');
        const first = segments[0] !== undefined && params[0] === undefined ? this.key(segments[0]) : null;
        const template: PathTemplate<T> = {
          value,
          pattern: new RegExp(`^/${source}${end}`, this.ignoreCase ? 'i' : ''),
          names,
          literals: segments.length - names.length,
        };
        return { template, first };
      })
      .sort((a, b) => b.template.literals - a.template.literals);
    this.anyFirst = compiled.filter(({ first }) => first === null).map(({ template }) => template);
    for (const { first } of compiled) {
      if (first === null || this.byFirst.has(first)) continue;
      this.byFirst.set(
        first,
        compiled.filter((c) => c.first === first || c.first === null).map((c) => c.template),
      );
    }
  }

  /** The templates `path` may match, in the order to try them. */
  candidates(path: string): readonly PathTemplate<T>[] {
    const slash = path.indexOf('/', 1);
    return this.byFirst.get(this.key(path.slice(1, slash === -1 ? undefined : slash))) ?? this.anyFirst;
  }

  private key(segment: string): string {
    return this.ignoreCase ? segment.toLowerCase() : segment;
  }

  /** The first template `path` matches, with the text of each of its parameters (undecoded). */
  match(path: string): { template: PathTemplate<T>; values: string[] } | null {
    for (const template of this.candidates(path)) {
      const found = template.pattern.exec(path);
      if (found) return { template, values: found.slice(1) };
    }
    return null;
  }
}
