import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { messages } from '../../../shared/messages.ts';
import { badRequest } from '../../http/errors.ts';

const text = messages.developers;

/** Loopback, private, link-local, carrier-grade NAT and unspecified ranges (IPv4 and IPv6). */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface UrlPolicy {
  production: boolean;
  allowPrivate: boolean;
}

/**
 * An endpoint's URL as registered: https in production; a host that is a loopback or private
 * address (or localhost) only where private addresses are allowed. Names are checked again at
 * every delivery, on the addresses they resolve to then (privateSafeLookup).
 */
export function checkWebhookUrl(value: string, policy: UrlPolicy): void {
  const url = new URL(value);
  if (policy.production && url.protocol !== 'https:') throw badRequest(text.webhookUrlNotHttps, 'WEBHOOK_URL_NOT_HTTPS');
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isPrivateAddress(host))) throw badRequest(text.webhookUrlPrivate, 'WEBHOOK_URL_PRIVATE');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * http.request's lookup: resolves the name and refuses a private address unless allowed, so a
 * public name that later resolves to 10.0.0.5 (DNS rebinding) cannot reach the internal network.
 */
export function privateSafeLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const refused = !allowPrivate && list.some((entry) => isPrivateAddress(entry.address));
      if (refused || list.length === 0) {
        const failure = Object.assign(new Error(text.webhookUrlPrivate), { code: 'EPRIVATEADDRESS' }) as NodeJS.ErrnoException;
        return callback(failure, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
