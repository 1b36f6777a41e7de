import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Locale } from '../../../contract/i18n/locales.ts';
import type { Me, UserSettings } from '../../../contract/me.ts';
import { languageMessages } from '../../../contract/shell-messages.ts';
import { errorMessage } from '../../lib/api.ts';
import { meRoutes } from '../../lib/api-routes/me.gen.ts';
import { chooseLocale, savableLocale, setActiveLocale, storeLocale } from '../../lib/locale.ts';
import { meKey, settingsKey, settingsQuery, useMe, useSession } from '../../lib/session.ts';
import toast from '../../lib/toast.ts';

/**
 * A signed-in member's saved language wins over this device's choice and the browser's (issue 41): once their
 * profile arrives (GET /me carries the saved `locale`, so no settings request is needed) it becomes the active
 * locale, and this device remembers it for the next first paint. Visitors keep the locale main.tsx chose.
 */
export function useLocaleSync() {
  const { user } = useSession();
  const saved = useMe().data?.locale;
  useEffect(() => {
    if (!user || saved === undefined) return;
    if (saved) storeLocale(saved);
    setActiveLocale(chooseLocale({ saved })).catch(() => {
      // Its catalogue did not load: the page stays in the language it has.
    });
  }, [user, saved]);
}

/**
 * Switches the site's language without a reload: a member's choice is saved to the account (PUT /me/settings,
 * so API errors, notifications and mails follow), a visitor's on this device.
 */
export function useChooseLocale() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  /** Resolves true once the language is applied (and, for a member, saved). */
  return async (locale: Locale): Promise<boolean> => {
    storeLocale(locale);
    if (user && savableLocale(locale)) {
      try {
        const current = await queryClient.fetchQuery(settingsQuery);
        const saved = await meRoutes.saveSettings({ ...current, locale } satisfies UserSettings);
        queryClient.setQueryData(settingsKey, saved);
        queryClient.setQueryData<Me>(meKey, (me) => (me ? { ...me, locale: saved.locale } : me));
      } catch (err) {
        toast.error(errorMessage(err, languageMessages.saveFailed));
        return false;
      }
    }
    try {
      await setActiveLocale(locale);
    } catch {
      toast.error(languageMessages.loadFailed);
      return false;
    }
    return true;
  };
}
