import { z } from 'zod';
import { cheatStatuses } from './cheats.ts';
import { personWithAvatar } from './people.ts';
import { searchLimits } from './search-texts.ts';

export { searchLimits } from './search-texts.ts';

export const searchQuery = z.object({ q: z.string().trim().max(searchLimits.maxLength).default('') });

export const searchResponse = z.object({
  cheats: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(cheatStatuses) })),
  users: z.array(personWithAvatar),
  listings: z.array(z.object({ id: z.string(), title: z.string(), price: z.number().int() })),
  /** Forum threads whose title or body contains the words. */
  threads: z.array(z.object({ id: z.string(), title: z.string(), replyCount: z.number().int() })),
});
export type SearchResponse = z.infer<typeof searchResponse>;
