import {
  INVALID_APP_CONFIGURATION,
  generatedAppDescription,
  generatedAppName,
  generatedAppProblem,
  keepValidConnections,
} from './assistant-rules';

describe('generatedAppName', () => {
  it('takes the first 50 characters of the prompt', () => {
    expect(generatedAppName('a'.repeat(80))).toBe('a'.repeat(50));
    expect(generatedAppName('Short prompt')).toBe('Short prompt');
  });

  it('trims before and after cutting', () => {
    expect(generatedAppName(`   ${'b'.repeat(49)} tail`)).toBe('b'.repeat(49));
  });

  it('does not split characters outside the basic plane', () => {
    expect(generatedAppName('😀'.repeat(60))).toBe('😀'.repeat(50));
  });

  it("falls back to 'My App' for a blank prompt", () => {
    expect(generatedAppName('   ')).toBe('My App');
  });
});

describe('generatedAppDescription', () => {
  it('takes the first 100 characters of the prompt', () => {
    expect(generatedAppDescription(`  ${'c'.repeat(150)}`)).toBe('c'.repeat(100));
    expect(generatedAppDescription('  Make a travel planner ')).toBe('Make a travel planner');
    expect(generatedAppDescription('')).toBe('');
  });
});

describe('keepValidConnections', () => {
  const good = { id: 'c1', from: 'a', to: 'b', fromPort: 'output', toPort: 'input' };

  it('keeps complete connections and strips extra fields', () => {
    expect(keepValidConnections([{ ...good, label: 'x' }])).toEqual([good]);
  });

  it('drops entries missing a field, with a non-string or empty field, or not objects', () => {
    const { toPort: _toPort, ...noToPort } = good;
    expect(
      keepValidConnections([noToPort, { ...good, from: 3 }, { ...good, id: '' }, null, 'c1', [good], good]),
    ).toEqual([good]);
    expect(keepValidConnections([])).toEqual([]);
  });
});

describe('generatedAppProblem', () => {
  it('accepts a result with plugins and connections lists', () => {
    expect(generatedAppProblem({ plugins: [], connections: [], message: 'hi' })).toBeNull();
  });

  it('refuses anything else', () => {
    expect(generatedAppProblem({ plugins: [] })).toBe('Invalid app configuration received');
    expect(generatedAppProblem({ plugins: {}, connections: [] })).toBe(INVALID_APP_CONFIGURATION);
    expect(generatedAppProblem(null)).toBe(INVALID_APP_CONFIGURATION);
  });
});
