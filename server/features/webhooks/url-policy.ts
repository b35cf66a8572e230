import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import { fill } from '../../../shared/fill.ts';
import { messages } from '../../../shared/messages.ts';
import { badRequest } from '../../http/errors.ts';

const text = messages.developers;

/**
 * Addresses a webhook may not reach unless private addresses are allowed: loopback, private,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unspecified, multicast,
 * broadcast, reserved and documentation ranges (RFC 6890), for IPv4 and IPv6.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // ::/128 unspecified, ::1 loopback and the deprecated IPv4-compatible ::a.b.c.d.
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail and a zone allowed). */
function ipv6Groups(address: string): number[] {
  let value = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(value);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    value = `${value.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = value.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries and is delivered to: IPv4-mapped (::ffff:127.0.0.1, which
 * URLs write ::ffff:7f00:1), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). Null for any other.
 */
function embeddedIpv4(groups: number[]): string | null {
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** True for an address a webhook may not reach (and for anything that is not an address). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const groups = ipv6Groups(address);
  const carried = embeddedIpv4(groups);
  if (carried !== null) return BLOCKED.check(carried, 'ipv4');
  return BLOCKED.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}

/** The URL's host as an address or a name: brackets off an IPv6 literal. The URL parser has already turned 2130706433 into 127.0.0.1. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

export interface UrlPolicy {
  production: boolean;
  allowPrivate: boolean;
}

/**
 * An endpoint's URL as registered: https in production; a host that is a loopback or private
 * address (or localhost) only where private addresses are allowed. Every delivery checks again
 * (deliveryTarget): the policy may have changed since, and a name's addresses may too.
 */
export function checkWebhookUrl(value: string, policy: UrlPolicy): void {
  const url = new URL(value);
  if (policy.production && url.protocol !== 'https:') throw badRequest(text.webhookUrlNotHttps, 'WEBHOOK_URL_NOT_HTTPS');
  if (policy.allowPrivate) return;
  const host = hostOf(url);
  if (isLocalName(host) || (isIP(host) !== 0 && isPrivateAddress(host))) throw badRequest(text.webhookUrlPrivate, 'WEBHOOK_URL_PRIVATE');
}

/** A delivery not sent because its address is private: final, never retried. */
export class AddressRefusedError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

export interface DeliveryTarget {
  address: string;
  family: 4 | 6;
}

/** Every address of a name (dns.lookup with all: true). Tests pass their own. */
export type ResolveAll = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: ResolveAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Where one delivery goes, decided when it is sent: the URL's address if it is one (Node connects
 * to a literal without any lookup, so this is the only check it gets), else the name's addresses,
 * every one of them public unless private ones are allowed. The caller connects to the address
 * returned and resolves nothing again, so a name that answers a public address here and
 * 10.0.0.5 a moment later (DNS rebinding) cannot reach the internal network.
 */
export async function deliveryTarget(url: URL, allowPrivate: boolean, resolve: ResolveAll = systemResolve): Promise<DeliveryTarget> {
  const host = hostOf(url);
  const refuse = (shown: string) => new AddressRefusedError(fill(text.deliveryRefusedPrivate, { host: shown }));
  const literal = isIP(host);
  if (literal !== 0) {
    if (!allowPrivate && isPrivateAddress(host)) throw refuse(host);
    return { address: host, family: literal === 6 ? 6 : 4 };
  }
  if (!allowPrivate && isLocalName(host)) throw refuse(host);
  const addresses = await resolve(host);
  const first = addresses[0];
  if (!first) throw new Error(`${host} has no address`);
  const refused = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
  if (refused) throw refuse(`${host} (${refused.address})`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/** http.request's lookup, answering the checked address whatever it is asked: the connection goes where the check looked. */
export function pinnedLookup(target: DeliveryTarget) {
  return (_hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
