import { adminRoutes } from './admin.ts';
import { antiBotRoutes } from './anti-bot.ts';
import { auditRoutes } from './audit.ts';
import { authRoutes } from './auth.ts';
import { cheatRoutes } from './cheats.ts';
import { directMessageRoutes } from './direct-messages.ts';
import { forumRoutes } from './forum.ts';
import { sellerHookRoutes, staffHookRoutes } from './hooks.ts';
import { listingRoutes } from './listings.ts';
import { meRoutes } from './me.ts';
import { notificationRoutes } from './notifications.ts';
import { orderRoutes } from './orders.ts';
import { passkeyRoutes, passkeySignInRoutes } from './passkeys.ts';
import { depositRoutes } from './payments.ts';
import { productRoutes } from './products.ts';
import { profileRoutes } from './profiles.ts';
import { pushRoutes } from './push.ts';
import { reportRoutes } from './reports.ts';
import { reputationRoutes } from './reputation.ts';
import { reviewRoutes } from './review.ts';
import { searchRoutes } from './search.ts';
import { sellerRoutes } from './seller.ts';
import { sessionRoutes } from './sessions.ts';
import { siteSettingRoutes } from './site-settings.ts';
import { socialRoutes } from './social.ts';
import { linkedAccountRoutes, ssoRoutes } from './sso.ts';
import { stockRoutes } from './stock.ts';
import { ticketRoutes } from './tickets.ts';
import { trustRoutes } from './trust.ts';
import { uploadRoutes } from './uploads.ts';
import { walletRoutes } from './wallet.ts';
import { watchRoutes } from './watches.ts';
import { withdrawalRoutes } from './withdrawals.ts';

/**
 * Every group of the route table, under the name the web's client gives it (`api.listings.purchase`):
 * scripts/generate-api-routes.ts writes web/lib/api-routes.gen.ts from this.
 */
export const routeTables = {
  listings: listingRoutes,
  orders: orderRoutes,
  stock: stockRoutes,
  watches: watchRoutes,
  notifications: notificationRoutes,
  tickets: ticketRoutes,
  cheats: cheatRoutes,
  profiles: profileRoutes,
  products: productRoutes,
  seller: sellerRoutes,
  search: searchRoutes,
  audit: auditRoutes,
  trust: trustRoutes,
  social: socialRoutes,
  reputation: reputationRoutes,
  reports: reportRoutes,
  directMessages: directMessageRoutes,
  wallet: walletRoutes,
  withdrawals: withdrawalRoutes,
  me: meRoutes,
  sessions: sessionRoutes,
  push: pushRoutes,
  forum: forumRoutes,
  admin: adminRoutes,
  siteSettings: siteSettingRoutes,
  review: reviewRoutes,
  sellerHooks: sellerHookRoutes,
  staffHooks: staffHookRoutes,
  auth: authRoutes,
  passkeySignIn: passkeySignInRoutes,
  sso: ssoRoutes,
  passkeys: passkeyRoutes,
  linkedAccounts: linkedAccountRoutes,
  deposits: depositRoutes,
  uploads: uploadRoutes,
  antiBot: antiBotRoutes,
};
export type RouteTables = typeof routeTables;
