import { z } from 'zod';
import { defineMessages } from './i18n/define.ts';
import { pushMessages as m } from './messages/push.ts';

/** What a member may have pushed to a device (issue 37 item 4), each a group of notification types. */
export const pushKinds = ['messages', 'orders', 'detection', 'mentions'] as const;
export type PushKind = (typeof pushKinds)[number];

export const pushKindLabels: Record<PushKind, string> = /* @__PURE__ */ defineMessages('pushKindLabels', {
  messages: 'Messages and ticket replies',
  orders: 'Orders, sales and stock',
  detection: 'Detection alerts',
  mentions: 'Mentions and forum replies',
});

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, m.subscriptionInvalid);

/** A browser's PushSubscription as `toJSON()` gives it, with the kinds the member chose for this device. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ error: m.subscriptionInvalid }).max(1000, m.subscriptionInvalid),
  keys: z.object({
    p256dh: base64url.min(80, m.subscriptionInvalid).max(100, m.subscriptionInvalid),
    auth: base64url.min(16, m.subscriptionInvalid).max(32, m.subscriptionInvalid),
  }),
  kinds: z.array(z.enum(pushKinds, { error: m.kindInvalid })).max(pushKinds.length, m.kindInvalid),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushDeviceBody = z.object({ endpoint: z.url({ error: m.subscriptionInvalid }).max(1000) });
export const pushKindsBody = pushDeviceBody.extend({ kinds: pushSubscriptionBody.shape.kinds });

export const pushDevice = z.object({
  id: z.string(),
  endpoint: z.string(),
  kinds: z.array(z.enum(pushKinds)),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export const pushDevices = z.object({ items: z.array(pushDevice) });
export const pushKey = z.object({ publicKey: z.string() });
