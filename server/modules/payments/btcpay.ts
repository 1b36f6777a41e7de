import type { Config } from '../../config.ts';
import { type Processor, ProcessorUnavailable, type Verdict } from './processor.ts';
import { formatMinor } from './service.ts';

/*
 * BTCPay Server through its Greenfield API (server/test/btcpay-greenfield/): invoices for top-ups, and pull
 * payments and their payouts for withdrawals (btcpay-payouts.ts). Every call carries `Authorization: token <key>` and a timeout; the key
 * never appears in an error or a log line.
 */

export type BtcpayConfig = NonNullable<Config['payments']['btcpay']>;

/** How long one Greenfield call may take before the processor counts as not answering. */
const TIMEOUT_MS = 10_000;

/** Greenfield refused the call (4xx): our request or our key is wrong, so trying again will not help. */
export class GreenfieldError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, what: string, code: string | undefined, detail: string) {
    super(`BTCPay answered ${status} to ${what}${code ? ` (${code})` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = 'GreenfieldError';
    this.status = status;
    this.code = code;
  }
}

/** What Greenfield says in an error body: a ProblemDetails object or a ValidationProblemDetails array. */
function problemOf(body: unknown): { code?: string; detail: string } {
  if (Array.isArray(body))
    return {
      code: 'validation',
      detail: body
        .map(
          (p) => `${String((p as { path?: unknown }).path)}: ${String((p as { message?: unknown }).message)}`,
        )
        .join('; ')
        .slice(0, 500),
    };
  if (body && typeof body === 'object') {
    const p = body as { code?: unknown; message?: unknown };
    return {
      code: typeof p.code === 'string' ? p.code : undefined,
      detail: typeof p.message === 'string' ? p.message.slice(0, 500) : '',
    };
  }
  return { detail: '' };
}

/**
 * One Greenfield call: JSON in and out (a DELETE may answer nothing); 5xx, a timeout or no connection →
 * ProcessorUnavailable, 4xx → GreenfieldError.
 */
export async function greenfield<T>(
  config: BtcpayConfig,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const what = `${method} ${path}`;
  let res: Response;
  try {
    res = await fetch(`${config.url}${path}`, {
      method,
      headers: {
        authorization: `token ${config.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer in ${TIMEOUT_MS} ms` : (e.cause?.code ?? e.name);
    throw new ProcessorUnavailable(`BTCPay did not answer ${what}: ${why}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new ProcessorUnavailable(`BTCPay's answer to ${what} was cut off: ${(err as Error).name}`);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (res.status >= 500) throw new ProcessorUnavailable(`BTCPay answered ${res.status} to ${what}`);
  if (!res.ok) {
    const problem = problemOf(parsed);
    throw new GreenfieldError(res.status, what, problem.code, problem.detail);
  }
  if (method === 'DELETE' && parsed === undefined) return undefined as T;
  if (parsed === undefined || parsed === null || typeof parsed !== 'object')
    throw new ProcessorUnavailable(`BTCPay answered ${what} with no JSON`);
  return parsed as T;
}

/** The parts of Greenfield's InvoiceData we read. */
export interface InvoiceData {
  id: string;
  storeId: string;
  amount: string;
  paidAmount?: string;
  currency: string;
  checkoutLink: string;
  expirationTime: number;
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
  metadata?: Record<string, unknown> | null;
}

interface InvoicePaymentMethod {
  paymentMethodId: string;
  currency: string;
  amount: string;
  totalPaid: string;
  paymentMethodPaid?: string;
  due?: string;
}

const invoicePath = (id: string) => `/api/v1/invoices/${encodeURIComponent(id)}`;

export const getInvoice = (config: BtcpayConfig, id: string) =>
  greenfield<InvoiceData>(config, 'GET', invoicePath(id));

const getPaymentMethods = (config: BtcpayConfig, id: string) =>
  greenfield<InvoicePaymentMethod[]>(config, 'GET', `${invoicePath(id)}/payment-methods`);

/**
 * The verdict on an invoice paid the wrong amount (over, or in part), with what staff read on its deposit: the
 * invoice's price and what each method received.
 */
async function wrongAmount(
  config: BtcpayConfig,
  invoice: InvoiceData,
  verdict: { state: 'paid'; problem: 'paid_over' } | { state: 'expired'; problem: 'paid_partial' },
  what: string,
): Promise<Verdict> {
  const lines = [
    `${what}: BTCPay invoice ${invoice.id} asked ${invoice.amount} ${invoice.currency}, received ${invoice.paidAmount ?? 'an unknown amount'} ${invoice.currency}.`,
  ];
  try {
    const methods = await getPaymentMethods(config, invoice.id);
    for (const pm of Array.isArray(methods) ? methods : []) {
      if (!pm.totalPaid || Number(pm.totalPaid) === 0) continue;
      lines.push(`${pm.paymentMethodId}: paid ${pm.totalPaid} of ${pm.amount} ${pm.currency}.`);
    }
  } catch {
    // The invoice's own amounts are the record; the per-method detail is a courtesy.
    lines.push('(Payment methods could not be read; see the invoice in BTCPay.)');
  }
  return { ...verdict, staffNote: lines.join(' ') };
}

/**
 * What an invoice's state means for its deposit (Greenfield's InvoiceStatus and InvoiceAdditionalStatus):
 * Settled credits it (paid over: the ordered credits, the rest noted for staff); Expired closes it (paid in
 * part: nothing credited, and said so); Invalid closes it; New and Processing are still open.
 */
export async function invoiceVerdict(config: BtcpayConfig, invoice: InvoiceData): Promise<Verdict> {
  switch (invoice.status) {
    case 'Settled':
      if (invoice.additionalStatus === 'PaidOver')
        return wrongAmount(config, invoice, { state: 'paid', problem: 'paid_over' }, 'Paid over');
      return { state: 'paid' };
    case 'Expired':
      if (invoice.additionalStatus === 'PaidPartial')
        return wrongAmount(config, invoice, { state: 'expired', problem: 'paid_partial' }, 'Paid in part');
      return { state: 'expired' };
    case 'Invalid':
      return {
        state: 'invalid',
        staffNote: `BTCPay marked invoice ${invoice.id} invalid (${invoice.additionalStatus}).`,
      };
    case 'New':
    case 'Processing':
      return { state: 'pending' };
    default:
      throw new ProcessorUnavailable(`BTCPay invoice ${invoice.id} has an unknown status`);
  }
}

/**
 * Whether an invoice is the one made for this deposit: our store, our metadata, the price we asked. An event
 * or lookup for any other invoice must not move credits.
 */
export function invoiceMatches(
  config: BtcpayConfig,
  invoice: InvoiceData,
  deposit: { id: string; amountMinor: number; currency: string },
) {
  return (
    invoice.storeId === config.storeId &&
    invoice.metadata?.depositId === deposit.id &&
    invoice.currency === deposit.currency &&
    Number(invoice.amount) === Number(formatMinor(deposit.amountMinor))
  );
}

/** Top-ups through BTCPay: an invoice per deposit, read back at the source. */
export function btcpayProcessor(config: BtcpayConfig): Processor {
  return {
    method: 'btcpay',
    async createCheckout(request) {
      const invoice = await greenfield<InvoiceData>(
        config,
        'POST',
        `/api/v1/stores/${encodeURIComponent(config.storeId)}/invoices`,
        {
          amount: formatMinor(request.amountMinor),
          currency: request.currency,
          metadata: {
            depositId: request.depositId,
            orderId: request.depositId,
            itemDesc: `${request.credits} credits`,
          },
          checkout: { redirectURL: request.returnUrl, redirectAutomatically: true },
        },
      );
      if (typeof invoice.id !== 'string' || typeof invoice.checkoutLink !== 'string')
        throw new ProcessorUnavailable('BTCPay answered the new invoice without an id or checkout link');
      return {
        processorRef: invoice.id,
        checkoutUrl: invoice.checkoutLink,
        ...(typeof invoice.expirationTime === 'number'
          ? { expiresAt: new Date(invoice.expirationTime * 1000) }
          : {}),
      };
    },
    async lookup(invoiceId) {
      const invoice = await getInvoice(config, invoiceId);
      if (invoice.storeId !== config.storeId)
        throw new Error(`BTCPay invoice ${invoiceId} belongs to another store`);
      return invoiceVerdict(config, invoice);
    },
  };
}
