import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../../contract/i18n/catalogues/ru.json' with { type: 'json' };
import { localeNames, locales, sourceLocale } from '../../../contract/i18n/locales.ts';
import { languageMessages } from '../../../contract/shell-messages.ts';
import { api } from '../../lib/api.ts';
import { formatDateShort, formatNumber } from '../../lib/format.ts';
import {
  activeLocale,
  browserLocale,
  chooseLocale,
  LOCALE_STORAGE_KEY,
  setActiveLocale,
  storedLocale,
} from '../../lib/locale.ts';
import { sessionKey } from '../../lib/session.ts';
import { json, renderApp, serveApi } from '../../test/render.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { useLocaleKey } from './use-locale-key.ts';

/*
 * The browser's language (issue 41): which one is chosen, and switching it re-renders the texts in place (no
 * reload), keeps the queries' data, and reaches the API client's Accept-Language.
 */

afterEach(async () => {
  localStorage.clear();
  await act(() => setActiveLocale(sourceLocale));
});

describe('choosing the locale', () => {
  it('the saved one wins, then this device’s, then the browser’s languages, then English', () => {
    expect(chooseLocale({ saved: 'ru', stored: 'en', languages: ['en-US'] })).toBe('ru');
    expect(chooseLocale({ saved: null, stored: 'ru', languages: ['en-US'] })).toBe('ru');
    expect(chooseLocale({ saved: null, stored: null, languages: ['fr-FR', 'ru-RU', 'en'] })).toBe('ru');
    expect(chooseLocale({ saved: null, stored: null, languages: ['fr-FR', 'ja'] })).toBe('en');
    expect(chooseLocale({ saved: null, stored: null, languages: [] })).toBe('en');
  });

  it('every language we speak is found from the browser, by its tag or its language alone', () => {
    for (const locale of locales) {
      expect(browserLocale([locale])).toBe(locale);
      expect(browserLocale(['ja', locale.toUpperCase()])).toBe(locale);
    }
    expect(browserLocale(['ru-UA'])).toBe('ru');
  });

  it('reads only a language of ours from storage', () => {
    expect(storedLocale()).toBeNull();
    localStorage.setItem(LOCALE_STORAGE_KEY, 'ru');
    expect(storedLocale()).toBe('ru');
    expect(chooseLocale({ languages: ['en-US'] })).toBe('ru');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(storedLocale()).toBeNull();
  });
});

/** A page with a query, under a shell that keys it by locale as AppLayout does. */
function FigurePage() {
  // Stale at once: only the switch's care keeps the remount from asking again.
  const figure = useQuery({
    queryKey: ['figure'],
    queryFn: () => api<{ n: number }>('/figure'),
    staleTime: 0,
  });
  return (
    <p>
      {languageMessages.settingsTitle}: {figure.data ? formatNumber(figure.data.n) : '…'}
    </p>
  );
}
function Shell() {
  return <FigurePage key={useLocaleKey()} />;
}

describe('switching the locale', () => {
  it('swaps the texts, <html lang dir>, dates, numbers and the API client’s Accept-Language; English comes back', async () => {
    const server = serveApi((r) => (r.path === '/api/v1/ping' ? json(200, { ok: true }) : undefined));
    const date = new Date(Date.UTC(2026, 2, 4, 12));
    const englishDate = formatDateShort(date);
    const englishNumber = formatNumber(12345);

    await setActiveLocale('ru');
    expect(activeLocale()).toBe('ru');
    expect(languageMessages.menu).toBe(ru['languageMessages.menu']);
    expect(document.documentElement.lang).toBe('ru');
    expect(document.documentElement.dir).toBe('ltr');
    expect(formatDateShort(date)).toBe(new Intl.DateTimeFormat('ru', { dateStyle: 'medium' }).format(date));
    expect(formatNumber(12345)).toBe(new Intl.NumberFormat('ru').format(12345));
    await api('/ping');
    expect(server.requests.at(-1)?.headers.get('accept-language')).toBe('ru');

    await setActiveLocale('en');
    expect(languageMessages.menu).toBe('Language');
    expect(document.documentElement.lang).toBe('en');
    expect(formatDateShort(date)).toBe(englishDate);
    expect(formatNumber(12345)).toBe(englishNumber);
    await api('/ping');
    expect(server.requests.at(-1)?.headers.get('accept-language')).toBe('en');
  });

  it('asked again for the language on its way, it is the same switch (the menu, then the saved settings)', async () => {
    const first = setActiveLocale('ru');
    expect(setActiveLocale('ru')).toBe(first);
    await first;
    expect(languageMessages.menu).toBe(ru['languageMessages.menu']);
  });

  it('a later choice wins over a slower earlier one', async () => {
    const first = setActiveLocale('ru');
    const second = setActiveLocale('en');
    await Promise.all([first, second]);
    expect(activeLocale()).toBe('en');
    expect(languageMessages.menu).toBe('Language');
  });

  it('re-renders what the shell keys by locale, without fetching its queries again', async () => {
    let reads = 0;
    serveApi((r) => {
      if (r.path !== '/api/v1/figure') return undefined;
      reads++;
      return json(200, { n: 1234 });
    });
    renderApp(<Shell />);
    expect(await screen.findByText(`Language: ${formatNumber(1234)}`)).toBeInTheDocument();
    expect(reads).toBe(1);

    await act(() => setActiveLocale('ru'));
    const figure = new Intl.NumberFormat('ru').format(1234);
    // The matcher collapses the DOM's whitespace (Russian groups digits with a no-break space): so does this.
    const russian = `${ru['languageMessages.settingsTitle']}: ${figure}`.replace(/\s+/g, ' ');
    expect(await screen.findByText(russian)).toBeInTheDocument();
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(reads).toBe(1);
  });
});

