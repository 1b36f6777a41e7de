import { asc, eq, inArray, sql } from 'drizzle-orm';
import { renderMarkdown } from '../modules/forum/markdown.ts';
import type { Db } from './client.ts';
import { forumCategories, forumThreads, marketplaceListings, profiles, socialPosts } from './schema/index.ts';
import { seedCover } from './seed-images.ts';

/*
 * Demo community content, so a fresh `npm start` shows a living site: posts in the feed, threads in the
 * forum and listings on the marketplace, written by the demo members. Inserted directly with the counters
 * they imply (no likes, comments or replies yet).
 */

const POSTS: [author: string, content: string][] = [
  ['alice', 'Just hit Immortal with the new crosshair settings. Anyone else tried the 0.4 outline?'],
  ['bob', 'Reminder: never run two overlays at once. Half the "detected" reports this week were that.'],
  ['carol', 'Looking for a duo for ranked tonight, EU servers. Mic required, no toxicity.'],
  [
    'moderator',
    'Welcome to everyone who joined this week! Read the rules in the forum before posting listings.',
  ],
];

const THREADS: [author: string, categoryPosition: number, title: string, content: string][] = [
  [
    'moderator',
    0,
    'Community rules: read before posting',
    'Be respectful, no scams, no doxxing. Listings need a working content link and an honest description. Disputes go through buyer protection, never through DMs.',
  ],
  [
    'alice',
    1,
    'Best settings for Phantom Aim after the last patch?',
    'The smoothing defaults feel off since the update. What are you all running for rifles?',
  ],
  [
    'bob',
    2,
    'How does buyer protection work here?',
    'If I buy a listing and the key does not work, what happens? Do I get my credits back?',
  ],
];

const LISTINGS: {
  seller: string;
  title: string;
  game: string;
  type: 'cheat' | 'account' | 'item' | 'other';
  price: number;
  detectionStatus?: 'unknown' | 'undetected' | 'detected';
}[] = [
  {
    seller: 'alice',
    title: 'CS2 legit config pack',
    game: 'Counter-Strike 2',
    type: 'cheat',
    price: 150,
    detectionStatus: 'undetected',
  },
  { seller: 'alice', title: 'Valorant Diamond account', game: 'Valorant', type: 'account', price: 900 },
  {
    seller: 'bob',
    title: 'Apex recoil scripts bundle',
    game: 'Apex Legends',
    type: 'cheat',
    price: 250,
    detectionStatus: 'unknown',
  },
  { seller: 'bob', title: 'Rust skin collection (12 skins)', game: 'Rust', type: 'item', price: 400 },
  {
    seller: 'carol',
    title: 'Fortnite OG account with rare skins',
    game: 'Fortnite',
    type: 'account',
    price: 1200,
  },
  { seller: 'carol', title: 'Private coaching session, 1 hour', game: 'Valorant', type: 'other', price: 80 },
];

export async function seedCommunityDemo(db: Db) {
  const members = await db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.username, ['alice', 'bob', 'carol', 'moderator']));
  const idOf = new Map(members.map((m) => [m.username, m.id]));
  const author = (name: string) => {
    const id = idOf.get(name);
    if (!id) throw new Error(`demo member ${name} is missing`);
    return id;
  };
  await db.insert(socialPosts).values(POSTS.map(([name, content]) => ({ userId: author(name), content })));

  const categories = await db
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .orderBy(asc(forumCategories.position));
  for (const [name, position, title, content] of THREADS) {
    const category = categories[Math.min(position, categories.length - 1)];
    if (!category) break;
    await db.insert(forumThreads).values({
      categoryId: category.id,
      userId: author(name),
      title,
      content,
      contentHtml: renderMarkdown(content),
    });
    await db
      .update(forumCategories)
      .set({ threadCount: sql`${forumCategories.threadCount} + 1` })
      .where(eq(forumCategories.id, category.id));
  }

  const covers = await Promise.all(LISTINGS.map((l, i) => seedCover(db, author(l.seller), i + 3)));
  await db.insert(marketplaceListings).values(
    LISTINGS.map((l, i) => ({
      userId: author(l.seller),
      imageUrl: covers[i],
      title: l.title,
      description: `${l.title}. Delivered instantly through the content link after purchase; protected by escrow.`,
      game: l.game,
      type: l.type,
      price: l.price,
      detectionStatus: l.type === 'cheat' ? (l.detectionStatus ?? 'unknown') : 'unknown',
      features: 'See description',
      requirements: 'None',
      contentLink: `https://files.example.com/demo/${encodeURIComponent(l.title.toLowerCase().replaceAll(' ', '-'))}`,
    })),
  );
}
