// Generated from contract/routes/ by `node scripts/generate-api-routes.ts`: do not edit. A string that differs
// from its entry fails the typecheck; scripts/api-routes.test.ts fails when this file is stale.
import type { RouteTables } from '../../contract/routes/index.ts';
import { endpoints } from './api.ts';

export const listings = /* @__PURE__ */ endpoints<RouteTables['listings']>({
  list: 'GET /listings query',
  create: 'POST /listings body',
  get: 'GET /listings/:id',
  edit: 'PATCH /listings/:id body',
  remove: 'DELETE /listings/:id',
  purchase: 'POST /listings/:id/purchase body',
  leaveFeedback: 'POST /listings/:id/feedback body',
  sellerFeedback: 'GET /users/:id/feedback query',
  adminList: 'GET /admin/listings query',
  pin: 'PUT /admin/listings/:id/pin body',
  adminRemove: 'DELETE /admin/listings/:id',
});

export const orders = /* @__PURE__ */ endpoints<RouteTables['orders']>({
  list: 'GET /orders query',
  get: 'GET /orders/:id',
  confirm: 'POST /orders/:id/confirm',
  dispute: 'POST /orders/:id/dispute body',
  adminList: 'GET /admin/orders query',
  reveal: 'POST /admin/orders/:id/reveal',
  settle: 'POST /admin/orders/:id/settle body',
});

export const stock = /* @__PURE__ */ endpoints<RouteTables['stock']>({
  listingKeys: 'GET /listings/:id/keys query',
  uploadKeys: 'POST /listings/:id/keys body',
  withdrawKeys: 'DELETE /listings/:id/keys',
  setStock: 'PUT /listings/:id/stock body',
  orderKeys: 'GET /orders/:id/keys',
});

export const watches = /* @__PURE__ */ endpoints<RouteTables['watches']>({
  watchCheat: 'PUT /cheats/:id/watch',
  unwatchCheat: 'DELETE /cheats/:id/watch',
  watchListing: 'PUT /listings/:id/watch',
  unwatchListing: 'DELETE /listings/:id/watch',
  setDetection: 'PUT /listings/:id/detection body',
});

export const notifications = /* @__PURE__ */ endpoints<RouteTables['notifications']>({
  list: 'GET /notifications query',
  read: 'POST /notifications/:id/read',
  readAll: 'POST /notifications/read-all',
});

export const tickets = /* @__PURE__ */ endpoints<RouteTables['tickets']>({
  mine: 'GET /tickets query',
  create: 'POST /tickets body',
  get: 'GET /tickets/:id',
  reply: 'POST /tickets/:id/messages body',
  setStatus: 'PATCH /tickets/:id body',
  adminList: 'GET /admin/tickets query',
});

export const cheats = /* @__PURE__ */ endpoints<RouteTables['cheats']>({
  list: 'GET /cheats query',
  get: 'GET /cheats/:id',
  download: 'POST /cheats/:id/download',
  adminGet: 'GET /admin/cheats/:id',
  publish: 'POST /admin/cheats body',
  edit: 'PUT /admin/cheats/:id body',
  remove: 'DELETE /admin/cheats/:id',
});

export const profiles = /* @__PURE__ */ endpoints<RouteTables['profiles']>({
  search: 'GET /users query',
  autocomplete: 'GET /users/autocomplete query',
  get: 'GET /users/:id',
  follow: 'PUT /users/:id/follow',
  unfollow: 'DELETE /users/:id/follow',
});

export const products = /* @__PURE__ */ endpoints<RouteTables['products']>({
  list: 'GET /products query',
  get: 'GET /products/:id',
  adminList: 'GET /admin/products query',
  create: 'POST /admin/products body',
  edit: 'PUT /admin/products/:id body',
  pin: 'PUT /admin/products/:id/pin body',
  setStatus: 'PUT /admin/products/:id/status body',
  remove: 'DELETE /admin/products/:id',
});

export const seller = /* @__PURE__ */ endpoints<RouteTables['seller']>({
  listings: 'GET /seller/listings query',
  sales: 'GET /seller/sales',
  salesCsv: 'GET /seller/sales.csv',
});

