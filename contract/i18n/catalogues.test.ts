import { readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { sourceCatalogue, sourceFunctionKeys } from './all-texts.ts';
import { definedGroups } from './define.ts';
import { formatMessage } from './format.ts';
import { locales, negotiateLocale, sourceLocale } from './locales.ts';

/** The catalogue guards (issue 41), database-free: they run in CI with every test run. */
const read = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./catalogues/${locale}.json`, import.meta.url), 'utf8'));

type Element = ReturnType<IntlMessageFormat['getAst']>[number];
/** The parser's element types (@formatjs/icu-messageformat-parser's TYPE), as intl-messageformat's AST carries them. */
const TYPE = { argument: 1, number: 2, date: 3, time: 4, select: 5, plural: 6, tag: 8 } as const;
const parse = (message: string) => new IntlMessageFormat(message, 'en').getAst();
/** Every argument a message names, with its kind, and the plural categories of each plural argument. */
function shape(message: string) {
  const args = new Map<string, string>();
  const plurals = new Map<string, Set<string>>();
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
        args.set(e.value, String(e.type));
      if (e.type === TYPE.plural || e.type === TYPE.select) {
        args.set(e.value, String(e.type));
        if (e.type === TYPE.plural) plurals.set(e.value, new Set(Object.keys(e.options)));
        for (const option of Object.values(e.options) as { value: Element[] }[]) walk(option.value);
      }
      if (e.type === TYPE.tag) walk(e.children);
    }
  };
  walk(parse(message));
  return { args: new Set(args.keys()), plurals };
}

/** The argument names a source function's ICU message may use: {0} … {n-1}. */
const arity = (key: string) => {
  const [group = '', name = ''] = key.split('.');
  const fn = definedGroups().get(group)?.[name] as (...a: unknown[]) => unknown;
  return fn.length;
};

const source = sourceCatalogue();
const functionKeys = new Set(sourceFunctionKeys());

describe('catalogues', () => {
  it('English is the contract’s own words: en.json is generated from them (node scripts/i18n-catalogue.ts)', () => {
    expect(read('en')).toEqual(source);
  });

  for (const locale of locales.filter((l) => l !== sourceLocale)) {
    describe(locale, () => {
      const catalogue = read(locale);
      const rules = new Intl.PluralRules(locale);
      const categories = new Set<string>(rules.resolvedOptions().pluralCategories);

      it('has every key of the source, and no key the source does not have', () => {
        expect(Object.keys(source).filter((k) => !(k in catalogue))).toEqual([]);
        expect(Object.keys(catalogue).filter((k) => !(k in source) && !functionKeys.has(k))).toEqual([]);
      });

      it('every message parses and formats', () => {
        for (const [key, message] of Object.entries(catalogue)) {
          expect(() => parse(message), key).not.toThrow();
          const values = Object.fromEntries([...shape(message).args].map((a) => [a, 1]));
          expect(() => formatMessage(locale, message, values), key).not.toThrow();
        }
      });

      it('a plain text takes no argument; a text with arguments uses only the source’s, by position', () => {
        for (const [key, message] of Object.entries(catalogue)) {
          const { args } = shape(message);
          if (!functionKeys.has(key)) expect([...args], key).toEqual([]);
          else for (const a of args) expect(Number(a), `${key} {${a}}`).toBeLessThan(arity(key));
        }
      });

      it(`each plural gives exactly the ${locale} plural categories (${[...categories].join(', ')})`, () => {
        for (const [key, message] of Object.entries(catalogue)) {
          for (const [arg, options] of shape(message).plurals) {
            const named = [...options].filter((o) => !o.startsWith('='));
            expect(new Set(named), `${key} {${arg}}`).toEqual(categories);
          }
        }
      });
    });
  }

  it('Russian picks one, few, many for 1, 2, 5 and 21', () => {
    const ru = read('ru');
    const keys = (n: number) => formatMessage('ru', ru['stockMessages.keysAdded'] as string, { 0: n });
    expect([1, 2, 5, 21].map(keys)).toEqual([
      'Добавлен 1 ключ',
      'Добавлено 2 ключа',
      'Добавлено 5 ключей',
      'Добавлен 21 ключ',
    ]);
  });

  it('Accept-Language: q-values, regions and unknown languages', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(negotiateLocale('fr-FR, ru;q=0.5')).toBe('ru');
    expect(negotiateLocale('en;q=0.4, ru;q=0.9')).toBe('ru');
    expect(negotiateLocale('fr, ja')).toBe('en');
    expect(negotiateLocale('ru;q=0')).toBe('en');
  });
});
