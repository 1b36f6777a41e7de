// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const socialRoutes = /* @__PURE__ */ endpoints<RouteTables['social']>({
  feed: 'GET /posts query',
  createPost: 'POST /posts body',
  deletePost: 'DELETE /posts/:id',
  like: 'PUT /posts/:id/like',
  unlike: 'DELETE /posts/:id/like',
  comments: 'GET /posts/:id/comments query',
  comment: 'POST /posts/:id/comments body',
  deleteComment: 'DELETE /comments/:id',
  byAuthor: 'GET /users/:id/posts query',
  stats: 'GET /stats',
});
