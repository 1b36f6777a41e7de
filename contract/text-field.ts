import { z } from 'zod';

/**
 * Text a member types, trimmed: at least `limit.min` characters (1 when unset, so blank is refused) and at
 * most `limit.max`. `short` answers a missing, blank or too-short value; `long` one past the limit.
 */
export const textField = (
  limit: { readonly min?: number; readonly max: number },
  short: string,
  long: string,
) =>
  z
    .string({ error: short })
    .trim()
    .min(limit.min ?? 1, short)
    .max(limit.max, long);
