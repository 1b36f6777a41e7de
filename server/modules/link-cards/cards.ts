import { and, eq } from 'drizzle-orm';
import { cheatStatusLabels } from '../../../contract/cheats.ts';
import type { Db } from '../../db/client.ts';
import {
  cheats,
  forumCategories,
  forumThreads,
  marketplaceListings,
  products,
  profiles,
} from '../../db/schema/index.ts';
import { isUuid } from '../../db/sql.ts';

/**
 * What a shared link shows (issue 37, link previews): a public page's own title, description and image, in
 * the HTML the server sends, so Discord, Telegram and X draw a card without running our JavaScript.
 */
export interface LinkCard {
  title: string;
  description: string;
  /** The page's canonical path. */
  path: string;
  type: 'website' | 'article' | 'product' | 'profile';
  /** A generated 1200×630 card image's path, for listings and threads. */
  image?: string;
  /** Up to two label/value pairs a card shows under its title (Twitter's label/data). */
  details?: [label: string, value: string][];
}

export const SITE_NAME = 'CheatMarket';
export const SITE_DESCRIPTION =
  'CheatMarket: the community and marketplace for premium game cheats and hacks.';

/** Pages without an id: their card is fixed. */
const fixedPages: Record<string, { title: string; description: string }> = {
  '/': { title: SITE_NAME, description: SITE_DESCRIPTION },
  '/marketplace': {
    title: 'Marketplace',
    description:
      'Buy and sell cheats, accounts and keys with buyer protection: credits held until you confirm.',
  },
  '/forum': { title: 'Forum', description: 'Discussions, guides and help from the CheatMarket community.' },
  '/posts': { title: 'Community Posts', description: "What CheatMarket's members are sharing right now." },
  '/cheats': {
    title: 'Cheat Status',
    description: 'Detection status of every cheat we publish, kept current.',
  },
  '/products': { title: 'Products', description: "CheatMarket's official products." },
};

/** The card a hidden, deleted or unknown page answers: it tells nothing about what was asked for. */
export function genericCard(path: string): LinkCard {
  return { title: SITE_NAME, description: SITE_DESCRIPTION, path, type: 'website' };
}

/** Markdown or plain text as one line of at most `max` characters, for a description. */
export function plainExcerpt(text: string, max = 200): string {
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_>#~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const credits = (n: number) => `${n.toLocaleString('en-US')} credits`;

/** A kind of page's card for an id, without the path (the asked one); null when the item is not public. */
type Resolver = (db: Db, id: string) => Promise<Omit<LinkCard, 'path'> | null>;

/** The data a listing's card (and its image) shows, or null when the listing is not public. */
export async function listingCardData(db: Db, id: string) {
  const [row] = await db
    .select({
      title: marketplaceListings.title,
      description: marketplaceListings.description,
      price: marketplaceListings.price,
      game: marketplaceListings.game,
      detection: marketplaceListings.detectionStatus,
      status: marketplaceListings.status,
      seller: profiles.username,
      sellerBanned: profiles.banned,
    })
    .from(marketplaceListings)
    .innerJoin(profiles, eq(profiles.id, marketplaceListings.userId))
    .where(eq(marketplaceListings.id, id));
  if (!row || row.status === 'suspended' || row.sellerBanned) return null;
  return row;
}

/** The data a thread's card (and its image) shows. */
export async function threadCardData(db: Db, id: string) {
  const [row] = await db
    .select({
      title: forumThreads.title,
      content: forumThreads.content,
      replies: forumThreads.replyCount,
      category: forumCategories.name,
      author: profiles.username,
      authorBanned: profiles.banned,
    })
    .from(forumThreads)
    .innerJoin(forumCategories, eq(forumCategories.id, forumThreads.categoryId))
    .innerJoin(profiles, eq(profiles.id, forumThreads.userId))
    .where(eq(forumThreads.id, id));
  return row && !row.authorBanned ? row : null;
}

const resolvers: [RegExp, Resolver][] = [
  [
    /^\/marketplace\/([^/]+)$/,
    async (db, id) => {
      const row = await listingCardData(db, id);
      if (!row) return null;
      return {
        title: row.title,
        description: plainExcerpt(row.description),
        type: 'product',
        image: `/og/listing/${id}.png`,
        details: [
          ['Price', credits(row.price)],
          ['Seller', row.seller],
        ],
      };
    },
  ],
  [
    /^\/forum\/post\/([^/]+)$/,
    async (db, id) => {
      const row = await threadCardData(db, id);
      if (!row) return null;
      return {
        title: row.title,
        description: plainExcerpt(row.content),
        type: 'article',
        image: `/og/thread/${id}.png`,
        details: [
          ['Category', row.category],
          ['Author', row.author],
        ],
      };
    },
  ],
  [
    /^\/cheats\/([^/]+)$/,
    async (db, id) => {
      const [row] = await db
        .select({
          title: cheats.title,
          description: cheats.description,
          game: cheats.game,
          status: cheats.status,
        })
        .from(cheats)
        .where(eq(cheats.id, id));
      if (!row) return null;
      return {
        title: `${row.title}: ${cheatStatusLabels[row.status]}`,
        description: plainExcerpt(row.description),
        type: 'article',
        details: [
          ['Status', cheatStatusLabels[row.status]],
          ['Game', row.game],
        ],
      };
    },
  ],
  [
    /^\/products\/([^/]+)$/,
    async (db, id) => {
      const [row] = await db
        .select({ title: products.title, description: products.description })
        .from(products)
        .where(and(eq(products.id, id), eq(products.status, 'active')));
      if (!row) return null;
      return { title: row.title, description: plainExcerpt(row.description), type: 'product' };
    },
  ],
  [
    /^\/profile\/([^/]+)$/,
    async (db, id) => {
      const [row] = await db
        .select({ username: profiles.username, bio: profiles.bio, vouches: profiles.vouches })
        .from(profiles)
        .where(and(eq(profiles.id, id), eq(profiles.banned, false)));
      if (!row) return null;
      return {
        title: row.username,
        description: row.bio ? plainExcerpt(row.bio) : `${row.username} on ${SITE_NAME}.`,
        type: 'profile',
        details: [['Feedback', `${row.vouches.toLocaleString('en-US')} vouches`]],
      };
    },
  ],
  [
    /^\/forum\/c\/([^/]+)$/,
    async (db, id) => {
      const [row] = await db
        .select({ name: forumCategories.name, description: forumCategories.description })
        .from(forumCategories)
        .where(eq(forumCategories.id, id));
      if (!row) return null;
      return {
        title: `${row.name} · Forum`,
        description: row.description
          ? plainExcerpt(row.description)
          : `${row.name} on the ${SITE_NAME} forum.`,
        type: 'website',
      };
    },
  ],
];

/**
 * The card of a page path (no query string), or null when the path is not a public page (the web app's
 * default head is sent then). A hidden or unknown item of a public kind answers the generic card.
 */
export async function resolveCard(db: Db, path: string): Promise<LinkCard | null> {
  const fixed = fixedPages[path];
  if (fixed) return { ...fixed, path, type: 'website' };
  for (const [pattern, resolve] of resolvers) {
    const id = pattern.exec(path)?.[1];
    if (id === undefined) continue;
    if (!isUuid(id)) return genericCard(path);
    const card = await resolve(db, id.toLowerCase());
    return card ? { ...card, path } : genericCard(path);
  }
  return null;
}
