import { startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PasskeyItem, passkeyName } from '../../../contract/passkeys.ts';
import { api } from '../../lib/api.ts';
import { loadRetry } from '../../lib/query-retry.ts';

type Ok = { ok: true };
type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

export const passkeysKey = ['me', 'passkeys'] as const;
export const usePasskeys = () =>
  useQuery(
    queryOptions({
      queryKey: passkeysKey,
      queryFn: ({ signal }) => api<{ items: PasskeyItem[] }>('/me/passkeys', { signal }),
      ...loadRetry,
    }),
  );

/** Adding one: the server's options, the browser's prompt (the authenticator makes the key), then the server checks it. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await api<{ options: CreationOptions }>('/me/passkeys/options', { method: 'POST' });
      const credential = await startRegistration({ optionsJSON: options });
      return api<PasskeyItem>('/me/passkeys', { method: 'POST', body: { name, credential } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<PasskeyItem>(`/me/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Ok>(`/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** The name field's own check (the contract's words), before any prompt opens. */
export function nameError(value: string): string | undefined {
  const parsed = passkeyName.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
