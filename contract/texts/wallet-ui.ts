import { defineMessages } from '../i18n/define.ts';
import type { DepositStatus } from '../payments.ts';
import type { WithdrawalStatus } from '../withdrawals.ts';

/**
 * The wallet page, its dialogs and the sandbox checkout (issue 41). Counts of credits are numbers (each
 * language's plural); a text with an element inside (a link, a bold price) takes it as an argument
 * (web/lib/text-parts.tsx).
 */
export const walletUi = /* @__PURE__ */ defineMessages('walletUi', {
  title: 'Wallet',
  intro: 'Your balances, the credits waiting in escrow and every movement.',
  addCredits: 'Add credits',
  withdraw: 'Withdraw',
  orders: 'Orders',
  sections: 'Wallet sections',
  history: 'History',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  withdrawalsUnavailable: 'Withdrawals are not available right now: try again in a minute.',
  balances: 'Balances',
  creditsLabel: 'Marketplace credits',
  creditsHint: 'Spendable on marketplace listings.',
  withdrawableLabel: 'Withdrawable',
  withdrawableHint: 'Earned from sales and past the reserve: yours to take out.',
  reservedLabel: 'In reserve',
  reservedHint: 'Earnings from released sales wait a few days before they can be withdrawn.',
  balanceLabel: 'Main balance',
  balanceHint: 'Move it into credits to shop in the marketplace.',
  escrowPaidLabel: 'In escrow',
  escrowPaidHint: 'Paid by you, held until you confirm delivery.',
  escrowIncomingLabel: 'Incoming',
  escrowIncomingHint: 'Waiting in escrow for you, before the fee.',
  pendingDepositsLabel: 'Pending deposits',
  pendingDepositsHint: 'Ordered top-ups the payment processor has not confirmed yet.',
  pendingWithdrawalsLabel: 'Pending withdrawals',
  pendingWithdrawalsHint: 'Requested payouts waiting for staff or the payout.',
  reserveReleases: 'Reserve releases',
  saleOf: (credits: string) => `Sale of ${credits}`,
  frees: (date: string) => `frees ${date}`,
  andMore: (count: number) => `and ${count} more`,
  moveToCredits: 'Move to credits',
  amount: 'Amount',
  convertRate: '1 main balance = 1 credit.',
  convertAvailable: (available: number) =>
    `1 main balance = 1 credit. Available: ${available.toLocaleString('en-US')}.`,
  addCreditsIntro:
    'Buy marketplace credits from a payment processor. They are added once the payment is confirmed.',
  loadingPaymentOptions: 'Loading payment options…',
  noPaymentMethod:
    'Top-ups are not available yet: no payment method is set up on this site. Ask staff through a support ticket if you need credits.',
  presets: 'Presets',
  creditsRange: (min: number, max: number) =>
    `From ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} credits.`,
  paymentMethod: 'Payment method',
  youPay: (price: string, credits: number) =>
    `You pay ${price} for ${credits.toLocaleString('en-US')} credits.`,
  creditsPerUnit: (credits: number, currency: string) =>
    `${credits.toLocaleString('en-US')} credits = 1 ${currency}.`,
  continueToPayment: 'Continue to payment',
  mainBalance: 'Main balance',
  creditsWord: 'credits',
  balanceWord: 'balance',
  date: 'Date',
  description: 'Description',
  balanceAfter: (balance: number) => `Balance ${balance.toLocaleString('en-US')}`,
  exportHistory: 'Export history (CSV)',
  loadingHistory: 'Loading history…',
  historyCaption: 'Wallet history',
  creditsAmount: (credits: number) => `${credits.toLocaleString('en-US')} credits`,
  continueToCheckout: 'Continue to checkout',
  exportDeposits: 'Export deposits (CSV)',
  loadingDeposits: 'Loading deposits…',
  yourDeposit: 'Your deposit',
  depositOf: (credits: number, price: string) =>
    `Deposit of ${credits.toLocaleString('en-US')} credits (${price})`,
  depositWaiting: 'Waiting for the payment processor…',
  depositExpired: 'The payment window closed before a payment arrived: nothing was charged.',
  depositRefused: 'The payment processor refused this payment: nothing was credited.',
  depositReversed: (credits: number) =>
    `Reversed by a chargeback: ${credits.toLocaleString('en-US')} credits were taken back.`,
  twoFactorNeeded: (link: string) => `Withdrawing needs two-factor sign-in: ${link}.`,
  twoFactorLink: 'turn it on in Settings',
  nothingInReserve: (credits: number, days: number) =>
    `Nothing to withdraw yet: ${credits.toLocaleString('en-US')} earned credits are still in the ${days}-day reserve.`,
  nothingYet:
    'Nothing to withdraw yet: only credits earned from completed sales can be withdrawn, after the reserve.',
  belowMinimumNow: (min: number, withdrawable: number) =>
    `The smallest withdrawal is ${min.toLocaleString('en-US')} credits: ${withdrawable.toLocaleString('en-US')} credits are withdrawable now.`,
  payoutAddress: 'Payout address',
  withdrawCredits: 'Withdraw credits',
  withdrawIntroReserve: (days: number) =>
    `Credits earned from sales, once past the ${days}-day reserve, can be paid out. Staff check each request.`,
  withdrawIntro: 'Credits earned from sales can be paid out. Staff check each request.',
  noPayoutMethod: 'Withdrawals are not available yet: no payout method is set up on this site.',
  loadingPayoutAddresses: 'Loading payout addresses…',
  changeAddress: 'Change address',
  setAddress: 'Set address',
  requestFailed: 'Failed to request the withdrawal',
  payoutMethod: 'Payout method',
  noPayoutAddress: 'No payout address yet',
  withdrawHint: (withdrawable: number, min: number) =>
    `Withdrawable: ${withdrawable.toLocaleString('en-US')}. The smallest withdrawal is ${min.toLocaleString('en-US')}.`,
  fee: (percent: number) => `Fee (${percent}%)`,
  youReceive: 'You receive',
  payoutAmount: (credits: number, price: string) => `${credits.toLocaleString('en-US')} credits (${price})`,
  requestWithdrawal: 'Request withdrawal',
  authenticatorCode: 'Authenticator code',
  authenticatorHint: 'The 6-digit code your authenticator app shows now.',
  bitcoinAddress: 'Bitcoin address',
  bitcoinAddressHint: 'The address the payout is sent to.',
  paymentDetails: 'Payment details',
  paymentDetailsHint: 'Where staff send the payout by hand (for example an IBAN and the account holder).',
  saveAddressFailed: 'Failed to save the payout address',
  changeAddressFor: (method: string) =>
    `Change the payout address for ${method}. A new address waits a while (24 hours unless the site says otherwise) before a withdrawal can use it.`,
  setAddressFor: (method: string) =>
    `Set the payout address for ${method}. A new address waits a while (24 hours unless the site says otherwise) before a withdrawal can use it.`,
  saveAddress: 'Save address',
  feeAndPayout: (fee: number, price: string) => `fee ${fee.toLocaleString('en-US')} · payout ${price}`,
  methodTo: (method: string, destination: string) => `${method} to ${destination}`,
  reference: (reference: string) => `Reference: ${reference}`,
  reason: (reason: string) => `Reason: ${reason}`,
  exportWithdrawals: 'Export withdrawals (CSV)',
  loadingWithdrawals: 'Loading withdrawals…',
  backToWallet: 'Back to wallet',
  loadingInvoice: 'Loading the invoice…',
  sandboxPaid: 'Sandbox payment sent',
  sandboxExpired: 'Sandbox invoice expired',
  sandboxBanner: 'Sandbox: no real money',
  sandboxNote: 'A test checkout for development. Nothing is charged.',
  sandboxTitle: 'Sandbox checkout',
  letExpire: 'Let it expire',
  pay: 'Pay',
} as const);

