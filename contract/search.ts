import { z } from 'zod';
import { cheatStatuses } from './cheats.ts';

export const searchLimits = {
  /** Spec §9: 3 results per type. */
  perType: 3,
  /** Shorter queries cannot use the trigram indexes; they return nothing. */
  minLength: 2,
  maxLength: 100,
  debounceMs: 300,
} as const;

export const searchQuery = z.object({ q: z.string().trim().max(searchLimits.maxLength).default('') });

export const searchResponse = z.object({
  cheats: z.array(z.object({ id: z.string(), title: z.string(), status: z.enum(cheatStatuses) })),
  users: z.array(z.object({ id: z.string(), username: z.string(), avatarUrl: z.string().nullable() })),
  listings: z.array(z.object({ id: z.string(), title: z.string(), price: z.number().int() })),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const searchTexts = {
  placeholder: 'Search cheats, users, listings...',
  startTyping: 'Start typing to search',
  noResults: 'No results found',
} as const;
