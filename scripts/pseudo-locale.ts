/**
 * Writes the pseudo locale's catalogue (docs/translating.md, "The pseudo-locale walk"): every text of en.json,
 * and every text with arguments, as an accented, lengthened ICU message in ⟦ ⟧ (contract/i18n/pseudo.ts).
 * vite.config.ts runs it when the build is asked for the pseudo locale (`PSEUDO_LOCALE=1`); by hand:
 * `node scripts/pseudo-locale.ts [file]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceCatalogue, sourceFunctionKeys } from '../contract/i18n/all-texts.ts';
import { definedGroups } from '../contract/i18n/define.ts';
import { plainMessage, pseudoLocale, pseudoMessage } from '../contract/i18n/pseudo.ts';

/** Where the pseudo build's catalogue goes (under dist/, never committed); web/lib/catalogue-loader.ts globs it. */
export const pseudoCatalogueFile = fileURLToPath(
  new URL(`../dist/pseudo-catalogue/${pseudoLocale}.json`, import.meta.url),
);

const MARK = (i: number) => `\uE000${i}\uE001`;

/**
 * The English ICU message of a text with arguments, found by calling it: first with a marker string per
 * argument (a name, a title), else with a distinct number per argument (a count, shown formatted 'en-US'),
 * whichever shows every argument; each argument's place becomes `{i}` (`{i, number}` for a count). The words
 * are the English text's for those values (a count's "other" form). Null when neither call shows them all.
 */
export function functionMessage(fn: (...args: unknown[]) => unknown): string | null {
  const n = fn.length;
  try {
    const text = String(fn(...Array.from({ length: n }, (_, i) => MARK(i))));
    if (Array.from({ length: n }, (_, i) => text.includes(MARK(i))).every(Boolean)) {
      const parts = text.split(/\uE000(\d+)\uE001/);
      return parts.map((part, i) => (i % 2 ? `{${part}}` : plainMessage(part))).join('');
    }
  } catch {
    // A text that works on its argument as a number: try numbers.
  }
  try {
    const values = Array.from({ length: n }, (_, i) => 7_654_321 + i * 1_111);
    let text = String(fn(...values));
    const found = values.map((v) => [v.toLocaleString('en-US'), String(v)].find((s) => text.includes(s)));
    if (found.some((s) => s === undefined)) return null;
    const parts: string[] = [];
    // Replace each shown value with its own marker, then split as above.
    found.forEach((shown, i) => {
      text = text.split(shown as string).join(MARK(i));
    });
    for (const [i, part] of text.split(/\uE000(\d+)\uE001/).entries())
      parts.push(i % 2 ? `{${part}, number}` : plainMessage(part));
    return parts.join('');
  } catch {
    return null;
  }
}

/** The pseudo catalogue: `group.key` → pseudo ICU message, for every plain text and every text with arguments it can. */
export function pseudoCatalogue(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(sourceCatalogue())) out[key] = pseudoMessage(plainMessage(text));
  for (const key of sourceFunctionKeys()) {
    const [group = '', name = ''] = key.split('.');
    const fn = definedGroups().get(group)?.[name] as (...args: unknown[]) => unknown;
    const message = functionMessage(fn);
    if (message !== null) out[key] = pseudoMessage(message);
  }
  return out;
}

export function writePseudoCatalogue(file = pseudoCatalogueFile): number {
  const catalogue = pseudoCatalogue();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
  return Object.keys(catalogue).length;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2] ? path.resolve(process.argv[2]) : pseudoCatalogueFile;
  console.log(`wrote ${writePseudoCatalogue(file)} pseudo texts to ${file}`);
}
