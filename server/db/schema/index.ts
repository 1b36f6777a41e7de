export * from './account.ts';
export * from './auth.ts';
export * from './catalogue.ts';
export * from './forum.ts';
export * from './platform.ts';
export * from './social.ts';
