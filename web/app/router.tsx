import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
// The DOM build of the provider: it lets navigations use ReactDOM.flushSync (the sign-out relies on it).
import { RouterProvider } from 'react-router/dom';
import type { PageTitle } from '../../contract/texts/shell-ui.ts';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { nextTask } from '../lib/after-load.ts';
import { GuestOnly } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { homeData, marketplaceData, postsData } from './route-data.ts';

/*
 * Every page is its own chunk (React Router `lazy`), so the first screen loads only the shell and itself.
 * The busiest pages have a `loader` that starts their first query alongside that chunk (route-data.ts).
 */

/** A route to the page `name` exports from its own lazily loaded module, with its title's key (pageTitles). */
function page<K extends string>(
  path: string | undefined,
  title: PageTitle,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): RouteObject {
  const lazy = () => load().then((m) => ({ Component: m[name] }));
  return path === undefined ? { index: true, handle: { title }, lazy } : { path, handle: { title }, lazy };
}

/** Exported for e2e/responsive.spec.ts, which opens every path of this tree. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Shown inside the shell while the first page's chunk loads.
        HydrateFallback: PageSkeleton,
        children: [
          {
            index: true,
            loader: homeData,
            lazy: () => import('./pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
          },
          {
            Component: GuestOnly,
            children: [
              page('login', 'signIn', () => import('../features/auth/pages/login-page.tsx'), 'LoginPage'),
              page(
                'register',
                'signUp',
                () => import('../features/auth/pages/register-page.tsx'),
                'RegisterPage',
              ),
              page(
                'sso/username',
                'chooseUsername',
                () => import('../features/auth/pages/sso-username-page.tsx'),
                'SsoUsernamePage',
              ),
            ],
          },
          page(
            'reset-password',
            'resetPassword',
            () => import('../features/auth/pages/reset-password-page.tsx'),
            'ResetPasswordPage',
          ),
          page(
            'verify-email',
            'verifyEmail',
            () => import('../features/auth/pages/verify-email-page.tsx'),
            'VerifyEmailPage',
          ),
          page(
            'security/not-me',
            'notMe',
            () => import('../features/auth/pages/not-me-page.tsx'),
            'NotMePage',
          ),
          page('terms', 'terms', () => import('./pages/terms-page.tsx'), 'TermsPage'),
          page('privacy', 'privacy', () => import('./pages/privacy-page.tsx'), 'PrivacyPage'),
          {
            ...page('posts', 'posts', () => import('../features/social/pages/posts-page.tsx'), 'PostsPage'),
            loader: postsData,
          },
          page('forum', 'forum', () => import('../features/forum/pages/forum-page.tsx'), 'ForumPage'),
          page(
            'forum/c/:categoryId',
            'forum',
            () => import('../features/forum/pages/forum-category-page.tsx'),
            'ForumCategoryPage',
          ),
          page(
            'forum/post/:postId',
            'forumPost',
            () => import('../features/forum/pages/forum-thread-page.tsx'),
            'ForumThreadPage',
          ),
          page('cheats', 'cheats', () => import('../features/cheats/pages/cheats-page.tsx'), 'CheatsPage'),
          page(
            'cheats/:cheatId',
            'cheatDetails',
            () => import('../features/cheats/pages/cheat-detail-page.tsx'),
            'CheatDetailPage',
          ),
          page(
            'products',
            'products',
            () => import('../features/products/pages/products-page.tsx'),
            'ProductsPage',
          ),
          page(
            'products/:productId',
            'productDetails',
            () => import('../features/products/pages/product-detail-page.tsx'),
            'ProductDetailPage',
          ),
          {
            ...page(
              'marketplace',
              'marketplace',
              () => import('../features/marketplace/pages/marketplace-page.tsx'),
              'MarketplacePage',
            ),
            loader: marketplaceData,
          },
          page(
            'marketplace/:listingId',
            'listingDetails',
            () => import('../features/marketplace/pages/listing-detail-page.tsx'),
            'ListingDetailPage',
          ),
          // Creating a listing and messages show the spec's signed-out texts themselves (no redirect to /login).
          page(
            'marketplace/create',
            'createListing',
            () => import('../features/marketplace/pages/listing-form-page.tsx'),
            'CreateListingPage',
          ),
          page(
            'messages',
            'messages',
            () => import('../features/messages/pages/messages-page.tsx'),
            'MessagesPage',
          ),
          page(
            'messages/new',
            'newMessage',
            () => import('../features/messages/pages/new-message-page.tsx'),
            'NewMessagePage',
          ),
          page(
            'messages/:userId',
            'conversation',
            () => import('../features/messages/pages/messages-page.tsx'),
            'MessagesPage',
          ),
          page(
            'profile/:userId',
            'profile',
            () => import('../features/profiles/pages/profile-page.tsx'),
            'ProfilePage',
          ),
          {
            lazy: () => import('./require-auth.tsx').then((m) => ({ Component: m.RequireAuth })),
            children: [
              page(
                'marketplace/edit/:listingId',
                'editListing',
                () => import('../features/marketplace/pages/listing-form-page.tsx'),
                'EditListingPage',
              ),
              page(
                'edit-profile',
                'editProfile',
                () => import('../features/account/pages/edit-profile-page.tsx'),
                'EditProfilePage',
              ),
              page(
                'profile/settings',
                'settings',
                () => import('../features/account/pages/settings-page.tsx'),
                'SettingsPage',
              ),
              page(
                'tickets',
                'tickets',
                () => import('../features/tickets/pages/tickets-page.tsx'),
                'TicketsPage',
              ),
              page(
                'tickets/create',
                'newTicket',
                () => import('../features/tickets/pages/create-ticket-page.tsx'),
                'CreateTicketPage',
              ),
              page(
                'tickets/:ticketId',
                'ticket',
                () => import('../features/tickets/pages/ticket-page.tsx'),
                'TicketPage',
              ),
              page(
                'orders',
                'orders',
                () => import('../features/marketplace/pages/orders-page.tsx'),
                'OrdersPage',
              ),
              page(
                'seller',
                'seller',
                () => import('../features/seller/pages/seller-page.tsx'),
                'SellerPage',
              ),
              page(
                'wallet',
                'wallet',
                () => import('../features/wallet/pages/wallet-page.tsx'),
                'WalletPage',
              ),
              page(
                'wallet/sandbox-checkout/:depositId',
                'sandboxCheckout',
                () => import('../features/wallet/pages/sandbox-checkout-page.tsx'),
                'SandboxCheckoutPage',
              ),
            ],
          },
          {
            path: 'admin',
            lazy: () => import('./require-staff.tsx').then((m) => ({ Component: m.RequireStaff })),
            children: [
              {
                lazy: () =>
                  import('../features/admin/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
                children: [
                  page(
                    undefined,
                    'adminDashboard',
                    () => import('../features/admin/pages/dashboard-page.tsx'),
                    'DashboardPage',
                  ),
                  page(
                    'users',
                    'manageUsers',
                    () => import('../features/admin/pages/admin-users-page.tsx'),
                    'AdminUsersPage',
                  ),
                  page(
                    'products',
                    'manageProducts',
                    () => import('../features/products/pages/admin-products-page.tsx'),
                    'AdminProductsPage',
                  ),
                  page(
                    'marketplace',
                    'manageMarketplace',
                    () => import('../features/marketplace/pages/admin-marketplace-page.tsx'),
                    'AdminMarketplacePage',
                  ),
                  page(
                    'orders',
                    'manageOrders',
                    () => import('../features/marketplace/pages/admin-orders-page.tsx'),
                    'AdminOrdersPage',
                  ),
                  page(
                    'tickets',
                    'manageTickets',
                    () => import('../features/tickets/pages/admin-tickets-page.tsx'),
                    'AdminTicketsPage',
                  ),
                  page(
                    'tickets/:ticketId',
                    'ticket',
                    () => import('../features/tickets/pages/admin-ticket-page.tsx'),
                    'AdminTicketPage',
                  ),
                  page(
                    'withdrawals',
                    'withdrawals',
                    () => import('../features/wallet/pages/admin-withdrawals-page.tsx'),
                    'AdminWithdrawalsPage',
                  ),
                  page(
                    'audit-log',
                    'auditLog',
                    () => import('../features/admin/pages/audit-log-page.tsx'),
                    'AuditLogPage',
                  ),
                  page(
                    'reports',
                    'manageReports',
                    () => import('../features/admin/pages/admin-reports-page.tsx'),
                    'AdminReportsPage',
                  ),
                  page(
                    'review',
                    'review',
                    () => import('../features/admin/pages/admin-review-page.tsx'),
                    'AdminReviewPage',
                  ),
                  page(
                    'settings',
                    'siteSettings',
                    () => import('../features/site-settings/pages/admin-settings-page.tsx'),
                    'AdminSettingsPage',
                  ),
                ],
              },
            ],
          },
          page('*', 'notFound', () => import('./pages/not-found-page.tsx'), 'NotFoundPage'),
        ],
      },
    ],
  },
];

// Made on first render rather than at import, so the route table can be read outside a browser.
let router: ReturnType<typeof createBrowserRouter> | undefined;

export function AppRouter() {
  router ??= createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}

/**
 * The router for a page the server drew (web/entry-server.tsx): the matched routes' lazy modules loaded first
 * and the loaders' data taken as given, so its first render is the server's markup, not a loading skeleton.
 */
export async function prepareHydration(loaderData: Record<string, unknown>) {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  // The page's chunk was evaluated in this task: the router's start (it ranks every route) gets one of its own.
  await nextTask();
  router = createBrowserRouter(routes, { hydrationData: { loaderData } });
}