export const search = /* @__PURE__ */ endpoints<RouteTables['search']>({
  search: 'GET /search query',
});

export const audit = /* @__PURE__ */ endpoints<RouteTables['audit']>({
  list: 'GET /admin/audit-log query',
});

export const trust = /* @__PURE__ */ endpoints<RouteTables['trust']>({
  levels: 'GET /trust-levels',
});

export const social = /* @__PURE__ */ endpoints<RouteTables['social']>({
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

export const reputation = /* @__PURE__ */ endpoints<RouteTables['reputation']>({
  flagged: 'GET /admin/vouch-reviews query',
  approve: 'POST /admin/vouch-reviews/:id/approve',
  reject: 'POST /admin/vouch-reviews/:id/reject',
});

export const reports = /* @__PURE__ */ endpoints<RouteTables['reports']>({
  create: 'POST /reports body',
  list: 'GET /admin/reports query',
  resolve: 'POST /admin/reports/:id/resolve',
  dismiss: 'POST /admin/reports/:id/dismiss',
  deleteContent: 'POST /admin/reports/:id/delete-content',
  banUser: 'POST /admin/reports/:id/ban-user',
});

export const directMessages = /* @__PURE__ */ endpoints<RouteTables['directMessages']>({
  conversations: 'GET /conversations query',
  thread: 'GET /conversations/:userId query',
  deleteConversation: 'DELETE /conversations/:userId',
  send: 'POST /messages body',
  block: 'PUT /users/:id/block',
  unblock: 'DELETE /users/:id/block',
});

export const wallet = /* @__PURE__ */ endpoints<RouteTables['wallet']>({
  summary: 'GET /wallet',
  ledger: 'GET /wallet/ledger query',
  ledgerCsv: 'GET /wallet/ledger/export.csv query',
  convert: 'POST /wallet/convert body',
});

export const withdrawals = /* @__PURE__ */ endpoints<RouteTables['withdrawals']>({
  options: 'GET /wallet/withdrawal-options',
  payoutAddresses: 'GET /wallet/payout-addresses',
  setPayoutAddress: 'PUT /wallet/payout-addresses body',
  create: 'POST /wallet/withdrawals body',
  mine: 'GET /wallet/withdrawals query',
  mineCsv: 'GET /wallet/withdrawals/export.csv',
  adminList: 'GET /admin/withdrawals query',
  approve: 'POST /admin/withdrawals/:id/approve body',
  reject: 'POST /admin/withdrawals/:id/reject body',
});

export const me = /* @__PURE__ */ endpoints<RouteTables['me']>({
  get: 'GET /me',
  update: 'PATCH /me body',
  uploadAvatar: 'POST /me/avatar',
  avatar: 'GET /avatars/:file',
  settings: 'GET /me/settings',
  saveSettings: 'PUT /me/settings body',
  logins: 'GET /me/logins',
});

export const sessions = /* @__PURE__ */ endpoints<RouteTables['sessions']>({
  list: 'GET /me/sessions',
  revoke: 'DELETE /me/sessions/:id',
  revokeOthers: 'POST /me/sessions/revoke-others',
  notMe: 'POST /security/not-me body',
});

export const push = /* @__PURE__ */ endpoints<RouteTables['push']>({
  key: 'GET /push/key',
  devices: 'GET /me/push-subscriptions',
  subscribe: 'PUT /me/push-subscriptions body',
  setKinds: 'PATCH /me/push-subscriptions body',
  unsubscribe: 'DELETE /me/push-subscriptions body',
});

export const forum = /* @__PURE__ */ endpoints<RouteTables['forum']>({
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

export const admin = /* @__PURE__ */ endpoints<RouteTables['admin']>({
  updateUser: 'PATCH /admin/users/:id body',
  users: 'GET /admin/users query',
  addBalance: 'POST /admin/users/:id/balance body',
  dashboard: 'GET /admin/dashboard',
  activity: 'GET /admin/dashboard/activity',
  ranks: 'GET /admin/ranks',
  setRank: 'PUT /admin/users/:id/rank body',
});

export const siteSettings = /* @__PURE__ */ endpoints<RouteTables['siteSettings']>({
  public: 'GET /site-settings',
  get: 'GET /admin/site-settings/:key',
  set: 'PUT /admin/site-settings/:key body',
});

export const review = /* @__PURE__ */ endpoints<RouteTables['review']>({
  mine: 'GET /me/review-items',
  queue: 'GET /admin/review-items query',
  count: 'GET /admin/review-items/count',
  approve: 'POST /admin/review-items/:id/approve',
  reject: 'POST /admin/review-items/:id/reject body',
  rejectAndBan: 'POST /admin/review-items/:id/reject-and-ban body',
});

export const sellerHooks = /* @__PURE__ */ endpoints<RouteTables['sellerHooks']>({
  list: 'GET /me/hooks',
  add: 'POST /me/hooks body',
  test: 'POST /me/hooks/:id/test',
  remove: 'DELETE /me/hooks/:id',
});

export const staffHooks = /* @__PURE__ */ endpoints<RouteTables['staffHooks']>({
  list: 'GET /admin/hooks',
  add: 'POST /admin/hooks body',
  test: 'POST /admin/hooks/:id/test',
  remove: 'DELETE /admin/hooks/:id',
});

export const auth = /* @__PURE__ */ endpoints<RouteTables['auth']>({
  signUp: 'POST /api/auth/sign-up/email body',
  verifyEmail: 'POST /api/auth/verify-email body',
  sendVerificationEmail: 'POST /api/auth/send-verification-email',
  signIn: 'POST /api/auth/sign-in/email body',
  signOut: 'POST /api/auth/sign-out',
  session: 'GET /api/auth/get-session',
  requestPasswordReset: 'POST /api/auth/request-password-reset body',
  resetPassword: 'POST /api/auth/reset-password body',
  changePassword: 'POST /api/auth/change-password body',
  enableTwoFactor: 'POST /api/auth/two-factor/enable body',
  confirmTwoFactor: 'POST /api/auth/two-factor/confirm body',
  disableTwoFactor: 'POST /api/auth/two-factor/disable body',
  verifyTwoFactor: 'POST /api/auth/two-factor/verify body',
});

export const passkeySignIn = /* @__PURE__ */ endpoints<RouteTables['passkeySignIn']>({
  options: 'POST /api/auth/passkey/options',
  signIn: 'POST /api/auth/passkey/sign-in body',
});

export const sso = /* @__PURE__ */ endpoints<RouteTables['sso']>({
  providers: 'GET /api/auth/sso/providers',
  start: 'POST /api/auth/sso/:provider',
  callback: 'GET /api/auth/sso/:provider/callback query',
  pending: 'GET /api/auth/sso/pending',
  complete: 'POST /api/auth/sso/complete body',
});

export const passkeys = /* @__PURE__ */ endpoints<RouteTables['passkeys']>({
  list: 'GET /me/passkeys',
  options: 'POST /me/passkeys/options',
  add: 'POST /me/passkeys body',
  rename: 'PATCH /me/passkeys/:id body',
  remove: 'DELETE /me/passkeys/:id',
});

export const linkedAccounts = /* @__PURE__ */ endpoints<RouteTables['linkedAccounts']>({
  list: 'GET /me/linked-accounts',
  link: 'POST /me/linked-accounts/:provider',
  unlink: 'DELETE /me/linked-accounts/:provider',
});

export const deposits = /* @__PURE__ */ endpoints<RouteTables['deposits']>({
  options: 'GET /wallet/deposit-options',
  create: 'POST /wallet/deposits body',
  list: 'GET /wallet/deposits query',
  exportCsv: 'GET /wallet/deposits/export.csv',
  get: 'GET /wallet/deposits/:id',
  sandbox: 'GET /payments/sandbox/:id',
  paySandbox: 'POST /payments/sandbox/:id/pay body',
});

export const uploads = /* @__PURE__ */ endpoints<RouteTables['uploads']>({
  upload: 'POST /uploads',
  remove: 'DELETE /admin/uploads/:id',
});

export const antiBot = /* @__PURE__ */ endpoints<RouteTables['antiBot']>({
  challenge: 'GET /anti-bot/challenge',
});
