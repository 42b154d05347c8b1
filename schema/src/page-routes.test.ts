import { isPagePath } from './page-routes';

describe('isPagePath', () => {
  it('knows the pages, with their parameters and a trailing slash', () => {
    for (const path of [
      '/',
      '/app',
      '/app/cold-email',
      '/store/user/u1',
      '/my-apps/a1/runs',
      '/embed/x/sign-in',
      '/store/',
    ])
      expect(isPagePath(path)).toBe(true);
  });

  it('knows no other path', () => {
    for (const path of [
      '/pricing',
      '/account',
      '/app/a/b',
      '/my-apps/a1',
      '/runs/r1/x',
      '/%E0%A4%A',
      '//store',
    ])
      expect(isPagePath(path)).toBe(false);
  });
});
