import type { z } from 'zod';
import { messages } from '../../contract/messages.ts';
import { AppError } from '../plugins/errors.ts';

/*
 * Keyset cursors: the last row's sort key and id, as opaque base64url JSON. Timestamps travel as
 * PostgreSQL's own text (microseconds kept), so a page never skips or repeats a row.
 */

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The decoded key, or a 400 when the cursor was not made by encodeCursor for this list. */
export function decodeCursor<T>(cursor: string | undefined, shape: z.ZodType<T>): T | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = shape.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the 400 below
  }
  throw new AppError('VALIDATION', messages.badRequest, { cursor: messages.badRequest });
}

/** Escapes LIKE's wildcards so a search for "50%" means the text "50%". */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
