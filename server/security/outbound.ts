import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Requests to addresses members give us (push services now, webhooks next) go to the public internet only:
 * never to loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast or reserved space.
 * The check runs in the socket's own DNS lookup, so the address connected to is the address checked (a
 * name that resolves to a public address for a check and a private one for the connection cannot slip by).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

export class OutboundRefused extends Error {
  constructor(host: string) {
    super(`refused to connect to ${host}: not a public address`);
    this.name = 'OutboundRefused';
  }
}

/** A dns.lookup that answers only public addresses (every one of them, when `all` is asked). */
export function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const allowed = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0 || allowed.length !== addresses.length)
        return callback(Object.assign(new OutboundRefused(hostname), { code: 'EREFUSED' }), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** An https agent whose connections reach public addresses only (or any, where `allowPrivate` permits). */
export function publicHttpsAgent(allowPrivate: boolean): https.Agent {
  return new https.Agent({ keepAlive: true, lookup: publicOnlyLookup(allowPrivate), timeout: 5000 });
}

/**
 * Whether a URL may be given to the agent at all: https, no credentials, and a literal IP host only when
 * public. A name is checked again, at connection time, by the agent's lookup.
 */
export function isAllowedOutboundUrl(text: string, allowPrivate: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return true;
  if (ipaddr.isValid(host)) return isPublicAddress(host);
  return (
    host.includes('.') && !/\.(localhost|local|internal|home\.arpa)$/i.test(host) && host !== 'localhost'
  );
}
