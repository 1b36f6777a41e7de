import type { Processor } from './processor.ts';

/**
 * The sandbox (development only; the configuration refuses it in production): the checkout is a page of
 * our own labelled "Sandbox: no real money", whose Pay button settles the deposit through the same path a
 * processor's confirmation takes. Nothing is held elsewhere, so a lookup finds nothing paid: a sandbox
 * deposit past its expiry simply expires.
 */
export function sandboxProcessor(publicUrl: string): Processor {
  return {
    method: 'sandbox',
    async createCheckout(request) {
      return {
        processorRef: request.depositId,
        checkoutUrl: `${publicUrl}/wallet/sandbox-checkout/${request.depositId}`,
      };
    },
    async lookup() {
      return { state: 'expired' };
    },
  };
}
