import { z } from 'zod';

/** A keyset list's `cursor` query parameter: the opaque key the previous page ended on. */
export const cursorParam = z.string().max(400).optional();

/** One page of a keyset list: its items and the next page's cursor (null on the last page). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
