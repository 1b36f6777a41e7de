import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
// The DOM build of the provider: it lets navigations use ReactDOM.flushSync (the sign-out relies on it).
import { RouterProvider } from 'react-router/dom';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { GuestOnly } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { homeData, marketplaceData, postsData } from './route-data.ts';

/*
 * Every page is its own chunk (React Router `lazy`), so the first screen loads only the shell and itself.
 * The busiest pages have a `loader` that starts their first query alongside that chunk (route-data.ts).
 */

/** A route to the page `name` exports from its own lazily loaded module, with the document title. */
function page<K extends string>(
  path: string | undefined,
  title: string,
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
              page('login', 'Sign In', () => import('../features/auth/pages/login-page.tsx'), 'LoginPage'),
              page(
                'register',
                'Sign Up',
                () => import('../features/auth/pages/register-page.tsx'),
                'RegisterPage',
              ),
              page(
                'sso/username',
                'Choose a Username',
                () => import('../features/auth/pages/sso-username-page.tsx'),
                'SsoUsernamePage',
              ),
            ],
          },
          page(
            'reset-password',
            'Reset Password',
            () => import('../features/auth/pages/reset-password-page.tsx'),
            'ResetPasswordPage',
          ),
          page(
            'verify-email',
            'Verify Email',
            () => import('../features/auth/pages/verify-email-page.tsx'),
            'VerifyEmailPage',
          ),
          page(
            'security/not-me',
            "This Wasn't Me",
            () => import('../features/auth/pages/not-me-page.tsx'),
            'NotMePage',
          ),
          page('terms', 'Terms of Service', () => import('./pages/terms-page.tsx'), 'TermsPage'),
          page('privacy', 'Privacy Policy', () => import('./pages/privacy-page.tsx'), 'PrivacyPage'),
          {
            ...page(
              'posts',
              'Community Posts',
              () => import('../features/social/pages/posts-page.tsx'),
              'PostsPage',
            ),
            loader: postsData,
          },
          page('forum', 'Forum', () => import('../features/forum/pages/forum-page.tsx'), 'ForumPage'),
          page(
            'forum/c/:categoryId',
            'Forum',
            () => import('../features/forum/pages/forum-category-page.tsx'),
            'ForumCategoryPage',
          ),
          page(
            'forum/post/:postId',
            'Forum Post',
            () => import('../features/forum/pages/forum-thread-page.tsx'),
            'ForumThreadPage',
          ),
          page(
            'cheats',
            'Cheat Status',
            () => import('../features/cheats/pages/cheats-page.tsx'),
            'CheatsPage',
          ),
          page(
            'cheats/:cheatId',
            'Cheat Details',
            () => import('../features/cheats/pages/cheat-detail-page.tsx'),
            'CheatDetailPage',
          ),
          page(
            'products',
            'Products',
            () => import('../features/products/pages/products-page.tsx'),
            'ProductsPage',
          ),
          page(
            'products/:productId',
            'Product Details',
            () => import('../features/products/pages/product-detail-page.tsx'),
            'ProductDetailPage',
          ),
          {
            ...page(
              'marketplace',
              'Marketplace',
              () => import('../features/marketplace/pages/marketplace-page.tsx'),
              'MarketplacePage',
            ),
            loader: marketplaceData,
          },
          page(
            'marketplace/:listingId',
            'Listing Details',
            () => import('../features/marketplace/pages/listing-detail-page.tsx'),
            'ListingDetailPage',
          ),
          // Creating a listing and messages show the spec's signed-out texts themselves (no redirect to /login).
          page(
            'marketplace/create',
            'Create Listing',
            () => import('../features/marketplace/pages/listing-form-page.tsx'),
            'CreateListingPage',
          ),
          page(
            'messages',
            'Messages',
            () => import('../features/messages/pages/messages-page.tsx'),
            'MessagesPage',
          ),
          page(
            'messages/new',
            'New Message',
            () => import('../features/messages/pages/new-message-page.tsx'),
            'NewMessagePage',
          ),
          page(
            'messages/:userId',
            'Conversation',
            () => import('../features/messages/pages/messages-page.tsx'),
            'MessagesPage',
          ),
          page(
            'profile/:userId',
            'Profile',
            () => import('../features/profiles/pages/profile-page.tsx'),
            'ProfilePage',
          ),
          {
            lazy: () => import('./require-auth.tsx').then((m) => ({ Component: m.RequireAuth })),
            children: [
              page(
                'marketplace/edit/:listingId',
                'Edit Listing',
                () => import('../features/marketplace/pages/listing-form-page.tsx'),
                'EditListingPage',
              ),
              page(
                'edit-profile',
                'Edit Profile',
                () => import('../features/account/pages/edit-profile-page.tsx'),
                'EditProfilePage',
              ),
              page(
                'profile/settings',
                'Settings',
                () => import('../features/account/pages/settings-page.tsx'),
                'SettingsPage',
              ),
              page(
                'tickets',
                'Support Tickets',
                () => import('../features/tickets/pages/tickets-page.tsx'),
                'TicketsPage',
              ),
              page(
                'tickets/create',
                'New Ticket',
                () => import('../features/tickets/pages/create-ticket-page.tsx'),
                'CreateTicketPage',
              ),
              page(
                'tickets/:ticketId',
                'Ticket',
                () => import('../features/tickets/pages/ticket-page.tsx'),
                'TicketPage',
              ),
              page(
                'orders',
                'Orders',
                () => import('../features/marketplace/pages/orders-page.tsx'),
                'OrdersPage',
              ),
              page(
                'seller',
                'Seller dashboard',
                () => import('../features/seller/pages/seller-page.tsx'),
                'SellerPage',
              ),
              page(
                'wallet',
                'Wallet',
                () => import('../features/wallet/pages/wallet-page.tsx'),
                'WalletPage',
              ),
              page(
                'wallet/sandbox-checkout/:depositId',
                'Sandbox checkout',
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
                    'Admin Dashboard',
                    () => import('../features/admin/pages/dashboard-page.tsx'),
                    'DashboardPage',
                  ),
                  page(
                    'users',
                    'Manage Users',
                    () => import('../features/admin/pages/admin-users-page.tsx'),
                    'AdminUsersPage',
                  ),
                  page(
                    'products',
                    'Manage Products',
                    () => import('../features/products/pages/admin-products-page.tsx'),
                    'AdminProductsPage',
                  ),
                  page(
                    'marketplace',
                    'Manage Marketplace',
                    () => import('../features/marketplace/pages/admin-marketplace-page.tsx'),
                    'AdminMarketplacePage',
                  ),
                  page(
                    'orders',
                    'Manage Orders',
                    () => import('../features/marketplace/pages/admin-orders-page.tsx'),
                    'AdminOrdersPage',
                  ),
                  page(
                    'tickets',
                    'Manage Tickets',
                    () => import('../features/tickets/pages/admin-tickets-page.tsx'),
                    'AdminTicketsPage',
                  ),
                  page(
                    'tickets/:ticketId',
                    'Ticket',
                    () => import('../features/tickets/pages/admin-ticket-page.tsx'),
                    'AdminTicketPage',
                  ),
                  page(
                    'withdrawals',
                    'Withdrawals',
                    () => import('../features/wallet/pages/admin-withdrawals-page.tsx'),
                    'AdminWithdrawalsPage',
                  ),
                  page(
                    'audit-log',
                    'Audit Log',
                    () => import('../features/admin/pages/audit-log-page.tsx'),
                    'AuditLogPage',
                  ),
                  page(
                    'reports',
                    'Manage Reports',
                    () => import('../features/admin/pages/admin-reports-page.tsx'),
                    'AdminReportsPage',
                  ),
                  page(
                    'review',
                    'Review',
                    () => import('../features/admin/pages/admin-review-page.tsx'),
                    'AdminReviewPage',
                  ),
                  page(
                    'settings',
                    'Site Settings',
                    () => import('../features/site-settings/pages/admin-settings-page.tsx'),
                    'AdminSettingsPage',
                  ),
                ],
              },
            ],
          },
          page('*', 'Page not found', () => import('./pages/not-found-page.tsx'), 'NotFoundPage'),
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
