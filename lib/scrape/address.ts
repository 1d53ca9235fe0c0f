import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { config } from '@/lib/config';
import { ScrapeError } from '@/lib/scrape/errors';

/**
 * The SSRF address rule (DECISIONS §6). Only globally routable unicast addresses may be
 * contacted. SCAN_ALLOW_PRIVATE_NETWORKS=true lifts the rule for loopback and RFC 1918 /
 * unique-local ranges only; link-local (incl. the cloud metadata address), CGNAT, multicast,
 * unspecified, broadcast and reserved ranges stay refused whatever the flag says.
 */
export type AddressVerdict = { allowed: boolean; range: string; address: string };

const PRIVATE_WHEN_ALLOWED = new Set(['loopback', 'private', 'uniqueLocal']);

/**
 * Cloud instance-metadata addresses inside ranges the flag can open (AWS's IPv6 IMDS and Google's
 * IPv6 metadata server sit in unique-local space): refused whatever the flag says, like the
 * link-local 169.254.169.254. Compared in normalised form.
 */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254', 'fd20:ce::254', '192.0.0.192'].map((a) => ipaddr.parse(a).toString()));

export const allowPrivateNetworks = (): boolean => config().scrape.allowPrivateNetworks;

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = v6.range();
  if (range === 'ipv4Mapped') return v6.toIPv4Address();
  const b = v6.toByteArray();
  const v4At = (i: number) => new ipaddr.IPv4([b[i], b[i + 1], b[i + 2], b[i + 3]]);
  // IPv4-compatible ::a.b.c.d (deprecated but still parsed by some stacks), excluding :: and ::1.
  if (b.slice(0, 12).every((x) => x === 0) && range !== 'unspecified' && range !== 'loopback') return v4At(12);
  // NAT64 (64:ff9b::/96) and SIIT (::ffff:0:0:0/96) carry the IPv4 target in the low 32 bits.
  if (range === 'rfc6052' || range === 'rfc6145') return v4At(12);
  // 6to4 2002:AABB:CCDD::/48 tunnels to AA.BB.CC.DD.
  if (range === '6to4') return v4At(2);
  return null;
}

/** Classifies one IP address (v4 or v6, brackets allowed) under the current flag. */
export function classifyAddress(ip: string, allowPrivate = allowPrivateNetworks()): AddressVerdict {
  const raw = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // Zone ids (fe80::1%eth0) are link-local by construction.
  const bare = raw.includes('%') ? raw.slice(0, raw.indexOf('%')) : raw;
  if (!ipaddr.isValid(bare)) return { allowed: false, range: 'invalid', address: raw };
  let addr: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (addr.kind() === 'ipv6') {
    const v4 = embeddedIPv4(addr as ipaddr.IPv6);
    if (v4) addr = v4;
  }
  if (METADATA_ADDRESSES.has(addr.toString())) return { allowed: false, range: 'cloudMetadata', address: addr.toString() };
  const range = raw.includes('%') ? 'linkLocal' : addr.range();
  const allowed = range === 'unicast' || (allowPrivate && PRIVATE_WHEN_ALLOWED.has(range));
  return { allowed, range, address: addr.toString() };
}

export function isAllowedAddress(ip: string): boolean {
  return classifyAddress(ip).allowed;
}

export function refusedAddressError(host: string, verdict: AddressVerdict): ScrapeError {
  return new ScrapeError(
    'MENU_NOT_ACCESSIBLE',
    'address-refused',
    `Menu not accessible: ${host} resolves to a ${verdict.range} address (${verdict.address}), which scans may not contact`,
  );
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A URL host as an IP literal, or null when it is a name (WHATWG URL already normalised 0x7f.1 etc.). */
export function ipLiteral(hostname: string): string | null {
  const h = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(h) ? h : null;
}

/**
 * Resolves a host and refuses it unless EVERY address it resolves to is allowed (an attacker
 * controlling DNS could otherwise mix a public and a private answer). Returns the addresses.
 */
export async function assertPublicAddress(hostname: string, resolver: Resolver = systemResolver): Promise<string[]> {
  const literal = ipLiteral(hostname);
  if (literal) {
    const v = classifyAddress(literal);
    if (!v.allowed) throw refusedAddressError(hostname, v);
    return [literal];
  }
  let addrs: Array<{ address: string }>;
  try {
    addrs = await resolver(hostname);
  } catch (e) {
    throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'dns-failed', `Menu not accessible: ${hostname} could not be resolved`, { cause: e });
  }
  if (addrs.length === 0) throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'dns-failed', `Menu not accessible: ${hostname} has no addresses`);
  for (const a of addrs) {
    const v = classifyAddress(a.address);
    if (!v.allowed) throw refusedAddressError(hostname, v);
  }
  return addrs.map((a) => a.address);
}
