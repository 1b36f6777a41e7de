import { afterLoadWhenIdle } from './after-load.ts';

/*
 * The installable app's worker (issue 37). Registering it starts a second script and its cache writes; at
 * `load` the first screen is still rendering its data, and on a phone's few cores the two competed
 * (Lighthouse's total blocking time on `/` went from about 450 ms to 1,100–1,350 ms). The worker only serves
 * later visits, so the app registers it at the browser's first idle moment after load, or at once when a
 * screen needs it sooner (push settings).
 */
let registering: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the worker once and resolves with its registration, whose worker may still be installing (push
 * waits for it: `activated` in features/account/push-api.ts); null where there is none (dev server, no
 * support, a blocked origin).
 */
export function serviceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(null);
  registering ??= navigator.serviceWorker
    .register('/sw.js')
    // No worker (a private window, a blocked origin): the site works as before, only not offline.
    .catch(() => null);
  return registering;
}

/** Registers the worker once the page has loaded and the browser is first idle (`afterLoadWhenIdle`). */
export function registerWhenIdle() {
  afterLoadWhenIdle(() => void serviceWorker());
}
