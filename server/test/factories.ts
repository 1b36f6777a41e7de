import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '../../contract/limits.ts';
import type { TrustLevel } from '../../contract/trust.ts';
import {
  cheatStatusChanges,
  cheats,
  forumCategories,
  forumReplies,
  forumThreads,
  hooks,
  products,
  profiles,
  reports,
  reviewItems,
  uploads,
} from '../db/schema/index.ts';
import { marketplaceListings } from '../db/schema/marketplace.ts';
import { directMessages } from '../db/schema/messages.ts';
import { notifications } from '../db/schema/notifications.ts';
import { socialComments, socialPosts } from '../db/schema/social.ts';
import { ticketMessages, tickets } from '../db/schema/tickets.ts';
import { createAccount } from '../modules/auth/service.ts';
import { viewerColumns } from '../modules/auth/viewer.ts';
import { confirmDelivery } from '../modules/commerce/orders/service.ts';
import { purchaseListing } from '../modules/commerce/purchase/purchase.ts';
import { rebuildConversations } from '../modules/direct-messages/queries.ts';
import { renderMarkdown } from '../modules/forum/markdown.ts';
import { maskSecret } from '../modules/hooks/service.ts';
import { grant } from '../modules/wallet/service.ts';
import { createContentCipher, loadContentKey } from '../security/content-cipher.ts';
import type { TestApp } from './test-app.ts';
import { totpNow } from './totp.ts';

export const DEFAULT_PASSWORD = 'correct-horse-9';

export interface BuiltUser {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}

/** One member in the database; unique username and email unless given. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<Omit<BuiltUser, 'id'>> & {
    balance?: number;
    credits?: number;
    /** Default true: most tests are about something else than verification (issue 36). */
    emailVerified?: boolean;
    /**
     * Default `trusted`, locked: a test of trust levels, the review queue or first-post challenges builds a
     * `new` member on purpose.
     */
    trustLevel?: TrustLevel;
  } = {},
): Promise<BuiltUser> {
  const suffix = randomUUID().slice(0, 8);
  const user = {
    username: overrides.username ?? `user_${suffix}`,
    email: overrides.email ?? `user_${suffix}@example.com`,
    password: overrides.password ?? DEFAULT_PASSWORD,
    role: overrides.role ?? ('user' as Role),
  };
  const id = await createAccount(t.app.auth, t.db, {
    ...user,
    balance: overrides.balance,
    credits: overrides.credits,
    emailVerified: overrides.emailVerified ?? true,
    trustLevel: overrides.trustLevel ?? 'trusted',
  });
  return { id, ...user };
}

