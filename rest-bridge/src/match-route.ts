import { escapeRegExp } from '@blocksmith/schema';
import type { HttpMethod, Route } from './route';

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over parameters: /apps/my-apps before /apps/{id}. */
  literals: number;
}

export type Match =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method'; allowed: HttpMethod[] }
  | { kind: 'none' };

const MAX_PARAM_CHARS = 200;

/** Finds routes by method and path under /api. */
export class RouteMatcher {
  private readonly compiled: Compiled[];

  constructor(routes: readonly Route[]) {
    this.compiled = routes
      .map((route) => {
        const names: string[] = [];
        const segments = route.path.split('/').filter(Boolean);
        const source = segments
          .map((segment) => {
            const param = /^\{(\w+)\}$/.exec(segment);
            if (!param) return escapeRegExp(segment);
            names.push(param[1]!);
            return '([^/]+)';
          })
          .join('/');
        return {
          route,
          pattern: new RegExp(`^/${source}/?$`),
          names,
          literals: segments.length - names.length,
        };
      })
      .sort((a, b) => b.literals - a.literals);
  }

  match(method: string, path: string): Match {
    const allowed: HttpMethod[] = [];
    for (const { route, pattern, names } of this.compiled) {
      const found = pattern.exec(path);
      if (!found) continue;
      if (route.method !== method) {
        if (!allowed.includes(route.method)) allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      let usable = true;
      names.forEach((name, index) => {
        let value: string;
        try {
          value = decodeURIComponent(found[index + 1]!);
        } catch {
          usable = false;
          return;
        }
        if (value.length > MAX_PARAM_CHARS) usable = false;
        params[name] = value;
      });
      if (!usable) return { kind: 'none' };
      return { kind: 'route', route, params };
    }
    return allowed.length > 0 ? { kind: 'method', allowed } : { kind: 'none' };
  }
}
