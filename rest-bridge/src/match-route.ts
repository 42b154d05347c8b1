import { PathTemplates } from '@blocksmith/schema';
import type { HttpMethod, Route } from './route';

export type Match =
  | { kind: 'route'; route: Route; params: Record<string, string> }
  | { kind: 'method'; allowed: HttpMethod[] }
  | { kind: 'none' };

const MAX_PARAM_CHARS = 200;

/** Finds routes by method and path under /api. */
export class RouteMatcher {
  private readonly templates: PathTemplates<Route>;

  constructor(routes: readonly Route[]) {
    this.templates = new PathTemplates(
      routes.map((route) => ({ path: route.path, value: route })),
      { trailingSlash: true },
    );
  }

  match(method: string, path: string): Match {
    const allowed: HttpMethod[] = [];
    for (const { value: route, pattern, names } of this.templates.candidates(path)) {
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
