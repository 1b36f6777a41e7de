import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import { type DeviceKind, deviceKinds } from '../../../contract/texts/device-ui.ts';

export interface DeviceInfo {
  kind: DeviceKind;
  /** Vendor and model when the user agent names them. */
  model: string | null;
  /** Name and major version; null when the user agent names none. */
  browser: string | null;
  os: string | null;
}

/** What the known-device pairs store for a part the request did not tell (kept: stored rows use it). */
export const UNKNOWN_NETWORK = 'Unknown';
const UNKNOWN = UNKNOWN_NETWORK;

/** What a user agent says about the device, parsed with bowser (MIT, no dependencies); words are the reader's. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent || userAgent === UNKNOWN) return { kind: 'unknown', model: null, browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  const model = [parsed.platform.vendor, parsed.platform.model].filter(Boolean).join(' ');
  const version = (v?: string) => (v ? ` ${v.split('.')[0]}` : '');
  return {
    kind: (deviceKinds as readonly string[]).includes(type ?? '') ? (type as DeviceKind) : 'unknown',
    model: model || null,
    browser: parsed.browser.name ? `${parsed.browser.name}${version(parsed.browser.version)}` : null,
    os: parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
      : null,
  };
}

/** {@link describeUserAgent} as the API sends it (contract/sessions.ts `deviceFields`). */
export function deviceFields(userAgent: string | null | undefined) {
  const { kind, model, browser, os } = describeUserAgent(userAgent);
  return { deviceKind: kind, deviceModel: model, browser, os };
}

/** The device part of a known-device pair: browser and OS families, no versions (an update is not new). */
export function deviceKey(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN;
  const parsed = Bowser.parse(userAgent);
  return `${parsed.browser.name || UNKNOWN} on ${parsed.os.name || UNKNOWN}`;
}

function expandIPv6(ip: string): string[] {
  const [head, tail] = ip.includes('::') ? ip.split('::') : [ip, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(missing).fill('0'), ...right].map((h) => h.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** The approximate network of an address: its IPv4 /24 or IPv6 /48, as shown in alerts and remembered. */
export function networkOf(ip: string | null | undefined): string {
  if (!ip) return UNKNOWN;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip) && !ip.includes('.')) return `${expandIPv6(ip).slice(0, 3).join(':')}::/48`;
  return UNKNOWN;
}
