/**
 * How many image re-encodes run at once on this instance (issue 36). sharp decodes on libuv's thread pool,
 * the pool scrypt (sign-in), file reads and compression share: eight members uploading large PNGs at once
 * held every thread for seconds and sign-in waited behind them. The gate admits `capacity` re-encodes;
 * one more is refused at once (503 with Retry-After) rather than queued, so a flood costs the threads it was
 * given and no more, and a refused member can simply send again.
 */
export interface ReencodeGate {
  /** A slot, released by calling the function returned (once; later calls do nothing); undefined when full. */
  tryAcquire(): (() => void) | undefined;
  /** Re-encodes running now. */
  readonly inFlight: number;
  readonly capacity: number;
}

export function createReencodeGate(capacity: number): ReencodeGate {
  let inFlight = 0;
  return {
    capacity,
    get inFlight() {
      return inFlight;
    },
    tryAcquire() {
      if (inFlight >= capacity) return undefined;
      inFlight++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight--;
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's re-encode slots (uploads and avatars share them). */
    reencodes: ReencodeGate;
  }
}
