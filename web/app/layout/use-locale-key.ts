import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Locale } from '../../../contract/i18n/locales.ts';
import { subscribeLocale, useActiveLocale } from '../../lib/locale.ts';

/**
 * The key the shell puts on the top bar, the page and the bottom bar: a new language remounts them, so every
 * text read at render (`fooMessages.bar`, swapped in place by `applyCatalogue`) shows in it without a reload.
 * The queries below keep their data: while that remount happens, mounting does not refetch (a language is no
 * reason to ask the server again); the app's own setting comes back once the remounted tree has subscribed.
 */
export function useLocaleKey(): Locale {
  const queryClient = useQueryClient();
  const locale = useActiveLocale();
  const restore = useRef<(() => void) | null>(null);
  useEffect(
    () =>
      // Runs before the re-render this change schedules (the store's own listener only schedules it).
      subscribeLocale(() => {
        if (restore.current) return;
        const before = queryClient.getDefaultOptions().queries?.refetchOnMount;
        const set = (refetchOnMount: typeof before) => {
          const now = queryClient.getDefaultOptions();
          queryClient.setDefaultOptions({ ...now, queries: { ...now.queries, refetchOnMount } });
        };
        set(false);
        restore.current = () => set(before);
      }),
    [queryClient],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each switch's commit, which `locale` marks
  useEffect(() => {
    if (!restore.current) return;
    // The remounted children's effects (where queries subscribe) ran before this one; a task later, surely.
    const timer = setTimeout(() => {
      restore.current?.();
      restore.current = null;
    }, 0);
    return () => clearTimeout(timer);
  }, [locale]);
  return locale;
}
