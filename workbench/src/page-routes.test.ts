import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_ROUTES } from '@blocksmith/schema';

/**
 * The page paths App.tsx routes, literal or named by an imported constant (whose module is loaded
 * to read it); the catch-all `*` left out.
 */
function appRoutes(): string[] {
  const source = readFileSync(path.join(__dirname, 'App.tsx'), 'utf8');
  const imports = new Map<string, string>();
  for (const [, names, from] of source.matchAll(/import \{([^}]+)\} from '(\.[^']+)'/g)) {
    for (const name of names!.split(',')) imports.set(name.trim(), from!);
  }
  const paths: string[] = [];
  for (const [, literal, constant] of source.matchAll(/<Route path=(?:"([^"]+)"|\{(\w+)\})/g)) {
    if (literal !== undefined) {
      if (literal !== '*') paths.push(literal);
      continue;
    }
    const from = imports.get(constant!);
    if (from === undefined) throw new Error(`App.tsx routes ${constant}, which it does not import by name.`);
    const value = (require(path.join(__dirname, from)) as Record<string, unknown>)[constant!];
    if (typeof value !== 'string') throw new Error(`${constant} from ${from} is not a path.`);
    paths.push(value);
  }
  return paths;
}

describe('page routes', () => {
  it("are the schema's PAGE_ROUTES, which the server answers 200 (every other path: the not-found page, 404)", () => {
    const routes = appRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((route) => !PAGE_ROUTES.includes(route));
    const gone = PAGE_ROUTES.filter((route) => !routes.includes(route));
    // A page added to App.tsx goes into schema/src/page-routes.ts too, else the server calls it missing.
    expect({ missing, gone }).toEqual({ missing: [], gone: [] });
  });
});
