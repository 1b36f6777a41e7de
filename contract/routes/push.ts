import { z } from 'zod';
import { errorResponse } from '../errors.ts';
import {
  pushDevice,
  pushDeviceBody,
  pushDevices,
  pushKey,
  pushKindsBody,
  pushSubscriptionBody,
} from '../push.ts';
import type { RouteGroup } from './route.ts';

/** Web Push (issue 37 item 4): the server's public key, and a member's devices. */
export const pushRoutes = {
  key: {
    method: 'GET',
    path: '/push/key',
    access: 'public',
    summary: 'The VAPID public key a browser subscribes with (the applicationServerKey)',
    response: { 200: pushKey },
  },
  devices: {
    method: 'GET',
    path: '/me/push-subscriptions',
    access: 'member',
    summary: "The member's devices with push on, and the kinds each takes",
    response: { 200: pushDevices },
  },
  subscribe: {
    method: 'PUT',
    path: '/me/push-subscriptions',
    access: 'member',
    summary:
      "Turn push on for this device (the browser's PushSubscription), or change it; idempotent by endpoint",
    body: pushSubscriptionBody,
    response: { 200: pushDevice, 422: errorResponse },
  },
  setKinds: {
    method: 'PATCH',
    path: '/me/push-subscriptions',
    access: 'member',
    summary: 'Choose which kinds of notification this device takes',
    body: pushKindsBody,
    response: { 200: pushDevice },
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/me/push-subscriptions',
    access: 'member',
    summary: 'Turn push off for this device',
    body: pushDeviceBody,
    response: { 204: z.null() },
    success: 204,
  },
} as const satisfies RouteGroup;
