import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';

export interface DeviceInfo {
  /** Desktop, Mobile, Tablet, … with the vendor and model when the user agent names them. */
  device: string;
  browser: string;
  os: string;
}

const UNKNOWN = 'Unknown';

/** What a user agent says about the device, parsed with bowser (MIT, no dependencies). */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent || userAgent === UNKNOWN) return { device: UNKNOWN, browser: UNKNOWN, os: UNKNOWN };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  const kind = type ? type.charAt(0).toUpperCase() + type.slice(1) : UNKNOWN;
  const model = [parsed.platform.vendor, parsed.platform.model].filter(Boolean).join(' ');
  const version = (v?: string) => (v ? ` ${v.split('.')[0]}` : '');
  return {
    device: model ? `${kind} (${model})` : kind,
    browser: parsed.browser.name ? `${parsed.browser.name}${version(parsed.browser.version)}` : UNKNOWN,
    os: parsed.os.name
      ? `${parsed.os.name}${parsed.os.versionName ? ` ${parsed.os.versionName}` : ''}`
      : UNKNOWN,
  };
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
