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

const sourceFunction = (key: string) => {
  const [group = '', name = ''] = key.split('.');
  return definedGroups().get(group)?.[name] as (...a: unknown[]) => unknown;
};
/** The argument names a source function's ICU message may use: {0} … {n-1}. */
const arity = (key: string) => sourceFunction(key).length;
/**
 * The arguments the English text shows: the source function is called with a distinct number per argument, and an
 * argument is used when its number appears in the text (as is or formatted 'en-US', as the source formats counts).
 */
function argumentsShown(key: string): string[] {
  const fn = sourceFunction(key);
  const values = Array.from({ length: fn.length }, (_, i) => 7_654_321 + i * 1_111);
  const text = String(fn(...values));
  return values
    .map((v, i) => (text.includes(String(v)) || text.includes(v.toLocaleString('en-US')) ? String(i) : null))
    .filter((i) => i !== null);
}

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

      it('a translated text with arguments shows every argument the English text shows', () => {
        for (const [key, message] of Object.entries(catalogue)) {
          if (!functionKeys.has(key)) continue;
          expect([...shape(message).args].sort(), key).toEqual(argumentsShown(key));
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

  /** One plural text formatted in every language: 0, 1, 2, 5, 21 (and a million where CLDR has `many` for it). */
  const keysAdded: Record<Exclude<(typeof locales)[number], 'en'>, [number, string][]> = {
    ru: [
      [0, 'Добавлено 0 ключей'],
      [1, 'Добавлен 1 ключ'],
      [2, 'Добавлено 2 ключа'],
      [5, 'Добавлено 5 ключей'],
      [21, 'Добавлен 21 ключ'],
    ],
    de: [
      [0, '0 Keys hinzugefügt'],
      [1, '1 Key hinzugefügt'],
      [2, '2 Keys hinzugefügt'],
      [5, '5 Keys hinzugefügt'],
      [21, '21 Keys hinzugefügt'],
    ],
    es: [
      [0, 'Se añadieron 0 claves'],
      [1, 'Se añadió 1 clave'],
      [2, 'Se añadieron 2 claves'],
      [5, 'Se añadieron 5 claves'],
      [21, 'Se añadieron 21 claves'],
      [1_000_000, 'Se añadieron 1.000.000 de claves'],
    ],
    // CLDR's Portuguese `one` takes 0 as well; the catalogue's =0 gives the Brazilian wording.
    'pt-BR': [
      [0, 'Nenhuma key adicionada'],
      [1, '1 key adicionada'],
      [2, '2 keys adicionadas'],
      [5, '5 keys adicionadas'],
      [21, '21 keys adicionadas'],
      [1_000_000, '1.000.000 de keys adicionadas'],
    ],
    'zh-CN': [
      [0, '已添加 0 个卡密'],
      [1, '已添加 1 个卡密'],
      [2, '已添加 2 个卡密'],
      [5, '已添加 5 个卡密'],
      [21, '已添加 21 个卡密'],
    ],
  };
  for (const [locale, cases] of Object.entries(keysAdded) as [keyof typeof keysAdded, [number, string][]][]) {
    it(`${locale}: “keys added” for ${cases.map(([n]) => n).join(', ')} takes the locale's plural form`, () => {
      const message = read(locale)['stockMessages.keysAdded'] as string;
      expect(cases.map(([n]) => formatMessage(locale, message, { 0: n }))).toEqual(
        cases.map(([, text]) => text),
      );
    });
  }

  it('Accept-Language: q-values, regions and unknown languages', () => {
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(negotiateLocale('fr-FR, ru;q=0.5')).toBe('ru');
    expect(negotiateLocale('en;q=0.4, ru;q=0.9')).toBe('ru');
    expect(negotiateLocale('fr, ja')).toBe('en');
    expect(negotiateLocale('ru;q=0')).toBe('en');
    expect(negotiateLocale('pt-BR,pt;q=0.9')).toBe('pt-BR');
    expect(negotiateLocale('pt-PT')).toBe('pt-BR');
    expect(negotiateLocale('de-AT,de;q=0.9,en;q=0.5')).toBe('de');
    expect(negotiateLocale('es-MX')).toBe('es');
    expect(negotiateLocale('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(negotiateLocale('zh-TW')).toBe('zh-CN');
  });
});
