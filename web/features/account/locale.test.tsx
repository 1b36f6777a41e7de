import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceLocale } from '../../../contract/i18n/locales.ts';
import type { Me } from '../../../contract/me.ts';
import { activeLocale, LOCALE_STORAGE_KEY, setActiveLocale } from '../../lib/locale.ts';
import { meKey } from '../../lib/session.ts';
import { json, renderApp, serveApi } from '../../test/render.tsx';
import { useChooseLocale, useLocaleSync } from './locale.ts';

/*
 * A member's saved language comes with their profile (GET /me carries `locale`, issue 41): the shell applies it
 * without asking for the settings, and a choice made here is written into that profile, so the sync keeps it.
 */

afterEach(async () => {
  localStorage.clear();
  await act(() => setActiveLocale(sourceLocale));
});

const me = (locale: Me['locale']): Me => ({
  id: 'u1',
  username: 'ann',
  email: 'ann@example.com',
  role: 'user',
  banned: false,
  avatarUrl: null,
  bio: null,
  balance: 0,
  credits: 0,
  twoFactorEnabled: false,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  locale,
});
const session = () => json(200, { user: { id: 'u1', username: 'ann', role: 'user', avatarUrl: null } });

function Sync() {
  useLocaleSync();
  return null;
}

/** The shell's sync with the language menu's choice, which the test calls. */
let choose: ReturnType<typeof useChooseLocale> | undefined;
function Chooser() {
  useLocaleSync();
  choose = useChooseLocale();
  return null;
}

describe('the member’s saved language', () => {
  it('is applied from GET /me, remembered on this device, with no settings request', async () => {
    const server = serveApi((r) => {
      if (r.path === '/api/auth/get-session') return session();
      if (r.path === '/api/v1/me') return json(200, me('de'));
      return undefined;
    });
    renderApp(<Sync />);
    await waitFor(() => expect(activeLocale()).toBe('de'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    expect(server.requests.map((r) => r.path)).not.toContain('/api/v1/me/settings');
  });

  it('null keeps this device’s choice', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    serveApi((r) => {
      if (r.path === '/api/auth/get-session') return session();
      if (r.path === '/api/v1/me') return json(200, me(null));
      return undefined;
    });
    renderApp(<Sync />);
    await waitFor(() => expect(activeLocale()).toBe('es'));
  });

  it('a choice is saved to the settings and written into the cached profile, so the sync keeps it', async () => {
    const settings = {
      emailNotifications: true,
      marketplaceUpdates: true,
      securityAlerts: true,
      digest: 'weekly',
      showOnline: true,
      locale: null,
    };
    const server = serveApi((r) => {
      if (r.path === '/api/auth/get-session') return session();
      if (r.path === '/api/v1/me') return json(200, me(null));
      if (r.path === '/api/v1/me/settings' && r.method === 'GET') return json(200, settings);
      if (r.path === '/api/v1/me/settings' && r.method === 'PUT') return json(200, r.body);
      return undefined;
    });
    const { queryClient } = renderApp(<Chooser />);
    await waitFor(() => expect(queryClient.getQueryData<Me>(meKey)?.locale).toBeNull());
    await act(async () => {
      expect(await choose?.('ru')).toBe(true);
    });
    expect(activeLocale()).toBe('ru');
    expect(queryClient.getQueryData<Me>(meKey)?.locale).toBe('ru');
    expect(server.writes()).toEqual(['PUT /api/v1/me/settings']);
  });
});
