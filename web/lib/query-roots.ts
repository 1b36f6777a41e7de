/*
 * The roots of the query keys one feature invalidates for another (features never import each other): the
 * owning feature's key factory starts from its root here (`listingKeys.all`, `ticketKeys.all`, `postsKey`,
 * `cheatKeys.all`), and the others invalidate the root instead of spelling `['listings']` again.
 */
export const listingsRootKey = ['listings'] as const;
export const ticketsRootKey = ['tickets'] as const;
export const postsRootKey = ['posts'] as const;
export const cheatsRootKey = ['cheats'] as const;
export const notificationsRootKey = ['notifications'] as const;
export const forumRootKey = ['forum'] as const;
/** Invalidated after a money movement (confirm, dispute, settle, purchase, a live wallet event). */
export const ordersRootKey = ['orders'] as const;
export const walletRootKey = ['wallet'] as const;
