import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PushKind, pushDevice, pushSubscriptionBody } from '../../../contract/push.ts';
import { pushRoutes } from '../../lib/api-routes/push.gen.ts';
import { serviceWorker } from '../../lib/service-worker.ts';

type Device = z.infer<typeof pushDevice>;
/** The browser's `toJSON()` types its endpoint and keys loosely; the server checks them. */
type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;
export const pushDevicesKey = ['me', 'push'] as const;
export const usePushDevices = () =>
  useQuery(
    queryOptions({
      queryKey: pushDevicesKey,
      queryFn: () => pushRoutes.devices(),
    }),
  );

const fromBase64url = (text: string) => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};

/** This browser's worker registration once active, or null where there is none (no support, or a dev server). */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return null;
  return activated(await serviceWorker());
}

/**
 * The registration once its worker is active, or null if it never will be. `navigator.serviceWorker.ready`
 * waits for ever when the worker's install fails (its precache could not be fetched) and when register() is
 * stubbed out and resolves without a registration (as Playwright's blocked service workers and some privacy
 * extensions do); the push settings then stayed a skeleton.
 */
export function activated(
  registration: ServiceWorkerRegistration | null | undefined,
): ServiceWorkerRegistration | null | Promise<ServiceWorkerRegistration | null> {
  if (!registration) return null;
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return null;
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve(registration);
      else if (worker.state === 'redundant') resolve(null);
    });
  });
}

/**
 * Asks the browser for a subscription to its push service with our VAPID key (after the member allows
 * notifications), then tells the server which kinds it takes.
 */
export async function turnPushOn(
  registration: ServiceWorkerRegistration,
  kinds: PushKind[],
): Promise<Device> {
  const { publicKey } = await pushRoutes.key();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64url(publicKey),
    }));
  const json = subscription.toJSON();
  return pushRoutes.subscribe({ endpoint: json.endpoint, keys: json.keys, kinds } as PushSubscriptionBody);
}

export async function turnPushOff(registration: ServiceWorkerRegistration) {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await pushRoutes.unsubscribe({ endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

export function useSetPushKinds() {
  const queryClient = useQueryClient();
  return (endpoint: string, kinds: PushKind[]) =>
    pushRoutes.setKinds({ endpoint, kinds }).then((saved) => {
      void queryClient.invalidateQueries({ queryKey: pushDevicesKey });
      return saved;
    });
}
