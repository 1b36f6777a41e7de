/**
 * An order's state wherever it shows (issue 41): the badge's "Split" and the protection window's time left, read
 * by web/lib/orders.ts for the marketplace, the wallet and a dispute's ticket. The other status names are the
 * order filters' own words (orderUi.filterHeld …): one word per status. "Split" here is the outcome's name (ru
 * "Разделён"); settleUi.split is the staff's choice to split (ru "Разделить"): two keys.
 */
import { defineMessages } from '../i18n/define.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const orderStatusUi = /* @__PURE__ */ defineMessages('orderStatusUi', {
  split: 'Split',
  windowEnded: 'Window ended',
  lessThanMinute: 'Less than a minute left',
  daysLeft: (days: number) => `${plural(days, 'day')} left`,
  daysHoursLeft: (days: number, hours: number) => `${plural(days, 'day')} ${plural(hours, 'hour')} left`,
  hoursLeft: (hours: number) => `${plural(hours, 'hour')} left`,
  hoursMinutesLeft: (hours: number, minutes: number) =>
    `${plural(hours, 'hour')} ${plural(minutes, 'minute')} left`,
  minutesLeft: (minutes: number) => `${plural(minutes, 'minute')} left`,
} as const);
