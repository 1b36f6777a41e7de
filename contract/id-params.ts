import { z } from 'zod';

/** A route's `:id` path parameter: a UUID, else a 400 with the item's "not found" text (a malformed id names nothing). */
export const idParams = (notFound: string) => z.object({ id: z.uuid({ error: notFound }) });
