/** The social area's limits, free of zod so pages that only show posts do not load the schemas. */
export const socialLimits = {
  postContent: { max: 2000 },
  imageUrl: { max: 2048 },
  comment: { max: 1000 },
  /** Posts per feed page and per profile page. */
  pageSize: 20,
  commentPageSize: 50,
  /** Home page: the latest posts shown in the right column (spec §9). */
  latestPosts: 5,
  latestExcerpt: 300,
  userSearch: 20,
  /** Names the forum editor's @ autocomplete offers. */
  userAutocomplete: 8,
} as const;