describe('LanguageMenu', () => {
  it('lists every language in its own name; the keyboard opens it, moves and chooses; a visitor’s choice stays on the device', async () => {
    const server = serveApi((r) =>
      r.path === '/api/auth/get-session' ? json(200, { user: null }) : undefined,
    );
    const { user } = renderApp(<LanguageMenu />);
    const button = screen.getByRole('button', { name: 'Language' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Language' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual(locales.map((l) => localeNames[l]));
    expect(items.map((i) => i.getAttribute('lang'))).toEqual([...locales]);
    expect(items[0]).toHaveFocus();
    expect(items[0]).toHaveAttribute('aria-checked', 'true');

    await user.keyboard('{End}');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    const russian = within(screen.getByRole('menu')).getByRole('menuitemradio', { name: localeNames.ru });
    russian.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(activeLocale()).toBe('ru'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ru');
    expect(await screen.findByRole('button', { name: ru['languageMessages.menu'] })).toBeInTheDocument();
    expect(server.writes()).toEqual([]);
  });

  it('saves a member’s choice to the account, keeping the other settings', async () => {
    const settings = {
      emailNotifications: false,
      marketplaceUpdates: true,
      securityAlerts: true,
      digest: 'daily',
      showOnline: false,
      locale: null,
    };
    const server = serveApi((r) => {
      if (r.path === '/api/auth/get-session')
        return json(200, { user: { id: 'u1', username: 'ann', role: 'user', avatarUrl: null } });
      if (r.path === '/api/v1/me/settings' && r.method === 'GET') return json(200, settings);
      if (r.path === '/api/v1/me/settings' && r.method === 'PUT') return json(200, r.body);
      return undefined;
    });
    const { user, queryClient } = renderApp(<LanguageMenu />);
    await waitFor(() => expect(queryClient.getQueryData(sessionKey)).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: localeNames.ru }));
    await waitFor(() => expect(activeLocale()).toBe('ru'));
    expect(server.writes()).toEqual(['PUT /api/v1/me/settings']);
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ ...settings, locale: 'ru' });
  });

  it('keeps the language when a member’s save fails, and says so', async () => {
    serveApi((r) => {
      if (r.path === '/api/auth/get-session')
        return json(200, { user: { id: 'u1', username: 'ann', role: 'user', avatarUrl: null } });
      if (r.path === '/api/v1/me/settings' && r.method === 'GET')
        return json(200, {
          emailNotifications: true,
          marketplaceUpdates: true,
          securityAlerts: true,
          digest: 'weekly',
          showOnline: true,
          locale: null,
        });
      if (r.path === '/api/v1/me/settings' && r.method === 'PUT')
        return new Response('', { status: 502, statusText: 'Bad Gateway' });
      return undefined;
    });
    const { user, queryClient } = renderApp(<LanguageMenu />);
    await waitFor(() => expect(queryClient.getQueryData(sessionKey)).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: localeNames.ru }));
    expect(await screen.findByText(languageMessages.saveFailed)).toBeInTheDocument();
    expect(activeLocale()).toBe('en');
  });
});
