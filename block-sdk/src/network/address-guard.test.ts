import { AddressGuard, AddressRefusedError, systemResolver, type Resolver } from './address-guard';
import { AllowList } from './allow-list';

const resolver: Resolver = async (hostname) =>
  hostname === 'mixed.example'
    ? [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.7', family: 4 },
      ]
    : [{ address: hostname === 'public.example' ? '93.184.216.34' : '127.0.0.1', family: 4 }];

function lookup(guard: AddressGuard, hostname: string, port: number) {
  return new Promise<{ error: Error | null; address: unknown }>((resolve) =>
    guard.lookupFor(port)(hostname, { all: true }, (error, address) => resolve({ error, address })),
  );
}

describe('AddressGuard', () => {
  it('refuses a non-public address naming what refuses it, the host, the address and its kind', () => {
    const guard = new AddressGuard(AllowList.empty, resolver, "The Agent block's MCP client");
    expect(() => guard.check('db.example', '10.0.0.7', 5432)).toThrow(AddressRefusedError);
    expect(() => guard.check('db.example', '10.0.0.7', 5432)).toThrow(
      "db.example resolves to 10.0.0.7, which is a private address. The Agent block's MCP client only reaches public internet addresses (a server's operator can allow others with HTTP_BLOCK_ALLOW_HOSTS).",
    );
    expect(() => guard.check('127.0.0.1', '127.0.0.1', 80)).toThrow(/^127\.0\.0\.1 is a loopback address\./);
    expect(() => guard.check('public.example', '93.184.216.34', 443)).not.toThrow();
  });

  it('lets the operator allow-list through, on the port it names', () => {
    const guard = new AddressGuard(AllowList.parse('127.0.0.1:8080'), resolver, 'The block');
    expect(() => guard.check('127.0.0.1', '127.0.0.1', 8080)).not.toThrow();
    expect(() => guard.check('127.0.0.1', '127.0.0.1', 8081)).toThrow(AddressRefusedError);
  });

  it('looks up once and hands the checked addresses over, refusing a name with any non-public address', async () => {
    const guard = new AddressGuard(AllowList.empty, resolver, 'The block');
    expect(await lookup(guard, 'public.example', 443)).toEqual({
      error: null,
      address: [{ address: '93.184.216.34', family: 4 }],
    });
    const refused = await lookup(guard, 'mixed.example', 443);
    expect(refused.error).toBeInstanceOf(AddressRefusedError);
    expect(refused.error?.message).toMatch(
      /^mixed\.example resolves to 10\.0\.0\.7, which is a private address\./,
    );
  });

  it('refuses a host written as another spelling of a non-public address, as the resolver reads it', async () => {
    const guard = new AddressGuard(AllowList.empty, systemResolver, 'The block');
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.0.0.1', '127.1']) {
      const refused = await lookup(guard, host, 80);
      expect(refused.error).toBeInstanceOf(AddressRefusedError);
      expect(refused.error?.message).toContain('resolves to 127.0.0.1, which is a loopback address.');
    }
    const metadata = await lookup(guard, '0xa9fea9fe', 80);
    expect(metadata.error?.message).toContain(
      'resolves to 169.254.169.254, which is a cloud metadata address.',
    );
  });
});
