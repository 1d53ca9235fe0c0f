import { afterEach, describe, expect, it } from 'vitest';
import { classifyAddress, isAllowedAddress, assertPublicAddress } from '@/lib/scrape/address';

const ORIGINAL = process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
afterEach(() => {
  if (ORIGINAL === undefined) delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  else process.env.SCAN_ALLOW_PRIVATE_NETWORKS = ORIGINAL;
});

// [address, allowed without the flag, allowed with SCAN_ALLOW_PRIVATE_NETWORKS=true]
const TABLE: Array<[string, boolean, boolean]> = [
  ['8.8.8.8', true, true],
  ['2606:4700:4700::1111', true, true],
  ['127.0.0.1', false, true],
  ['127.255.0.9', false, true],
  ['::1', false, true],
  ['[::1]', false, true],
  ['10.0.0.1', false, true],
  ['10.255.255.254', false, true],
  ['172.16.0.1', false, true],
  ['172.31.255.255', false, true],
  ['192.168.1.20', false, true],
  ['fc00::1', false, true],
  ['fd12:3456::1', false, true],
  ['::ffff:127.0.0.1', false, true],
  ['::ffff:10.1.2.3', false, true],
  ['::7f00:1', false, true], // IPv4-compatible form of 127.0.0.1
  ['64:ff9b::a00:1', false, true], // NAT64 of 10.0.0.1
  ['172.32.0.1', true, true], // just outside 172.16/12
  ['0.0.0.0', false, false],
  ['::', false, false],
  ['169.254.169.254', false, false],
  ['169.254.0.1', false, false],
  ['fe80::1', false, false],
  ['fe80::1%eth0', false, false],
  ['::ffff:169.254.169.254', false, false],
  ['100.64.0.1', false, false],
  ['100.127.255.254', false, false],
  ['224.0.0.1', false, false],
  ['ff02::1', false, false],
  ['255.255.255.255', false, false],
  ['240.0.0.1', false, false],
  ['192.0.2.10', false, false], // documentation (reserved)
  ['2001:db8::1', false, false],
  ['2002:a9fe:a9fe::1', false, false], // 6to4 wrapping 169.254.169.254
  ['2002:7f00:1::1', false, true], // 6to4 wrapping 127.0.0.1
  ['fd00:ec2::254', false, false], // AWS IPv6 instance metadata, inside unique-local space
  ['fd00:ec2:0:0:0:0:0:254', false, false],
  ['fd20:ce::254', false, false], // Google Cloud IPv6 metadata
  ['fd00:ec2::253', false, true], // its neighbour is ordinary unique-local space
  ['192.0.0.192', false, false], // Oracle Cloud metadata
  ['not-an-ip', false, false],
];

describe('address rule (DECISIONS §6)', () => {
  it.each(TABLE)('%s → without flag %s, with flag %s', (ip, without, withFlag) => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    expect(isAllowedAddress(ip)).toBe(without);
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    expect(isAllowedAddress(ip)).toBe(withFlag);
  });

  it('reports the range it refused', () => {
    expect(classifyAddress('169.254.169.254', true)).toMatchObject({ allowed: false, range: 'linkLocal' });
    expect(classifyAddress('::ffff:127.0.0.1', false)).toMatchObject({ allowed: false, range: 'loopback', address: '127.0.0.1' });
    expect(classifyAddress('100.64.1.1', true)).toMatchObject({ allowed: false, range: 'carrierGradeNat' });
    expect(classifyAddress('[fd00:ec2::254]', true)).toMatchObject({ allowed: false, range: 'cloudMetadata' });
  });

  it('assertPublicAddress refuses a name when ANY resolved address is refused', async () => {
    delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    await expect(assertPublicAddress('mixed.test', mixed)).rejects.toMatchObject({ code: 'MENU_NOT_ACCESSIBLE', reason: 'address-refused' });
    const pub = async () => [{ address: '93.184.216.34', family: 4 }];
    await expect(assertPublicAddress('public.test', pub)).resolves.toEqual(['93.184.216.34']);
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(assertPublicAddress('nx.test', failing)).rejects.toMatchObject({ code: 'MENU_NOT_ACCESSIBLE', reason: 'dns-failed' });
  });
});