/** A top-up's state, as its badge and the status filter say it. */
export const depositStatusLabels: Record<DepositStatus, string> = /* @__PURE__ */ defineMessages(
  'depositStatusLabels',
  { pending: 'Pending', settled: 'Credited', expired: 'Expired', invalid: 'Failed', reversed: 'Reversed' },
);

/** A withdrawal's state, as the member's list and the staff queue say it. */
export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = /* @__PURE__ */ defineMessages(
  'withdrawalStatusLabels',
  {
    pending: 'Waiting for staff',
    processing: 'Paying out',
    completed: 'Completed',
    rejected: 'Rejected',
    failed: 'Failed',
  },
);

/** The staff's withdrawal queue (admins). */
export const withdrawalQueueUi = /* @__PURE__ */ defineMessages('withdrawalQueueUi', {
  title: 'Withdrawals',
  intro: "Sellers' payout requests: check the record, then approve or reject each one.",
  statusTabs: 'Withdrawal status',
  pending: 'Pending',
  member: 'Member',
  record: 'Record',
  request: 'Request',
  payoutTo: 'Payout to',
  unknownAge: 'unknown',
  days: (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`,
  months: (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`,
  years: (n: number) => `${n} ${n === 1 ? 'year' : 'years'}`,
  deletedMember: 'a deleted member',
  deletedUser: 'Deleted user',
  accountAge: (age: string) => `Account age ${age}`,
  releasedSales: (n: number) => `${n.toLocaleString('en-US')} released sales`,
  disputes: (n: number, lost: number) =>
    `${n.toLocaleString('en-US')} disputes, ${lost.toLocaleString('en-US')} lost`,
  completedWithdrawals: (n: number) => `${n.toLocaleString('en-US')} completed withdrawals`,
  approveOf: (who: string) => `Approve withdrawal of ${who}`,
  rejectOf: (who: string) => `Reject withdrawal of ${who}`,
  approve: 'Approve',
  reject: 'Reject',
  summary: (credits: number, who: string, price: string, destination: string) =>
    `${credits.toLocaleString('en-US')} credits for ${who}: ${price} to ${destination}.`,
  approveFailed: 'Failed to approve the withdrawal',
  approveTitle: 'Approve withdrawal',
  payoutReference: 'Payout reference',
  payoutReferenceHint: "The transfer's reference, once you have sent the payout.",
  btcpayNote: 'The payout is sent through BTCPay as soon as you approve it.',
  rejectFailed: 'Failed to reject the withdrawal',
  rejectTitle: 'Reject withdrawal',
  rejectNote: 'The credits go back to the member, who sees the reason.',
} as const);
