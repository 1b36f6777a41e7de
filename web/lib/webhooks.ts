import { useQuery } from '@tanstack/react-query';
import type { Hook, HookBody } from '../../contract/hooks.ts';
import { api } from './api.ts';
import { useRefreshingMutation } from './queries.ts';

/**
 * Outgoing webhooks (issue 37 item 5): a seller's under /me/hooks, the staff's under /admin/hooks. One card
 * serves both (web/components/ui/webhooks-card.tsx), so its queries live here, keyed by the base path.
 */
export type HookBase = '/me/hooks' | '/admin/hooks';
const keyOf = (base: HookBase) => ['hooks', base] as const;

export function useHooks(base: HookBase) {
  return useQuery({
    queryKey: keyOf(base),
    queryFn: ({ signal }) => api<{ items: Hook[] }>(base, { signal }),
  });
}

export const useAddHook = (base: HookBase) =>
  useRefreshingMutation((body: HookBody) => api<Hook>(base, { method: 'POST', body }), keyOf(base));

export const useRemoveHook = (base: HookBase) =>
  useRefreshingMutation((id: string) => api<null>(`${base}/${id}`, { method: 'DELETE' }), keyOf(base));

/** A test message is queued; the list is read again for the hook's status once it has had time to go. */
export const useTestHook = (base: HookBase) =>
  useRefreshingMutation(
    (id: string) => api<{ queued: true }>(`${base}/${id}/test`, { method: 'POST' }),
    keyOf(base),
  );
