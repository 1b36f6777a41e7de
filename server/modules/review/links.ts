/**
 * What a post's text links to, as the review rules read it (issue 36). Pure: no database.
 *
 * A link is an address with a scheme (`https://…`) or starting `www.`; Markdown links and autolinks are
 * addresses too. Domains are read from the links and from bare names (`bit.ly/x`, `example.com`), so a
 * spam domain written without a scheme is still found.
 */

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>()[\]"']+/gi;
const DOMAIN = /(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?![\w-])/gi;

/** How many links the text has. */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}

/** The domain names the text mentions, lower-cased, each once. */
export function domainsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(DOMAIN)) found.add(m[0].toLowerCase());
  return [...found];
}

/** Whether `domain` is one of `listed` or a subdomain of one. */
export function isListedDomain(domain: string, listed: ReadonlySet<string>): boolean {
  const parts = domain.split('.');
  for (let i = 0; i < parts.length - 1; i++) if (listed.has(parts.slice(i).join('.'))) return true;
  return false;
}