/** Signs in through the HTTP route and returns the Cookie header for later requests. */
export async function signIn(
  t: TestApp,
  user: Pick<BuiltUser, 'email' | 'password'>,
  /** The address the sign-in comes from (default: inject's 127.0.0.1, the same for every member). */
  remoteAddress?: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: user.password },
    ...(remoteAddress && { remoteAddress }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookies = [res.headers['set-cookie']].flat().filter((c): c is string => Boolean(c));
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/** A member who is signed in: the user plus their Cookie header. */
export async function buildSignedInUser(t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(t, overrides);
  return { ...user, cookie: await signIn(t, user) };
}

/** One catalogue product, inserted directly (active, unpinned unless given). */
export async function buildProduct(t: TestApp, overrides: Partial<typeof products.$inferInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(products)
    .values({
      title: `Product ${suffix}`,
      description: `Description of product ${suffix}`,
      salesUrl: `https://shop.example.com/${suffix}`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** One published cheat with its first timeline row, inserted directly. */
export async function buildCheat(
  t: TestApp,
  overrides: Partial<typeof cheats.$inferInsert> & { publishedBy?: string | null } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(cheats)
    .values({
      title: `Cheat ${suffix}`,
      description: `Description of cheat ${suffix}`,
      game: 'Counter-Strike 2',
      downloadUrl: `https://files.example.com/${suffix}.zip`,
      ...overrides,
    })
    .returning();
  await t.db
    .insert(cheatStatusChanges)
    .values({ cheatId: row!.id, fromStatus: null, toStatus: row!.status, changedBy: row!.publishedBy });
  return row!;
}

/** One social post by `userId`, inserted directly (give `createdAt` to control the feed order). */
export async function buildPost(
  t: TestApp,
  userId: string,
  overrides: Partial<Omit<typeof socialPosts.$inferInsert, 'userId'>> = {},
) {
  const [row] = await t.db
    .insert(socialPosts)
    .values({ userId, content: `Post ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  return row!;
}

/** One comment on a post, keeping the post's comment counter exact as the service does. */
export async function buildComment(
  t: TestApp,
  postId: string,
  userId: string,
  overrides: Partial<Omit<typeof socialComments.$inferInsert, 'postId' | 'userId'>> = {},
) {
  const [row] = await t.db
    .insert(socialComments)
    .values({ postId, userId, content: `Comment ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  await t.db
    .update(socialPosts)
    .set({ commentCount: sql`${socialPosts.commentCount} + 1` })
    .where(eq(socialPosts.id, postId));
  return row!;
}

/** One forum category, inserted directly. */
export async function buildForumCategory(
  t: TestApp,
  overrides: Partial<typeof forumCategories.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(forumCategories)
    .values({ name: `Category ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  return row!;
}

/** One forum thread by `userId` in `categoryId`, inserted directly (counters at 0), its HTML rendered. */
export async function buildForumThread(
  t: TestApp,
  overrides: Partial<typeof forumThreads.$inferInsert> & { userId: string; categoryId: string },
) {
  const suffix = randomUUID().slice(0, 8);
  const content = overrides.content ?? `Content of thread ${suffix}`;
  const [row] = await t.db
    .insert(forumThreads)
    .values({ title: `Thread ${suffix}`, contentHtml: renderMarkdown(content), ...overrides, content })
    .returning();
  return row!;
}

/** One reply by `userId` in `threadId`, inserted directly, the thread's counter moved as a reply does. */
export async function buildForumReply(
  t: TestApp,
  overrides: Partial<typeof forumReplies.$inferInsert> & { userId: string; threadId: string },
) {
  const content = overrides.content ?? `Reply ${randomUUID().slice(0, 8)}`;
  const [row] = await t.db
    .insert(forumReplies)
    .values({ contentHtml: renderMarkdown(content), ...overrides, content })
    .returning();
  await t.db
    .update(forumThreads)
    .set({ replyCount: sql`${forumThreads.replyCount} + 1` })
    .where(eq(forumThreads.id, overrides.threadId));
  return row!;
}

/** One notification for a member, inserted directly (unread message_new unless given). */
export async function buildNotification(
  t: TestApp,
  userId: string,
  overrides: Partial<typeof notifications.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(notifications)
    .values({ userId, type: 'message_new', title: 'New message', content: 'Hello', data: {}, ...overrides })
    .returning();
  return row!;
}

/** One direct message, inserted directly (unread unless given). */
export async function buildDirectMessage(
  t: TestApp,
  senderId: string,
  recipientId: string,
  overrides: Partial<typeof directMessages.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(directMessages)
    .values({ senderId, recipientId, message: `Message ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  // Inserted directly with any time or flags, so the pair's conversation rows are derived again.
  await rebuildConversations(t.db, [senderId, recipientId]);
  return row!;
}

/** One ticket by `userId` with its first message, inserted directly (open unless given). */
export async function buildTicket(
  t: TestApp,
  overrides: Partial<typeof tickets.$inferInsert> & { userId: string },
) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(tickets)
    .values({ title: `Ticket ${suffix}`, ...overrides })
    .returning();
  await t.db.insert(ticketMessages).values({
    ticketId: row!.id,
    userId: overrides.userId,
    message: `The first message of ticket ${suffix}, long enough.`,
  });
  return row!;
}

/** One active marketplace listing by `userId`, inserted directly. */
export async function buildListing(
  t: TestApp,
  overrides: Partial<typeof marketplaceListings.$inferInsert> & { userId: string },
) {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await t.db
    .insert(marketplaceListings)
    .values({
      title: `Listing ${suffix}`,
      description: `A description of listing ${suffix} that is long enough.`,
      game: 'Counter-Strike 2',
      features: 'Aimbot, ESP',
      requirements: 'Windows 10',
      contentLink: `https://files.example.com/secret-${suffix}`,
      price: 100,
      ...overrides,
    })
    .returning();
  return row!;
}

/** Gives a member credits (or balance) through the wallet, as an admin grant, so the ledger stays exact. */
export async function fundUser(
  t: TestApp,
  userId: string,
  amount: number,
  currency: 'credits' | 'balance' = 'credits',
) {
  await t.db.transaction((tx) =>
    grant(tx, { userId, currency, amount, description: 'Test funds', adminId: null }),
  );
}

/** One report by `userId` on a piece of content (pending unless given), inserted directly. */
export async function buildReport(
  t: TestApp,
  overrides: Partial<typeof reports.$inferInsert> &
    Pick<typeof reports.$inferInsert, 'userId' | 'targetType'>,
) {
  const [row] = await t.db
    .insert(reports)
    .values({ reason: `Reported ${randomUUID().slice(0, 8)}`, ...overrides })
    .returning();
  return row!;
}

/**
 * One review-queue item by `authorId`, inserted directly: a held social post unless given (a flagged direct
 * message is `kind: 'direct_message'` with the message's id in `resultId`).
 */
export async function buildReviewItem(
  t: TestApp,
  overrides: Partial<typeof reviewItems.$inferInsert> & { authorId: string },
) {
  const [row] = await t.db
    .insert(reviewItems)
    .values({
      kind: 'social_post',
      payload: { content: `Held ${randomUUID().slice(0, 8)}`, imageUrl: null },
      reasons: ['first_posts'],
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * A real purchase (escrow hold, order `held`): a listing by `sellerId` (a new member if not given) bought by
 * `buyerId`, who is funded for it first. Returns the order as the buyer sees it.
 */
export async function buildOrder(t: TestApp, input: { buyerId: string; sellerId?: string; price?: number }) {
  const price = input.price ?? 10;
  const sellerId = input.sellerId ?? (await buildUser(t)).id;
  const listing = await buildListing(t, { userId: sellerId, price });
  await fundUser(t, input.buyerId, price);
  const [buyer] = await t.db.select(viewerColumns).from(profiles).where(eq(profiles.id, input.buyerId));
  if (!buyer) throw new Error('buildOrder: no such buyer');
  const { order } = await purchaseListing(t.db, buyer, listing.id, { expectedPrice: price });
  return { ...order, sellerId, listingId: listing.id };
}

/**
 * A signed-in member with two-factor sign-in on, turned on through the auth routes as a member would: the
 * `totpURI` makes their codes (server/test/totp.ts); `backupCodes` are the ones they were shown.
 */
export async function buildTwoFactorUser(t: TestApp, overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildSignedInUser(t, overrides);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });
  const enable = await post('/api/auth/two-factor/enable', { password: user.password });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const confirm = await post('/api/auth/two-factor/confirm', { code: await totpNow(totpURI) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // Turning it on may rotate the session cookie.
  const fresh = [confirm.headers['set-cookie']]
    .flat()
    .filter((c): c is string => Boolean(c) && !/Max-Age=0/i.test(c!))
    .map((c) => c.split(';')[0])
    .join('; ');
  return { ...user, totpURI, backupCodes, cookie: fresh || user.cookie };
}

/**
 * Sale earnings for `sellerId`: a listing at `price` bought by a new member who confirms delivery, so the
 * seller is paid `price` minus the marketplace fee as earned credits (released now, inside the reserve).
 */
export async function buildEarnings(t: TestApp, sellerId: string, price: number) {
  const buyer = await buildUser(t);
  const order = await buildOrder(t, { buyerId: buyer.id, sellerId, price });
  await confirmDelivery(
    t.db,
    {
      id: buyer.id,
      username: buyer.username,
      email: buyer.email,
      role: buyer.role,
      avatarUrl: null,
      trustLevel: 'trusted',
      emailVerified: true,
      joinedAt: new Date(),
    },
    order.id,
  );
  return order;
}

/**
 * One stored image of `userId`, inserted directly (a tiny WebP's worth of bytes, unique per call): unused and
 * made now unless given. Its `/media` address is `url`.
 */
export async function buildUpload(
  t: TestApp,
  overrides: Partial<typeof uploads.$inferInsert> & { userId: string },
) {
  const data = Buffer.from(`RIFF-test-image-${randomUUID()}`);
  const [row] = await t.db
    .insert(uploads)
    .values({
      sha256: randomUUID().replaceAll('-', '').padEnd(64, '0'),
      mime: 'image/webp',
      width: 4,
      height: 4,
      data,
      bytes: data.length,
      ...overrides,
    })
    .returning();
  return { ...row!, url: `/media/${row!.id}.${row!.mime === 'image/png' ? 'png' : 'webp'}` };
}

/**
 * One outgoing webhook of `userId`, inserted directly with its secret encrypted as the app stores it (a
 * Discord URL, or a Telegram token with `chatId`); enabled, taking every event of its scope unless given.
 */
export async function buildHook(
  t: TestApp,
  input: Partial<typeof hooks.$inferInsert> & { userId: string; secret: string },
) {
  const cipher = createContentCipher(loadContentKey(t.config.contentKey, t.config.dataDir));
  const kind = input.kind ?? 'discord';
  const scope = input.scope ?? 'seller';
  const [row] = await t.db
    .insert(hooks)
    .values({
      scope,
      kind,
      events: scope === 'seller' ? ['sale', 'dispute', 'low_stock'] : ['report', 'dispute', 'withdrawal'],
      ...input,
      secret: cipher.encrypt(input.secret),
      secretMasked: maskSecret(kind, input.secret),
    })
    .returning();
  return row!;
}
