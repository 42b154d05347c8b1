import { PathTemplates } from './path-templates';

describe('PathTemplates', () => {
  const templates = new PathTemplates(
    ['/apps/{id}', '/apps/my-apps', '/apps/{id}/execute', '/runs/{runId}', '/{slug}/about'].map((path) => ({
      path,
      value: path,
    })),
  );

  it('finds the template of a path, literal segments before parameters', () => {
    expect(templates.match('/apps/my-apps')?.template.value).toBe('/apps/my-apps');
    expect(templates.match('/apps/123')).toMatchObject({
      template: { value: '/apps/{id}' },
      values: ['123'],
    });
    expect(templates.match('/apps/123/execute')).toMatchObject({
      template: { value: '/apps/{id}/execute', names: ['id'] },
      values: ['123'],
    });
  });

  it('tries a path only against templates that can begin as it does', () => {
    expect(templates.candidates('/runs/1').map((t) => t.value)).toEqual(['/runs/{runId}', '/{slug}/about']);
    expect(templates.candidates('/nothing/here').map((t) => t.value)).toEqual(['/{slug}/about']);
    expect(templates.candidates('/').map((t) => t.value)).toEqual(['/{slug}/about']);
  });

  it('lets a template that begins with a parameter match any first segment, in the order given', () => {
    // As many literal segments: the one given first wins.
    expect(templates.match('/runs/about')?.template.value).toBe('/runs/{runId}');
    expect(templates.match('/anything/about')).toMatchObject({ values: ['anything'] });
  });

  it('matches whole segments and whole paths only', () => {
    expect(templates.match('/apps')).toBeNull();
    expect(templates.match('/apps/1/2')).toBeNull();
    expect(templates.match('/apps/1/')).toBeNull();
    expect(templates.match('/apps.x/1')).toBeNull();
  });

  it('takes one trailing slash when asked to', () => {
    const lenient = new PathTemplates([{ path: '/apps/{id}', value: 1 }], { trailingSlash: true });
    expect(lenient.match('/apps/1/')).toMatchObject({ values: ['1'] });
    expect(lenient.match('/apps/1//')).toBeNull();
  });

  it('treats the RegExp characters of a template literally', () => {
    const dotted = new PathTemplates([{ path: '/v1.0/{id}', value: 1 }]);
    expect(dotted.match('/v1.0/a')).not.toBeNull();
    expect(dotted.match('/v1x0/a')).toBeNull();
  });

  it('reads `:name` parameters and matches literals in any case when asked to', () => {
    const pages = new PathTemplates(
      ['/', '/store', '/store/user/:userId', '/my-apps/:appId/runs'].map((path) => ({ path, value: path })),
      { parameters: 'colon', ignoreCase: true, trailingSlash: true },
    );
    expect(pages.match('/')?.template.value).toBe('/');
    expect(pages.match('/Store/')?.template.value).toBe('/store');
    expect(pages.match('/STORE/User/Ada')).toMatchObject({
      template: { value: '/store/user/:userId', names: ['userId'] },
      values: ['Ada'],
    });
    expect(pages.match('/my-apps/1/RUNS')?.template.value).toBe('/my-apps/:appId/runs');
    expect(pages.match('/my-apps/1')).toBeNull();
    // Braces are literal text in this syntax.
    const colon = new PathTemplates([{ path: '/apps/{id}', value: 1 }], { parameters: 'colon' });
    expect(colon.match('/apps/1')).toBeNull();
    expect(colon.match('/apps/{id}')).not.toBeNull();
  });

  it('matches literals in their own case by default', () => {
    expect(templates.match('/APPS/my-apps')).toBeNull();
  });
});
