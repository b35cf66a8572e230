import { describe, expect, it } from 'vitest';
import { deliveryTarget, isPrivateAddress } from '../../server/features/webhooks/url-policy.ts';

/** Issue 33 A4: the addresses a webhook may not reach, however an address is written. */
describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, unique-local, CGNAT, multicast, unspecified and reserved addresses, IPv4 carried in IPv6 included', () => {
    const refused = [
      '127.0.0.1', '127.255.255.254', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.20', '169.254.169.254', '100.64.0.1', '100.127.255.255',
      '0.0.0.0', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.2.1', '198.18.0.1', '198.51.100.7', '203.0.113.9',
      '::', '::1', '0:0:0:0:0:0:0:1', 'fe80::1', 'fe80::1%eth0', 'fd00::1', 'fc00::1', 'ff02::1', 'fec0::1', '2001:db8::1', '100::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '::FFFF:A00:1', '::127.0.0.1', '64:ff9b::10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:c0a8:101::1', '2001::1',
      'not an address', '',
    ];
    expect(refused.filter((address) => !isPrivateAddress(address))).toEqual([]);
    const allowed = ['8.8.8.8', '13.232.1.1', '100.128.0.1', '172.32.0.1', '2404:6800:4009::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'];
    expect(allowed.filter(isPrivateAddress)).toEqual([]);
  });

  it('checks every address a name resolves to, and a literal without resolving it', async () => {
    const resolved = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    await expect(deliveryTarget(new URL('https://hooks.example.com/x'), false, resolved('13.232.1.1', '2404:6800:4009::200e'))).resolves.toEqual({ address: '13.232.1.1', family: 4 });
    await expect(deliveryTarget(new URL('https://hooks.example.com/x'), false, resolved('13.232.1.1', '::ffff:10.0.0.1'))).rejects.toThrow('hooks.example.com (::ffff:10.0.0.1)');
    await expect(deliveryTarget(new URL('https://hooks.example.com/x'), true, resolved('10.0.0.1'))).resolves.toEqual({ address: '10.0.0.1', family: 4 });
    const never = async () => {
      throw new Error('a literal is not resolved');
    };
    await expect(deliveryTarget(new URL('http://2130706433/x'), false, never)).rejects.toThrow('127.0.0.1');
    await expect(deliveryTarget(new URL('http://[::ffff:127.0.0.1]/x'), false, never)).rejects.toThrow('::ffff:7f00:1');
    await expect(deliveryTarget(new URL('http://sub.localhost/x'), false, never)).rejects.toThrow('sub.localhost');
    await expect(deliveryTarget(new URL('https://[2404:6800:4009::200e]/x'), false, never)).resolves.toEqual({ address: '2404:6800:4009::200e', family: 6 });
  });
});
