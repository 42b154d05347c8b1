import type { NamedText } from './fuzz-bodies';

/** Path segments that name nothing, or try to escape their route, each named. */
export function pathSegments(real: string): NamedText[] {
  return [
    ['a real id', real],
    ['a made-up UUID', '4f1c2b3a-9d8e-4f7a-8b6c-5d4e3f2a1b0c'],
    ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
    ['a word', 'not-an-id'],
    ['a number', '12345'],
    ['a negative number', '-1'],
    ['an encoded NUL', '%00'],
    ['a NUL inside a real id', `${real.slice(0, 4)}%00${real.slice(4)}`],
    ['an 8,000-character segment', 'a'.repeat(8_000)],
    ['an encoded ../..', '..%2F..%2Fopenapi.json'],
    ['a dot-dot segment', '%2e%2e'],
    ['a lone percent sign', '%'],
    ['a bad percent escape', '%zz'],
    ['bytes that are not UTF-8', '%ff%fe'],
    ['a lone surrogate', '%ED%A0%80'],
    ['an encoded slash and query', 'a%2Fb%3Fc%3Dd%23e'],
    ['SQL', "'%20OR%20'1'%3D'1"],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['an emoji', '%F0%9F%92%A5'],
  ];
}

/** Query strings for a route's query parameters (with the leading `?`). */
export function queryStrings(names: readonly string[]): NamedText[] {
  const strings: NamedText[] = [
    ['an unknown parameter holding a NUL', '?zz=%00'],
    ['a malformed percent escape', '?zz=%zz&%=1'],
    ['a bracketed key', '?zz[a]=1&zz[__proto__][polluted]=1'],
  ];
  for (const name of names) {
    strings.push(
      [`${name} is a word`, `?${name}=abc`],
      [`${name} is empty`, `?${name}=`],
      [`${name} is a huge number`, `?${name}=1e309`],
      [`${name} is negative`, `?${name}=-5`],
      [`${name} holds a NUL`, `?${name}=a%00b`],
      [`${name} is sent twice`, `?${name}=1&${name}=2`],
      [`${name} is 8,000 characters`, `?${name}=${'9'.repeat(8_000)}`],
      [`${name} is bracketed`, `?${name}[]=1`],
    );
  }
  return strings;
}

/** Authorization headers that carry no valid session. */
export const BAD_AUTHORIZATIONS: NamedText[] = [
  ['Bearer with no token', 'Bearer'],
  ['Bearer with spaces', 'Bearer    '],
  ['Basic credentials', 'Basic YWRtaW46YWRtaW4='],
  [
    'an unsigned JWT claiming admin',
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","isAdmin":true}').toString('base64url')}.`,
  ],
  ['a 6,000-character token', `Bearer ${'a'.repeat(6_000)}`],
  ['two tokens', 'Bearer a, Bearer b'],
];
