import { useEffect, useState } from 'react';
import type { OrderStatus } from '../../contract/orders.ts';
import { orderStatusUi as ui } from '../../contract/texts/order-status-ui.ts';
import { orderUi } from '../../contract/texts/order-ui.ts';

/*
 * Buyer protection pieces shared by the marketplace (orders, listing page), the wallet and the tickets
 * (a dispute's ticket): features never import each other, so the words live here (the query roots in
 * query-roots.ts: a page that only invalidates orders does not fetch their words).
 */

/** The status names are the order filters' words (read when shown: the active language's). */
const orderStatusLabels = (): Record<OrderStatus, string> => ({
  held: orderUi.filterHeld,
  disputed: orderUi.filterDisputed,
  released: orderUi.filterReleased,
  refunded: orderUi.filterRefunded,
});

export const orderStatusTones = {
  held: 'primary',
  disputed: 'warning',
  released: 'success',
  refunded: 'neutral',
} as const satisfies Record<OrderStatus, string>;

/** A release after a partial refund reads "Split" rather than "Completed". */
export function orderStatusLabel(order: { status: OrderStatus; refundedAmount: number }): string {
  return order.status === 'released' && order.refundedAmount > 0
    ? ui.split
    : orderStatusLabels()[order.status];
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * The rest of the protection window in the two largest units, e.g. "2 days 4 hours left",
 * "3 hours 12 minutes left", "Less than a minute left"; "Window ended" once it is over (the release job
 * pays the seller within moments).
 */
export function formatTimeLeft(releaseAt: string, now: number): string {
  const left = new Date(releaseAt).getTime() - now;
  if (!Number.isFinite(left) || left <= 0) return ui.windowEnded;
  if (left < minute) return ui.lessThanMinute;
  const days = Math.floor(left / day);
  const hours = Math.floor((left % day) / hour);
  const minutes = Math.floor((left % hour) / minute);
  if (days > 0) return hours ? ui.daysHoursLeft(days, hours) : ui.daysLeft(days);
  if (hours > 0) return minutes ? ui.hoursMinutesLeft(hours, minutes) : ui.hoursLeft(hours);
  return ui.minutesLeft(minutes);
}

/** The current time, refreshed every `everyMs` (the countdowns re-render once a minute). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
