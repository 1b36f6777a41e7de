import { forumRootKey } from '../../lib/query-roots.ts';

/** The forum's query keys, in a module of their own: the home page's latest threads need them, not the forum's API. */
export const forumKeys = {
  all: forumRootKey,
  categories: ['forum', 'categories'] as const,
  threads: (categoryId: string) => ['forum', 'threads', categoryId] as const,
  thread: (id: string) => ['forum', 'thread', id] as const,
  replies: (id: string) => ['forum', 'replies', id] as const,
  categoryLists: [
    ['forum', 'categories'],
    ['forum', 'threads'],
    ['forum', 'latest'],
  ] as const,
  latest: ['forum', 'latest'] as const,
  revisions: (kind: 'threads' | 'replies', id: string) => ['forum', 'revisions', kind, id] as const,
};
