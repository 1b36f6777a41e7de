/*
 * The marketplace's SQL, one file per use case. This index exists for the module's own service, which reads
 * its queries as one namespace (`q.findListing`) like every module's service; other modules import the use
 * case's file directly.
 */
export * from './browse.ts';
export * from './detail.ts';
export * from './feedback.ts';
export * from './listing-select.ts';
export * from '../../purchase/queries.ts';
export * from './reveals.ts';
export * from './selling.ts';
