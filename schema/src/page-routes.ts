import { PathTemplates } from './path-templates';

/**
 * Every page path of the workbench, as its router declares them (`:name` is one path segment). The
 * server answers any other path with the workbench's not-found page and a 404 status, so a missing
 * page is a 404 to browsers, crawlers and monitors too. `workbench/src/page-routes.test.ts` keeps
 * this list equal to the routes in `workbench/src/App.tsx`.
 */
export const PAGE_ROUTES: readonly string[] = [
  '/',
  '/app',
  '/app/:slug',
  '/signin',
  '/signup',
  '/reset-password',
  '/auth/callback',
  '/auth-demo',
  '/analytics',
  '/verification',
  '/admin/users',
  '/admin/ai-providers',
  '/store',
  '/store/user/:userId',
  '/my-apps',
  '/my-apps/:appId/runs',
  '/my-apps/:appId/triggers',
  '/my-apps/:appId/tests',
  '/runs',
  '/runs/:runId',
  '/credits',
  '/account/api-keys',
  '/account/secrets',
  '/account/connected-apps',
  '/oauth/interaction/:uid',
  '/knowledge',
  '/earnings',
  '/embed/:slug',
  '/embed/:slug/sign-in',
  '/privacy',
  '/terms',
];

const PAGES = new PathTemplates(
  PAGE_ROUTES.map((path) => ({ path, value: path })),
  { parameters: 'colon', trailingSlash: true, ignoreCase: true },
);

/** Whether a URL path (without its query) is one of the workbench's pages. */
export function isPagePath(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return PAGES.match(path) !== null;
}
