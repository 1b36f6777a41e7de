/**
 * Off-platform contact detection (issue 36 item 4): Discord handles and invites, Telegram names and links,
 * email addresses and phone numbers, with their common disguises. Pure: no database, no I/O.
 *
 * INTERFACE ONLY at this commit; the `detect` branch implements it. Other code calls it as it is.
 */
export const contactKinds = ['discord', 'telegram', 'email', 'phone'] as const;
export type ContactKind = (typeof contactKinds)[number];

export interface ContactFinding {
  /** Which ways off the site the text names (empty: none found). */
  kinds: ContactKind[];
}

export function detectOffPlatformContact(_text: string): ContactFinding {
  return { kinds: [] };
}
