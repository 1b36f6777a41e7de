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

export interface OutboundAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The answer's body as text, cut at `maxResponseBytes`. */
  body: string;
}

/**
 * POSTs a small JSON body through a public-only agent and reads a small answer: the whole exchange within
 * `timeoutMs` (5 s), a request body over `maxRequestBytes` refused before sending, an answer body cut at
 * `maxResponseBytes`. Redirects are never followed (a 3xx is an answer like any other), so a public address
 * cannot send the request on to a private one.
 */
export function postJsonOutbound(
  agent: https.Agent,
  target: string,
  payload: unknown,
  { timeoutMs = 5000, maxRequestBytes = 16_384, maxResponseBytes = 16_384 } = {},
): Promise<OutboundAnswer> {
  const body = Buffer.from(JSON.stringify(payload));
  if (body.length > maxRequestBytes) return Promise.reject(new Error('request body too large'));
  const url = new URL(target);
  if (url.protocol !== 'https:') return Promise.reject(new OutboundRefused(url.host));
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          'user-agent': 'CheatMarket-Webhooks/1.0',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= maxResponseBytes) return;
          chunks.push(chunk.subarray(0, maxResponseBytes - size));
          size += chunk.length;
          if (size >= maxResponseBytes) res.destroy();
        });
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        res.on('end', done);
        res.on('close', done);
        res.on('error', (err) => (size >= maxResponseBytes ? done() : reject(err)));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(body);
  });
}
