import { defineMessages } from '../i18n/define.ts';

/** Web Push (issue 37 item 4). */
export const pushMessages = /* @__PURE__ */ defineMessages('pushMessages', {
  subscriptionInvalid: 'This browser gave an invalid push subscription',
  kindInvalid: 'Choose notification kinds from the list',
  endpointRefused: 'Push notifications can only be sent to a public https push service',
  notFound: 'This device is not subscribed',
  turnedOn: 'Push notifications are on for this device',
  turnedOff: 'Push notifications are off for this device',
  saved: 'Push preferences saved',
  unsupported: "This browser can't receive push notifications",
  denied: 'Notifications are blocked for this site in your browser settings',
} as const);
