import { z } from 'zod';

/** A whole number from `limit.min` to `limit.max`; `message` answers a missing, fractional or out-of-range one. */
export const wholeField = (limit: { readonly min: number; readonly max: number }, message: string) =>
  z.number({ error: message }).int(message).min(limit.min, message).max(limit.max, message);
