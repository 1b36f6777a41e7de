import { accountUi as ui } from '../../../contract/texts/account-ui.ts';

/** A short "Browser on OS" for the login history; good enough for people, not for analytics. */
export function describeUserAgent(ua: string): string {
  if (!ua || ua === 'Unknown') return ui.unknownBrowser;
  const browser =
    match(ua, /Edg(?:e|A|iOS)?\/([\d]+)/, 'Edge') ??
    match(ua, /OPR\/([\d]+)/, 'Opera') ??
    match(ua, /SamsungBrowser\/([\d]+)/, 'Samsung Internet') ??
    match(ua, /Firefox\/([\d]+)/, 'Firefox') ??
    match(ua, /FxiOS\/([\d]+)/, 'Firefox') ??
    match(ua, /CriOS\/([\d]+)/, 'Chrome') ??
    match(ua, /(?:Headless)?Chrom(?:e|ium)\/([\d]+)/, 'Chrome') ??
    (/Safari\//.test(ua) ? (match(ua, /Version\/([\d]+)/, 'Safari') ?? 'Safari') : null) ??
    (/curl\//i.test(ua) ? 'curl' : null) ??
    ua.split(/[\s/]/)[0] ??
    ui.unknownBrowser;
  const os = /Windows NT/.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Mac OS X|Macintosh/.test(ua)
        ? 'macOS'
        : /Android/.test(ua)
          ? 'Android'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return os ? ui.browserOnOs(browser, os) : browser;
}

function match(ua: string, pattern: RegExp, name: string): string | null {
  const found = pattern.exec(ua);
  return found ? `${name} ${found[1]}` : null;
}
