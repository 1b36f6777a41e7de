import { IntlMessageFormat } from 'intl-messageformat';

/*
 * The pseudo locale (issue 41, docs/translating.md): English from en.json, every letter accented and every
 * vowel doubled (about 35 % longer, as German and Russian run), each message wrapped in ⟦ ⟧. A screen in it
 * shows at once a text that did not come from the catalogue (plain Latin letters outside the markers) and a
 * layout that does not survive longer words. Only a build made with PSEUDO_LOCALE=1 offers it.
 */

export const pseudoLocale = 'en-XA';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const VOWELS = new Set('aeiouyAEIOUY');

/** One run of literal text, accented and lengthened: every vowel doubled (English letters are ~38 % vowels). */
export function pseudoText(text: string): string {
  let out = '';
  for (const ch of text) {
    const accented = ACCENTED[ch] ?? ch;
    out += VOWELS.has(ch) ? accented + accented : accented;
  }
  return out;
}

/** The parser's element types (@formatjs/icu-messageformat-parser's TYPE), as intl-messageformat's AST has them. */
const TYPE = {
  literal: 0,
  argument: 1,
  number: 2,
  date: 3,
  time: 4,
  select: 5,
  plural: 6,
  pound: 7,
  tag: 8,
} as const;
type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** A literal's text written back as ICU: the syntax characters quoted ('{' '}' and, inside a plural, '#'). */
function quote(text: string, inPlural: boolean): string {
  const special = inPlural ? /[{}#]/ : /[{}]/;
  let out = '';
  for (const ch of text) {
    if (ch === "'") out += "''";
    else if (special.test(ch)) out += `'${ch}'`;
    else out += ch;
  }
  return out;
}

function style(e: { style?: unknown }): string {
  if (!e.style) return '';
  if (typeof e.style === 'string') return `, ${e.style}`;
  const parsed = e.style as {
    pattern?: string;
    stem?: string;
    tokens?: { stem: string; options: string[] }[];
  };
  if (parsed.pattern !== undefined) return `, ${parsed.pattern}`;
  if (parsed.tokens) return `, ::${parsed.tokens.map((t) => [t.stem, ...t.options].join('/')).join(' ')}`;
  return '';
}

/** Prints the AST back as an ICU message, its literals passed through `literal`. */
function print(elements: Element[], literal: (text: string) => string, inPlural = false): string {
  return elements
    .map((e) => {
      switch (e.type) {
        case TYPE.literal:
          return quote(literal(e.value), inPlural);
        case TYPE.argument:
          return `{${e.value}}`;
        case TYPE.number:
          return `{${e.value}, number${style(e)}}`;
        case TYPE.date:
          return `{${e.value}, date${style(e)}}`;
        case TYPE.time:
          return `{${e.value}, time${style(e)}}`;
        case TYPE.pound:
          return '#';
        case TYPE.tag:
          return `<${e.value}>${print(e.children, literal, inPlural)}</${e.value}>`;
        case TYPE.select:
        case TYPE.plural: {
          const kind =
            e.type === TYPE.select ? 'select' : e.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
          const offset = e.type === TYPE.plural && e.offset ? ` offset:${e.offset}` : '';
          const options = Object.entries(e.options as Record<string, { value: Element[] }>)
            .map(([key, option]) => `${key} {${print(option.value, literal, e.type === TYPE.plural)}}`)
            .join(' ');
          return `{${e.value}, ${kind},${offset} ${options}}`;
        }
        default:
          return '';
      }
    })
    .join('');
}

/**
 * The pseudo form of one ICU message: its literal text accented and lengthened, its arguments, plural and select
 * structure and formats untouched, the whole wrapped in ⟦ ⟧.
 */
export function pseudoMessage(message: string): string {
  const ast = new IntlMessageFormat(message, 'en').getAst();
  return `${quote(PSEUDO_OPEN, false)}${print(ast, pseudoText)}${quote(PSEUDO_CLOSE, false)}`;
}

/** A plain English text as an ICU message that formats to exactly that text. */
export function plainMessage(text: string): string {
  return quote(text, false);
}
