import { formatIp, inRange, isLooseIpv4, parseIp, parseRange } from './ip-address';
import { nonPublicKind } from './non-public-address';

function kind(address: string): string | null {
  const bytes = parseIp(address);
  if (!bytes) throw new Error(`not an address: ${address}`);
  return nonPublicKind(bytes);
}

describe('parseIp and formatIp', () => {
  it('reads IPv4 and IPv6, with brackets, zones and embedded IPv4', () => {
    expect([...parseIp('192.168.1.20')!]).toEqual([192, 168, 1, 20]);
    expect(formatIp(parseIp('[::1]')!)).toBe('::1');
    expect(formatIp(parseIp('fe80::1%eth0')!)).toBe('fe80::1');
    expect(formatIp(parseIp('::ffff:127.0.0.1')!)).toBe('::ffff:7f00:1');
    expect(formatIp(parseIp('2001:db8:0:0:1:0:0:1')!)).toBe('2001:db8::1:0:0:1');
    expect(formatIp(parseIp('1:2:3:4:5:6:7:8')!)).toBe('1:2:3:4:5:6:7:8');
    expect(formatIp(parseIp('::')!)).toBe('::');
  });

  it('refuses what is not an address', () => {
    for (const text of ['localhost', '256.1.1.1', '1.2.3', '::g', '']) expect(parseIp(text)).toBeNull();
  });

  it('reads IPv4 only in dotted decimal, inside IPv6 too', () => {
    for (const loose of [
      '2130706433',
      '0177.0.0.1',
      '0x7f.0.0.1',
      '0x7f000001',
      '127.1',
      '01.2.3.4',
      '1.2.3',
    ]) {
      expect(parseIp(loose)).toBeNull();
      expect(isLooseIpv4(loose)).toBe(true);
    }
    expect(isLooseIpv4('127.0.0.1')).toBe(false);
    expect(isLooseIpv4('example.com')).toBe(false);
    expect(parseIp('::ffff:0177.0.0.1')).toBeNull();
    expect(parseIp('::ffff:127.1')).toBeNull();
    expect(parseIp('1::2::3')).toBeNull();
    expect(parseIp('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(formatIp(parseIp('::FFFF:127.0.0.1')!)).toBe('::ffff:7f00:1');
    // The deprecated IPv4-compatible form is not the IPv4-mapped one.
    expect(formatIp(parseIp('::1.2.3.4')!)).toBe('::102:304');
    expect(formatIp(parseIp('0:0:0:0:0:ffff:7f00:1')!)).toBe('::ffff:7f00:1');
    expect(formatIp(parseIp('[fe80::1%25eth0]')!)).toBe('fe80::1');
    expect(() => formatIp(new Uint8Array(5))).toThrow(RangeError);
  });

  it('matches ranges', () => {
    expect(inRange(parseIp('10.20.30.40')!, parseRange('10.0.0.0/8')!)).toBe(true);
    expect(inRange(parseIp('11.0.0.1')!, parseRange('10.0.0.0/8')!)).toBe(false);
    expect(inRange(parseIp('172.31.255.255')!, parseRange('172.16.0.0/12')!)).toBe(true);
    expect(inRange(parseIp('172.32.0.0')!, parseRange('172.16.0.0/12')!)).toBe(false);
    expect(inRange(parseIp('::1')!, parseRange('10.0.0.0/8')!)).toBe(false);
    expect(parseRange('10.0.0.0/33')).toBeNull();
    expect(parseRange('0177.0.0.0/8')).toBeNull();
    expect(parseRange('10.0.0.0/8a')).toBeNull();
    expect(inRange(parseIp('203.0.113.9')!, parseRange('0.0.0.0/0')!)).toBe(true);
    expect(inRange(parseIp('10.0.0.2')!, parseRange('10.0.0.1')!)).toBe(false);
    expect(inRange(parseIp('fdff:ffff::1')!, parseRange('fc00::/7')!)).toBe(true);
    expect(inRange(parseIp('fe00::1')!, parseRange('fc00::/7')!)).toBe(false);
  });
});

describe('nonPublicKind', () => {
  it('names loopback, private, link-local, metadata and other reserved IPv4 addresses', () => {
    expect(kind('127.0.0.1')).toBe('loopback');
    expect(kind('127.255.0.9')).toBe('loopback');
    expect(kind('10.1.2.3')).toBe('private');
    expect(kind('172.16.0.1')).toBe('private');
    expect(kind('192.168.0.1')).toBe('private');
    expect(kind('169.254.169.254')).toBe('cloud metadata');
    expect(kind('169.254.1.1')).toBe('link-local');
    expect(kind('100.100.100.200')).toBe('shared (carrier-grade NAT)');
    expect(kind('0.0.0.0')).toBe('"this network"');
    expect(kind('192.0.0.192')).toBe('reserved (IETF protocol)');
    expect(kind('224.0.0.1')).toBe('multicast');
    expect(kind('255.255.255.255')).toBe('reserved');
  });

  it('names IPv6 loopback, unique local, link-local and metadata, and judges embedded IPv4 by it', () => {
    expect(kind('::1')).toBe('loopback');
    expect(kind('::')).toBe('unspecified');
    expect(kind('fd12:3456::1')).toBe('private (unique local)');
    expect(kind('fd00:ec2::254')).toBe('cloud metadata');
    expect(kind('fe80::1')).toBe('link-local');
    expect(kind('::ffff:127.0.0.1')).toBe('loopback');
    expect(kind('::ffff:a9fe:a9fe')).toBe('cloud metadata');
    expect(kind('64:ff9b::10.0.0.1')).toBe('private');
    expect(kind('2002:c0a8:0101::1')).toBe('private');
    expect(kind('2001:db8::1')).toBe('documentation');
    expect(kind('2001:0:4136:e378::1')).toBe('reserved (IETF protocol)');
    expect(kind('::127.0.0.1')).toBe('reserved');
  });

  it('judges IPv4-mapped IPv6 in every spelling by its IPv4 address', () => {
    for (const loopback of [
      '::ffff:127.0.0.1',
      '[::ffff:127.0.0.1]',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
    ]) {
      expect(kind(loopback)).toBe('loopback');
    }
    expect(kind('::ffff:169.254.169.254')).toBe('cloud metadata');
    expect(kind('::ffff:10.0.0.1')).toBe('private');
    expect(kind('::ffff:192.168.1.1')).toBe('private');
    expect(kind('::ffff:0.0.0.0')).toBe('"this network"');
  });

  it('refuses all of fc00::/7 and 169.254.0.0/16, and nothing beside them', () => {
    for (const address of [
      'fc00::',
      'fc00::1',
      'fcff:ffff::1',
      'fd00::1',
      'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    ]) {
      expect(kind(address)).toBe('private (unique local)');
    }
    expect(kind('fbff:ffff::1')).toBe('reserved');
    expect(kind('fe00::1')).toBe('reserved');
    for (const address of ['169.254.0.0', '169.254.0.1', '169.254.255.255', '169.254.169.253']) {
      expect(kind(address)).toBe('link-local');
    }
    expect(kind('169.253.255.255')).toBeNull();
    expect(kind('169.255.0.0')).toBeNull();
    expect(kind('fe80::a9fe:a9fe')).toBe('link-local');
    expect(kind('febf:ffff::1')).toBe('link-local');
  });

  it('accepts public addresses', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '2002:0808:0808::1',
    ]) {
      expect(kind(address)).toBeNull();
    }
  });
});
