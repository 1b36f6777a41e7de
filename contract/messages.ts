/**
 * Every user-facing text of the spec lives in contract/, so server and web say the same words. Each group of
 * messages is a module of its own under contract/messages/: a page's chunk then carries only the groups it reads
 * (one module of all 29 groups was 40 KB in the chunk every page shares). Import a group from its file; this
 * index is for the server and the tests, which read many.
 */
export { messages } from './common-messages.ts';
export { accountMessages } from './messages/account.ts';
export { adminMessages } from './messages/admin.ts';
export { antiBotMessages } from './messages/anti-bot.ts';
export { cheatMessages } from './messages/cheat.ts';
export { contactKindNames } from './messages/contact-kinds.ts';
export { directMessageTexts } from './messages/direct-messages.ts';
export { forumMessages } from './messages/forum.ts';
export { hookMessages } from './messages/hook.ts';
export { marketplaceMessages } from './messages/marketplace.ts';
export { notificationMessages } from './messages/notification.ts';
export { orderMessages } from './messages/order.ts';
export { passkeyMessages } from './messages/passkey.ts';
export { paymentMessages } from './messages/payment.ts';
export { productMessages } from './messages/product.ts';
export { pushMessages } from './messages/push.ts';
export { reportMessages } from './messages/report.ts';
export { reputationMessages } from './messages/reputation.ts';
export { reviewMessages } from './messages/review.ts';
export { sessionMessages } from './messages/session.ts';
export { siteSettingsMessages } from './messages/site-settings.ts';
export { socialMessages } from './messages/social.ts';
export { ssoMessages } from './messages/sso.ts';
export { stockMessages } from './messages/stock.ts';
export { ticketMessages } from './messages/ticket.ts';
export { trustMessages } from './messages/trust.ts';
export { uploadMessages } from './messages/upload.ts';
export { verifyEmailMessages } from './messages/verify-email.ts';
export { walletMessages } from './messages/wallet.ts';
export { watchMessages } from './messages/watch.ts';
export { withdrawalMessages } from './messages/withdrawal.ts';
