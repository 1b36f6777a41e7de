/*
 * The listings' SQL, one file per use case (the purchase's statement is ../../purchase/queries.ts). This
 * index exists for the listings' own service, which reads its queries as one namespace (`q.findListing`) like
 * every module's service; other files import the use case's file directly.
 */
export * from './browse.ts';
export * from './detail.ts';
export * from './feedback.ts';
export * from './listing-select.ts';
export * from './reveals.ts';
export * from './selling.ts';
