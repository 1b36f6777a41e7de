import { notificationMessages, paymentMessages } from '../../contract/messages.ts';
import { check, notFound, owner, type Rules } from './rules.ts';

/** A member's own records: anyone else learns nothing, the same 404 as for a missing one. */
export interface NotificationSubject {
  kind: 'notification';
  userId: string;
}

export interface DepositSubject {
  kind: 'deposit';
  /** Null once its member is gone: then nobody's. */
  userId: string | null;
}

export const notification = (row: { userId: string }): NotificationSubject => ({
  kind: 'notification',
  userId: row.userId,
});
export const deposit = (row: { userId: string | null }): DepositSubject => ({
  kind: 'deposit',
  userId: row.userId,
});

const theirs = (message: string) =>
  check<{ userId: string | null }>((v, r) => owner(v, r.userId), notFound(message));

export const notificationRules = {
  read: [theirs(notificationMessages.notFound)],
} satisfies Rules<NotificationSubject>;

export const depositRules = {
  view: [theirs(paymentMessages.depositNotFound)],
} satisfies Rules<DepositSubject>;
