import { z } from 'zod';

/** A keyset list's `cursor` query parameter: the opaque key the previous page ended on. */
export const cursorParam = z.string().max(400).optional();

/** The query of a keyset list that takes nothing but its `cursor`. */
export const cursorQuery = z.object({ cursor: cursorParam });

/** One page of a keyset list: its items and the next page's cursor (null on the last page). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A list filtered by one status (`byDefault` when the query names none), paged by `cursor`. */
export const statusPageQuery = <const S extends readonly [string, ...string[]]>(
  statuses: S,
  byDefault: S[number],
) => z.object({ status: z.enum(statuses).default(byDefault), cursor: cursorParam });
