import { startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AddPasskeyBody, passkeyName } from '../../../contract/passkeys.ts';
import { passkeysRoutes } from '../../lib/api-routes/passkeys.gen.ts';
import { loadRetry } from '../../lib/query-retry.ts';

type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

export const passkeysKey = ['me', 'passkeys'] as const;
export const usePasskeys = () =>
  useQuery(
    queryOptions({
      queryKey: passkeysKey,
      queryFn: ({ signal }) => passkeysRoutes.list({ signal }),
      ...loadRetry,
    }),
  );

/** Adding one: the server's options, the browser's prompt (the authenticator makes the key), then the server checks it. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await passkeysRoutes.options();
      // The contract names only the challenge of what the verifier's library made, and takes any extension
      // results; the browser's library types both in full.
      const credential = await startRegistration({ optionsJSON: options as unknown as CreationOptions });
      return passkeysRoutes.add({ name, credential: credential as AddPasskeyBody['credential'] });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => passkeysRoutes.rename({ id }, { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => passkeysRoutes.remove({ id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** The name field's own check (the contract's words), before any prompt opens. */
export function nameError(value: string): string | undefined {
  const parsed = passkeyName.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
