import { type APIRequestContext, expect } from '@playwright/test';
import type { RouteObject } from 'react-router';
import { asUser } from './social.ts';
import { asAdmin, createUser, type E2EUser } from './users.ts';

/*
 * The walks over every route of the web router (responsive.spec.ts, pseudo-locale.spec.ts): the paths come from
 * the router's own table, so a new route is walked without touching a spec, and its `:param`s are filled with
 * records made through the API here.
 */

/** Every path of the route tree, detail routes keeping their `:param` (filled by `fillRoute`). */
export function routePaths(tree: RouteObject[], prefix = ''): string[] {
  const found: string[] = [];
  for (const route of tree) {
    const here = route.path ? `${prefix.replace(/\/$/, '')}/${route.path}` : prefix || '/';
    if ((route.index || route.path) && route.path !== '*') found.push(here);
    if (route.children) found.push(...routePaths(route.children, here));
  }
  return [...new Set(found)];
}

export function fillRoute(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`e2e/support/routes.ts seeds no id for :${name} (${path}); add one`);
    return value;
  });
}

export interface RouteRecords {
  /** The member who owns the records (a post, a thread, a listing, a ticket, a top-up, a conversation). */
  member: E2EUser;
  /** The member who bought the listing and reported the post. */
  other: E2EUser;
  /** An id for every `:param` of the router. */
  params: Record<string, string>;
  /** Every text the records carry that a page may show (titles, contents, names): user content. */
  texts: string[];
}

/** One of each record the router's detail pages show, made through the API (`prefix` names the members). */
export async function seedRouteRecords(request: APIRequestContext, prefix: string): Promise<RouteRecords> {
  const [member, other] = await Promise.all([
    createUser(request, prefix),
    createUser(request, `${prefix}_other`),
  ]);
  const texts = {
    cheat: {
      title: 'Responsive Aim Assist with a long title to wrap on a phone',
      game: 'Counter-Strike 2',
      description: 'A cheat for the responsive walk.',
      downloadUrl: 'https://files.example.com/responsive',
    },
    product: {
      title: 'Responsive Product',
      description: 'A product for the responsive walk.',
      salesUrl: 'https://shop.example.com/responsive',
    },
    balance: 'Credits for the responsive walk',
    post: 'A post to report on a phone',
    thread: {
      // A long title, as real ones are: lists must truncate or wrap it, never widen the page.
      title: 'A thread read on a phone, with a title long enough to need truncating wherever it is listed',
      content: 'Thread content',
    },
    listing: {
      title: 'Responsive listing',
      game: 'Counter-Strike 2',
      features: 'ESP',
      requirements: 'Windows',
      description: 'A listing that exists for the responsive walk.',
      contentLink: 'https://files.example.com/responsive-listing',
    },
    ticket: { title: 'A ticket read on a phone', message: 'Please help on a small screen.' },
    message: 'Hello there',
    report: 'Spam on a phone',
  };
  const { cheatId, productId } = await asAdmin(request, async () => {
    const cheat = await request.post('/api/v1/admin/cheats', { data: texts.cheat });
    const product = await request.post('/api/v1/admin/products', { data: texts.product });
    const balance = await request.post(`/api/v1/admin/users/${other.id}/balance`, {
      data: { amount: 100, currency: 'credits', description: texts.balance },
    });
    for (const res of [cheat, product, balance]) expect(res.status(), await res.text()).toBeLessThan(300);
    return { cheatId: (await cheat.json()).id as string, productId: (await product.json()).id as string };
  });
  const made = await asUser(request, member, async () => {
    const post = await request.post('/api/v1/posts', { data: { content: texts.post } });
    const categories = await (await request.get('/api/v1/forum/categories')).json();
    const categoryId = categories.items[0].id as string;
    const thread = await request.post('/api/v1/forum/threads', { data: { categoryId, ...texts.thread } });
    const listing = await request.post('/api/v1/listings', { data: { ...texts.listing, price: 10 } });
    const ticket = await request.post('/api/v1/tickets', { data: texts.ticket });
    await request.post('/api/v1/messages', { data: { recipientId: other.id, message: texts.message } });
    // A top-up waiting at the sandbox's checkout (on in the e2e server: no processor is configured).
    const deposit = await request.post('/api/v1/wallet/deposits', {
      data: { method: 'sandbox', credits: 500 },
    });
    for (const res of [post, thread, listing, ticket, deposit])
      expect(res.status(), await res.text()).toBe(201);
    return {
      reported: (await post.json()).id as string,
      categoryId,
      postId: (await thread.json()).id as string,
      listingId: (await listing.json()).id as string,
      ticketId: (await ticket.json()).id as string,
      depositId: (await deposit.json()).id as string,
    };
  });
  // An order and a report, so the admin's orders and reports lists have rows.
  await asUser(request, other, async () => {
    const order = await request.post(`/api/v1/listings/${made.listingId}/purchase`, {
      data: { expectedPrice: 10 },
    });
    const report = await request.post('/api/v1/reports', {
      data: { target: { type: 'post', id: made.reported }, reason: texts.report },
    });
    for (const res of [order, report]) expect(res.status(), await res.text()).toBe(201);
  });
  const strings = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : Object.values(value as object).flatMap(strings);
  return {
    member,
    other,
    params: { ...made, cheatId, productId, userId: member.id },
    texts: [...strings(texts), member.username, member.email, other.username, other.email],
  };
}
