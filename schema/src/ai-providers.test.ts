import { AI_PROVIDER_IDS, aiKeyProblem, aiUrlProblem, isAiProviderId } from './ai-providers';

describe('AI provider settings', () => {
  it('knows the four providers and nothing else', () => {
    expect(AI_PROVIDER_IDS).toEqual(['openai', 'anthropic', 'gemini', 'ollama']);
    expect(isAiProviderId('anthropic')).toBe(true);
    for (const other of ['Anthropic', 'offline', '', 'openai ', null, 3])
      expect(isAiProviderId(other)).toBe(false);
  });

  it('takes a key of printable characters of a sane length, never repeating it', () => {
    expect(aiKeyProblem('anthropic', 'sk-ant-api03-abcdefgh')).toBeNull();
    expect(aiKeyProblem('ollama', 'ollama')).toBeNull();
    expect(aiKeyProblem('openai', 'ollama')).toBeNull();
    expect(aiKeyProblem('openai', '  ')).toBe("Type OpenAI's API key.");
    expect(aiKeyProblem('anthropic', 'short')).toBe(
      "Anthropic's API key is at least 8 characters; paste the whole key.",
    );
    expect(aiKeyProblem('openai', 'x'.repeat(501))).toContain('at most 500 characters');
    for (const bad of [
      'sk-two words',
      'sk-line\nbreak',
      'sk-nul\u0000abcdef',
      'sk-\ud800abcdefg',
      'sk-éèàabcdef',
    ]) {
      const problem = aiKeyProblem('gemini', bad);
      expect(problem).toContain('Google Gemini');
      expect(problem).not.toContain(bad);
    }
  });

  it('takes an http(s) address without credentials', () => {
    expect(aiUrlProblem('anthropic', 'https://api.anthropic.com')).toBeNull();
    expect(aiUrlProblem('ollama', 'http://127.0.0.1:11434')).toBeNull();
    expect(aiUrlProblem('ollama', 'localhost:11434')).toBe(
      "Ollama's address must start with http:// or https://, such as http://localhost:11434.",
    );
    expect(aiUrlProblem('openai', 'not-a-url')).toBe(
      "OpenAI's address must be a URL such as https://api.openai.com/v1.",
    );
    expect(aiUrlProblem('openai', 'ftp://example.com')).toContain('must start with http:// or https://');
    expect(aiUrlProblem('openai', 'https://me:secret@example.com')).toContain('must not carry a user name');
    expect(aiUrlProblem('openai', `https://example.com/${'a'.repeat(2000)}`)).toContain('at most 2000');
    for (const bad of [
      'https://example.com/\u0000',
      'https://example.com/\ud800',
      'https://exa mple.com',
      'https://example.com/a\nb',
    ])
      expect(aiUrlProblem('openai', bad)).toContain('without spaces or control characters');
  });
});
