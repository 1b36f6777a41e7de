/** What the contact detector found, as the refusal names it (issue 36 item 4). */
export const contactKindNames = {
  discord: 'a Discord handle or invite',
  telegram: 'a Telegram name or link',
  email: 'an email address',
  phone: 'a phone number',
} as const;
