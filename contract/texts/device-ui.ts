/**
 * A device as a user agent describes it (issue 41): the API sends its kind as a code and the browser, system and
 * model as the user agent names them (product names, never translated); these are the words around them, in the
 * sessions list and in the security alert mail.
 */
import { defineMessages } from '../i18n/define.ts';

export const deviceKinds = ['desktop', 'mobile', 'tablet', 'tv', 'bot', 'unknown'] as const;
export type DeviceKind = (typeof deviceKinds)[number];

export const deviceUi = /* @__PURE__ */ defineMessages('deviceUi', {
  desktop: 'Computer',
  mobile: 'Phone',
  tablet: 'Tablet',
  tv: 'TV',
  bot: 'Automated client',
  unknown: 'Unknown device',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'Unknown system',
  unknownAddress: 'IP unknown',
  unknownNetwork: 'Unknown',
  kindWithModel: (kind: string, model: string) => `${kind} (${model})`,
} as const);

/** "Phone (Apple iPhone)", "Computer": the kind in words, with the model when the user agent names one. */
export function deviceLabel(t: typeof deviceUi, device: { kind: DeviceKind; model: string | null }): string {
  const kind = t[device.kind];
  return device.model ? t.kindWithModel(kind, device.model) : kind;
}
