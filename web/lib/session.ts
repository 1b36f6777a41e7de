import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../contract/auth.ts';
import { shellMessages as messages } from '../../contract/shell-messages.ts';
import { authRoutes } from './api-routes/auth.gen.ts';
import { meRoutes } from './api-routes/me.gen.ts';
import { loadRetry, useRetryToast } from './query-retry.ts';

/*
 * Who is signed in. Shared by the app shell, the route guards and every feature, so it lives here rather
 * than in features/auth (features never import each other); auth's mutations update these queries.
 */

export type SessionResponse = { user: SessionUser | null };

export const sessionKey = ['session'] as const;
export const meKey = ['me'] as const;
export const settingsKey = ['me', 'settings'] as const;

export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: ({ signal }) => authRoutes.session({ signal }),
  staleTime: 5 * 60_000,
  ...loadRetry,
});

export function useSession(): { user: SessionUser | null; isPending: boolean } {
  const query = useQuery(sessionQuery);
  useRetryToast(query, 'session-retry', messages.connectionRetry);
  return { user: query.data?.user ?? null, isPending: query.isPending };
}

/**
 * The member's settings; here, not in features/account, because the shell's language menu saves the language into
 * them (issue 41; the saved language itself comes with GET /me).
 */
export const settingsQuery = queryOptions({
  queryKey: settingsKey,
  queryFn: ({ signal }) => meRoutes.settings({ signal }),
  ...loadRetry,
});

/** A read of the signed-in member's own data: it waits while nobody is signed in (none for visitors). */
export function useMemberQuery<T>(options: Omit<UseQueryOptions<T>, 'enabled'>) {
  const { user } = useSession();
  return useQuery({ ...options, enabled: user !== null });
}

/** The signed-in member's own profile (email, balance...); loads only when signed in. */
export function useMe() {
  const query = useMemberQuery({
    queryKey: meKey,
    queryFn: ({ signal }) => meRoutes.get({ signal }),
    staleTime: 60_000,
    ...loadRetry,
  });
  useRetryToast(query, 'profile-retry', messages.profileRetry);
  return query;
}

/**
 * Where to go after signing in: the page a guard or a Sign in link sent the visitor from (`state.from`),
 * only a path on this site, else home.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}
