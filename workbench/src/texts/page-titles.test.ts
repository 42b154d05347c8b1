import { PAGE_TITLES, pageTitle } from './page-titles';

describe('pageTitle', () => {
  it('names the page first and the product last', () => {
    expect(pageTitle('Store')).toBe('Store · Blocksmith');
    expect(pageTitle('Translator', 'Builder')).toBe('Translator · Builder · Blocksmith');
  });

  it('leaves out blank and missing parts', () => {
    expect(pageTitle()).toBe('Blocksmith');
    expect(pageTitle(undefined, '  ', null, 'Builder')).toBe('Builder · Blocksmith');
    expect(pageTitle(' Translator ')).toBe('Translator · Blocksmith');
  });
});

describe('PAGE_TITLES', () => {
  it('gives the landing page the tagline', () => {
    expect(PAGE_TITLES.home).toBe(
      'Blocksmith — Create, share and monetize AI micro-apps visually without code',
    );
  });

  it('names the app on its page and in the builder', () => {
    expect(PAGE_TITLES.runner('Translator')).toBe('Translator · Blocksmith');
    expect(PAGE_TITLES.runner()).toBe('Blocksmith');
    expect(PAGE_TITLES.builder('Translator')).toBe('Translator · Builder · Blocksmith');
    expect(PAGE_TITLES.builder('')).toBe('Builder · Blocksmith');
    expect(PAGE_TITLES.publisher('More by Ada')).toBe('More by Ada · Store · Blocksmith');
  });

  it('gives every page a title of its own', () => {
    const fixed = Object.values(PAGE_TITLES).filter((title): title is string => typeof title === 'string');
    expect(new Set(fixed).size).toBe(fixed.length);
    expect(PAGE_TITLES.signIn).toBe('Sign in · Blocksmith');
    expect(PAGE_TITLES.analytics).toBe('Analytics · Admin · Blocksmith');
    expect(PAGE_TITLES.notFound).toBe('Page not found · Blocksmith');
  });
});
