import { useQuery } from '@tanstack/react-query';
import type { Hook, HookBody } from '../../contract/hooks.ts';
import { sellerHooksRoutes } from './api-routes/seller-hooks.gen.ts';
import { staffHooksRoutes } from './api-routes/staff-hooks.gen.ts';
import { useRefreshingMutation } from './queries.ts';

/**
 * Outgoing webhooks (issue 37 item 5): a seller's under /me/hooks, the staff's under /admin/hooks. One card
 * serves both (web/components/ui/webhooks-card.tsx), so its queries live here, keyed by the base path.
 */
export type HookBase = '/me/hooks' | '/admin/hooks';
const keyOf = (base: HookBase) => ['hooks', base] as const;
const areas = { '/me/hooks': sellerHooksRoutes, '/admin/hooks': staffHooksRoutes };
/** The area's body is checked by its own server route; the card's form builds either. */
const add = (base: HookBase) => areas[base].add as (body: HookBody) => Promise<Hook>;

export function useHooks(base: HookBase) {
  return useQuery({
    queryKey: keyOf(base),
    queryFn: ({ signal }) => areas[base].list({ signal }),
  });
}

export const useAddHook = (base: HookBase) =>
  useRefreshingMutation((body: HookBody) => add(base)(body), keyOf(base));

export const useRemoveHook = (base: HookBase) =>
  useRefreshingMutation((id: string) => areas[base].remove({ id }), keyOf(base));

/** A test message is queued; the list is read again for the hook's status once it has had time to go. */
export const useTestHook = (base: HookBase) =>
  useRefreshingMutation((id: string) => areas[base].test({ id }), keyOf(base));
