// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../../contract/routes/index.ts';
import { endpoints } from '../api.ts';

export const forumRoutes = /* @__PURE__ */ endpoints<RouteTables['forum']>({
  categories: 'GET /forum/categories',
  threads: 'GET /forum/threads query',
  latest: 'GET /forum/threads/latest',
  preview: 'POST /forum/preview body',
  createThread: 'POST /forum/threads body',
  thread: 'GET /forum/threads/:id',
  deleteThread: 'DELETE /forum/threads/:id',
  replies: 'GET /forum/threads/:id/replies query',
  editThread: 'PATCH /forum/threads/:id body',
  pin: 'PUT /forum/threads/:id/pin body',
  lock: 'PUT /forum/threads/:id/lock body',
  move: 'PUT /forum/threads/:id/category body',
  threadRevisions: 'GET /forum/threads/:id/revisions',
  editReply: 'PATCH /forum/replies/:id body',
  deleteReply: 'DELETE /forum/replies/:id',
  replyRevisions: 'GET /forum/replies/:id/revisions',
  reply: 'POST /forum/threads/:id/replies body',
  vote: 'PUT /forum/threads/:id/vote body',
  watch: 'PUT /forum/threads/:id/watch body',
  read: 'PUT /forum/threads/:id/read body',
  likeReply: 'PUT /forum/replies/:id/like body',
  byUser: 'GET /users/:id/forum-threads query',
  createCategory: 'POST /admin/forum/categories body',
  deleteCategory: 'DELETE /admin/forum/categories/:id',
});
