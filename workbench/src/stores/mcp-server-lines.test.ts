import { mcpServerRows, mcpServersValue, mcpServerUrlProblem } from './mcp-server-lines';

describe('MCP server lines', () => {
  it('reads one server a line, with its optional secret, leaving out blanks and notes', () => {
    expect(
      mcpServerRows('https://a.example/mcp\n\n# a note\n  https://b.example/mcp   B_TOKEN  \nhttps://c x y'),
    ).toEqual([
      { url: 'https://a.example/mcp', secret: '' },
      { url: 'https://b.example/mcp', secret: 'B_TOKEN' },
      { url: 'https://c x y', secret: '' },
    ]);
    expect(mcpServerRows(undefined)).toEqual([]);
    expect(mcpServerRows('')).toEqual([]);
  });

  it('writes rows back as lines, leaving out rows without an address', () => {
    const rows = [
      { url: ' https://a.example/mcp ', secret: '' },
      { url: '', secret: 'ORPHAN' },
      { url: 'https://b.example/mcp', secret: 'B_TOKEN' },
    ];
    expect(mcpServersValue(rows)).toBe('https://a.example/mcp\nhttps://b.example/mcp B_TOKEN');
    expect(mcpServerRows(mcpServersValue(rows))).toEqual([
      { url: 'https://a.example/mcp', secret: '' },
      { url: 'https://b.example/mcp', secret: 'B_TOKEN' },
    ]);
  });

  it('says what is wrong with an address the server would refuse', () => {
    expect(mcpServerUrlProblem('https://a.example/mcp')).toBeNull();
    expect(mcpServerUrlProblem('')).toBeNull();
    expect(mcpServerUrlProblem('a.example/mcp')).toBe('Not a web address: write it as https://host/path.');
    expect(mcpServerUrlProblem('ftp://a.example/')).toBe(
      'The address must start with https:// (or http://).',
    );
  });
});
