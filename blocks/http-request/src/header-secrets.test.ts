import { BlockInputError } from '@blocksmith/block-sdk';
import { headerSecrets, secretsReachPlaceholderHost } from './header-secrets';

describe('secretsReachPlaceholderHost: the host must be literal text of the URL template', () => {
  it.each([
    // A value before the path goes in as it is: it can be the host, or end the authority early.
    '{{input_text}}/echo',
    'https://{{input_text}}/echo',
    'https://api.example.com{{input_text}}/echo',
    'https://{{sub}}.example.com/echo',
    'https://api.example.com:{{port}}/echo',
    'https://{{user}}@api.example.com/echo',
    'https://user@{{input_text}}/echo',
    'https://[{{input_text}}]/echo',
    'http:{{input_text}}/echo',
    'https:\\\\{{input_text}}/echo',
    'https://\\{{input_text}}/echo',
    // Forms the URL standard reads as an authority although they do not start with "//".
    'http:/{{input_text}}:4309/echo',
    'https:/{{input_text}}/echo',
    'https:///{{input_text}}/echo',
    'https:\\/{{input_text}}/echo',
    'https:/\\{{input_text}}/echo',
    'https:/\t/{{input_text}}/echo',
    'https:/\n/{{input_text}}/echo',
    ' http:/{{ input_text }}/echo',
    'HTTP:/{{input_text}}/echo',
    'http:/%41{{input_text}}/echo',
    'http:/{{a}}{{b}}/echo',
  ])('refuses %j', (template) => {
    expect(secretsReachPlaceholderHost(template)).toBe(true);
  });

  it.each([
    'https://api.example.com/items?q={{input_text}}',
    'https://api.example.com/{{input_text}}/items',
    'https://api.example.com?{{input_text}}',
    'https://api.example.com#{{input_text}}',
    'https://user:pw@api.example.com:8443/v1/{{a}}?b={{b}}#{{c}}',
    'https://api.example.com/echo',
    'https://[::1]:4309/{{input_text}}',
  ])('allows %j', (template) => {
    expect(secretsReachPlaceholderHost(template)).toBe(false);
  });
});

describe('headerSecrets', () => {
  const secret = async (name: string) => (name === 'API_TOKEN' ? 'tok_live_123' : undefined);

  it('refuses a secret header when the host comes from a variable, before reading the secret', async () => {
    const read: string[] = [];
    const error = await headerSecrets(
      {
        secret: (name) => {
          read.push(name);
          return secret(name);
        },
      },
      {
        url: 'http:/{{input_text}}:4309/echo',
        body: '',
        headers: 'Authorization: Bearer {{secret.API_TOKEN}}',
      },
    ).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toMatch(
      /^"Headers" sends the secret API_TOKEN, so the URL's address must be written out/,
    );
    expect(read).toEqual([]);
  });

  it('reads the secrets headers name when the host is written out', async () => {
    const values = await headerSecrets(
      { secret },
      {
        url: 'https://api.example.com/items?q={{input_text}}',
        body: '',
        headers: 'Authorization: Bearer {{secret.API_TOKEN}}',
      },
    );
    expect([...values]).toEqual([['API_TOKEN', 'tok_live_123']]);
  });
});
