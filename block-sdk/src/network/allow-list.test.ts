import { BlockError } from '../errors';
import { AllowList } from './allow-list';
import { parseIp } from './ip-address';

function allows(list: AllowList, hostname: string, address: string, port: number): boolean {
  return list.allows(hostname, parseIp(address)!, port);
}

describe('AllowList', () => {
  it('allows names, addresses and ranges, on any port or the one given', () => {
    const list = AllowList.parse('intranet.example, 127.0.0.1:8080 10.1.0.0/16,[::1]:9000,Localhost:3000');
    expect(allows(list, 'INTRANET.example.', '10.9.9.9', 443)).toBe(true);
    expect(allows(list, '127.0.0.1', '127.0.0.1', 8080)).toBe(true);
    expect(allows(list, '127.0.0.1', '127.0.0.1', 5432)).toBe(false);
    expect(allows(list, 'db.internal', '10.1.200.3', 5432)).toBe(true);
    expect(allows(list, 'db.internal', '10.2.0.1', 5432)).toBe(false);
    expect(allows(list, '::1', '::1', 9000)).toBe(true);
    expect(allows(list, '::1', '::1', 9001)).toBe(false);
    expect(allows(list, 'localhost', '127.0.0.1', 3000)).toBe(true);
    expect(allows(list, 'localhost', '127.0.0.1', 3001)).toBe(false);
  });

  it('allows nothing when empty', () => {
    expect(allows(AllowList.parse(' '), 'localhost', '127.0.0.1', 80)).toBe(false);
    expect(allows(AllowList.empty, '127.0.0.1', '127.0.0.1', 80)).toBe(false);
  });

  it('names an entry it cannot read', () => {
    for (const bad of [
      'http://localhost',
      '10.0.0.0/99',
      'host:99999',
      '10.0.0.0/8:80',
      'bad_host!',
      // Other spellings of 127.0.0.1: a resolver reads them as the address, so they are no names.
      '0177.0.0.1',
      '2130706433',
      '0x7f.1:8080',
      '127.1',
    ]) {
      expect(() => AllowList.parse(`localhost, ${bad}`)).toThrow(BlockError);
      expect(() => AllowList.parse(bad)).toThrow(`"${bad}"`);
    }
  });
});
