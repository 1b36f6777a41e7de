import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../contract/i18n/catalogues/de.json' with { type: 'json' };
import ru from '../../../contract/i18n/catalogues/ru.json' with { type: 'json' };
import { sourceLocale } from '../../../contract/i18n/locales.ts';
import { pageTitles } from '../../../contract/texts/shell-ui.ts';
import { setActiveLocale } from '../../lib/locale.ts';
import { navItems } from './nav-items.ts';

/*
 * The shell's words follow the language (issue 41): the bottom bar's destinations and the page titles are read
 * when the shell renders, never copied at import, so a switch shows them in the new language and English comes
 * back word for word.
 */

afterEach(() => setActiveLocale(sourceLocale));

const staff = { id: 'u1', username: 'ann', role: 'admin', avatarUrl: null } as const;
const links = {
  supportStreamUrl: 'https://stream.example.com',
  communityChatUrl: 'https://chat.example.com',
};

describe('the shell in another language', () => {
  it('names every destination of the bottom bar in the active language, and in English again after', async () => {
    const english = navItems(staff, links).map((i) => i.label);
    expect(english).toEqual([
      'Home',
      'Posts',
      'Forum',
      'Products',
      'Marketplace',
      'Stream',
      'Messages',
      'Community',
      'Support',
      'Profile',
      'Admin Area',
    ]);
    const keys = [
      'home',
      'posts',
      'forum',
      'products',
      'marketplace',
      'stream',
      'messages',
      'community',
      'support',
      'profile',
      'adminArea',
    ];
    for (const [locale, catalogue] of [
      ['ru', ru],
      ['de', de],
    ] as const) {
      await setActiveLocale(locale);
      const words = catalogue as Record<string, string>;
      expect(navItems(staff, links).map((i) => i.label)).toEqual(keys.map((k) => words[`shellUi.${k}`]));
      expect(navItems(null, undefined).at(-1)?.label).toBe(words['shellUi.login']);
    }
    await setActiveLocale(sourceLocale);
    expect(navItems(staff, links).map((i) => i.label)).toEqual(english);
  });

  it('gives every page title in the active language', async () => {
    await setActiveLocale('ru');
    expect(pageTitles.adminDashboard).toBe(ru['pageTitles.adminDashboard']);
    expect(pageTitles.notFound).toBe(ru['pageTitles.notFound']);
    await setActiveLocale(sourceLocale);
    expect(pageTitles.adminDashboard).toBe('Admin Dashboard');
  });
});
