import type { DepositMethod, DepositProblem } from '../../../contract/payments.ts';

/** What a processor needs to make an invoice or Checkout Session for a deposit. */
export interface CheckoutRequest {
  depositId: string;
  userId: string;
  credits: number;
  /** The price in the currency's minor units. */
  amountMinor: number;
  currency: string;
  /** Where the processor sends the member back: the wallet, showing this deposit. */
  returnUrl: string;
}

export interface Checkout {
  processorRef: string;
  checkoutUrl: string;
  /** When the processor stops taking payment for it (our default applies when it does not say). */
  expiresAt?: Date;
}

/**
 * A processor's word on a deposit, read at the source (never from a webhook's body alone): still open,
 * paid (credit it), or closed without payment.
 */
export type Verdict =
  | { state: 'pending' }
  | { state: 'paid'; problem?: Extract<DepositProblem, 'paid_over'>; staffNote?: string; paymentRef?: string }
  | { state: 'expired'; problem?: Extract<DepositProblem, 'paid_partial'>; staffNote?: string }
  | { state: 'invalid'; staffNote?: string };

/** A payment processor as the deposits service sees it; each lives in its own file of this module. */
export interface Processor {
  method: DepositMethod;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Re-reads the invoice or session at the processor. */
  lookup(processorRef: string): Promise<Verdict>;
}

/** A processor that failed to answer (network, 5xx, timeout): the member is told to try again. */
export class ProcessorUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailable';
  }
}
