import { sections } from './document-ingestion';

describe('sections', () => {
  it('cuts a long text at line ends into sections that join back to it', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const parts = [...sections(text, 500)];
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) {
      expect(part.text.length).toBeLessThanOrEqual(500);
      expect(text.slice(part.start, part.start + part.text.length)).toBe(part.text);
    }
    // Every section but the first starts at a line end.
    expect(parts.slice(1).every((p) => p.text.startsWith('\n'))).toBe(true);
  });

  it('cuts at a space when a line is longer than a section, and anywhere when there is none', () => {
    const words = 'word '.repeat(300);
    expect([...sections(words, 100)].every((p) => p.text.length <= 100)).toBe(true);
    expect([...sections(words, 100)].map((p) => p.text).join('')).toBe(words);
    const solid = 'x'.repeat(1050);
    expect([...sections(solid, 100)].map((p) => p.text.length)).toEqual([...Array(10).fill(100), 50]);
  });

  it('gives a short text whole', () => {
    expect([...sections('short', 100)]).toEqual([{ start: 0, text: 'short' }]);
  });
});
