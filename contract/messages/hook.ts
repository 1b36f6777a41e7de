import { defineMessages } from '../i18n/define.ts';

/** Outgoing webhooks to Discord and Telegram (issue 37 item 5). */
export const hookMessages = /* @__PURE__ */ defineMessages('hookMessages', {
  kindInvalid: 'Choose Discord or Telegram',
  discordUrlInvalid: 'Enter a Discord webhook URL (https://discord.com/api/webhooks/…)',
  botTokenInvalid: 'Enter the bot token @BotFather gave you (123456789:AA…)',
  chatIdInvalid: 'Enter a chat id (a number) or a channel name (@channel)',
  eventsRequired: 'Choose at least one event',
  eventsInvalid: 'Choose events from the list',
  refused: 'Webhooks can only be sent to a public https address',
  tooMany: 'You can have at most 5 webhooks',
  notFound: 'This webhook does not exist',
  notEnabled: 'This webhook is switched off: remove it and add it again',
  added: 'Webhook added',
  removed: 'Webhook removed',
  testQueued: 'Test message sent',
  disabledTitle: 'Webhook switched off',
  disabled: (label: string, reason: string) =>
    `Your ${label} kept failing and was switched off (${reason}). Remove it and add it again once it works.`,
  testText: 'Test message from CheatMarket: this webhook works.',
} as const);
