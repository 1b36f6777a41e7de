import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBody } from '../../../contract/auth.ts';
import type { Me, UserSettings, updateMeBody } from '../../../contract/me.ts';
import { accountMessages } from '../../../contract/messages/account.ts';
import type { SsoProvider } from '../../../contract/sso.ts';
import { upload } from '../../lib/api.ts';
import { authRoutes } from '../../lib/api-routes/auth.gen.ts';
import { linkedAccountsRoutes } from '../../lib/api-routes/linked-accounts.gen.ts';
import { meRoutes } from '../../lib/api-routes/me.gen.ts';
import { sessionsRoutes } from '../../lib/api-routes/sessions.gen.ts';
import { useRefreshingMutation } from '../../lib/queries.ts';
import { loadRetry } from '../../lib/query-retry.ts';
import { postsRootKey } from '../../lib/query-roots.ts';
import { meKey, sessionKey, settingsKey, settingsQuery } from '../../lib/session.ts';
import toast from '../../lib/toast.ts';

export const loginsKey = ['me', 'logins'] as const;

export const loginsQuery = queryOptions({
  queryKey: loginsKey,
  queryFn: ({ signal }) => meRoutes.logins({ signal }),
  ...loadRetry,
});

export const sessionsKey = ['me', 'sessions'] as const;
export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: ({ signal }) => sessionsRoutes.list({ signal }),
  ...loadRetry,
});
export const useSessions = () => useQuery(sessionsQuery);

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sessionsRoutes.revoke({ id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sessionsRoutes.revokeOthers(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const useSettings = () => useQuery(settingsQuery);
export const useLogins = () => useQuery(loginsQuery);

/** The profile changed: the top bar (me), the session, and pages that show the member (by key) follow. */
function useProfileChanged() {
  const queryClient = useQueryClient();
  return async (me?: Me) => {
    if (me) queryClient.setQueryData(meKey, me);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKey }),
      queryClient.invalidateQueries({ queryKey: ['profile'] }),
      queryClient.invalidateQueries({ queryKey: postsRootKey }),
    ]);
  };
}

export function useUpdateProfile() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof updateMeBody>) => meRoutes.update(body),
    onSuccess: (me) => changed(me),
  });
}

export function useUploadAvatar() {
  const changed = useProfileChanged();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('avatar', file);
      return upload<{ avatarUrl: string }>('/me/avatar', form, { onProgress });
    },
    onSuccess: async ({ avatarUrl }) => {
      queryClient.setQueryData<Me>(meKey, (me) => (me ? { ...me, avatarUrl } : me));
      await changed();
    },
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSettings) => meRoutes.saveSettings(body),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}

export const useChangePassword = () =>
  useRefreshingMutation(
    (body: z.output<typeof changePasswordBody>) => authRoutes.changePassword(body),
    loginsKey,
  );

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (body: { password: string }) => authRoutes.enableTwoFactor(body),
  });
}

export function useConfirmTwoFactor() {
  return useRefreshingMutation((body: { code: string }) => authRoutes.confirmTwoFactor(body), meKey);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string }) => authRoutes.disableTwoFactor(body),
    // The toast lives here: the form that asked unmounts as soon as `me` says two-factor is off.
    onSuccess: () => {
      toast.success(accountMessages.twoFactorDisabled);
      return queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}

const linkedAccountsKey = ['me', 'linked-accounts'] as const;
export const useLinkedAccounts = () =>
  useQuery({
    queryKey: linkedAccountsKey,
    queryFn: ({ signal }) => linkedAccountsRoutes.list({ signal }),
    ...loadRetry,
  });

/** Linking goes through the provider: the server answers its authorization page, the browser goes there. */
export function useLinkAccount() {
  return useMutation({
    mutationFn: (provider: SsoProvider) => linkedAccountsRoutes.link({ provider }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export const useUnlinkAccount = () =>
  useRefreshingMutation(
    (provider: SsoProvider) => linkedAccountsRoutes.unlink({ provider }),
    linkedAccountsKey,
  );
