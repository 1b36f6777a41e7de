import type { DepositMethod } from '../../../contract/payments.ts';
import type { PaymentsConfig } from '../../config.ts';
import { btcpayProcessor } from './btcpay.ts';
import type { Processor } from './processor.ts';
import { sandboxProcessor } from './sandbox.ts';
import { type StripeProcessor, stripeProcessor } from './stripe.ts';

/** The processors this instance takes top-ups through: each only when configured (a method appears only then). */
export function configuredProcessors(config: PaymentsConfig, publicUrl: string) {
  const processors: Partial<Record<DepositMethod, Processor>> & { stripe?: StripeProcessor } = {};
  if (config.btcpay) processors.btcpay = btcpayProcessor(config.btcpay);
  if (config.sandbox) processors.sandbox = sandboxProcessor(publicUrl);
  if (config.stripe) processors.stripe = stripeProcessor(config.stripe, publicUrl);
  return processors;
}
