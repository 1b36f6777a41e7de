import { readFileSync } from 'node:fs';

/** A corpus file's messages: one a line, `#` lines and blank lines skipped, `\u{XXXX}` read as that character. */
export function readCorpus(name: 'evasions' | 'innocent'): string[] {
  const text = readFileSync(new URL(`./${name}.txt`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) =>
      line.replace(/\\u\{([0-9a-fA-F]{1,6})\}/g, (_m, hex: string) =>
        String.fromCodePoint(parseInt(hex, 16)),
      ),
    );
}
