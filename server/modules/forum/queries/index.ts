/*
 * The forum's SQL, one file per use case. This index exists for the module's own service, which reads its
 * queries as one namespace (`q.findThread`) like every module's service; other modules and the forum's
 * mention helpers import the use case's file directly.
 */
export * from './categories.ts';
export * from './replies.ts';
export * from './revisions.ts';
export * from './thread-lists.ts';
export * from './threads.ts';
