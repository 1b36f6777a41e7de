import { createBrowserRouter, type RouteObject } from 'react-router';
// The DOM build of the provider: it lets navigations use ReactDOM.flushSync (the sign-out relies on it).
import { RouterProvider } from 'react-router/dom';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import { homeData, marketplaceData, postsData } from './route-data.ts';

/*
 * Every page is its own chunk (React Router `lazy`), so the first screen loads only the shell and itself.
 * The busiest pages have a `loader` that starts their first query alongside that chunk (route-data.ts).
 */

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
              {
                path: 'login',
                handle: { title: 'Sign In' },
                lazy: () =>
                  import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
              },
              {
                path: 'register',
                handle: { title: 'Sign Up' },
                lazy: () =>
                  import('../features/auth/pages/register-page.tsx').then((m) => ({
                    Component: m.RegisterPage,
                  })),
              },
            ],
          },
          {
            path: 'reset-password',
            handle: { title: 'Reset Password' },
            lazy: () =>
              import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
                Component: m.ResetPasswordPage,
              })),
          },
          {
            path: 'security/not-me',
            handle: { title: "This Wasn't Me" },
            lazy: () =>
              import('../features/auth/pages/not-me-page.tsx').then((m) => ({ Component: m.NotMePage })),
          },
          {
            path: 'terms',
            handle: { title: 'Terms of Service' },
            lazy: () => import('./pages/terms-page.tsx').then((m) => ({ Component: m.TermsPage })),
          },
          {
            path: 'privacy',
            handle: { title: 'Privacy Policy' },
            lazy: () => import('./pages/privacy-page.tsx').then((m) => ({ Component: m.PrivacyPage })),
          },
          {
            path: 'posts',
            handle: { title: 'Community Posts' },
            loader: postsData,
            lazy: () =>
              import('../features/social/pages/posts-page.tsx').then((m) => ({ Component: m.PostsPage })),
          },
          {
            path: 'forum',
            handle: { title: 'Forum' },
            lazy: () =>
              import('../features/forum/pages/forum-page.tsx').then((m) => ({ Component: m.ForumPage })),
          },
          {
            path: 'forum/c/:categoryId',
            handle: { title: 'Forum' },
            lazy: () =>
              import('../features/forum/pages/forum-category-page.tsx').then((m) => ({
                Component: m.ForumCategoryPage,
              })),
          },
          {
            path: 'forum/post/:postId',
            handle: { title: 'Forum Post' },
            lazy: () =>
              import('../features/forum/pages/forum-thread-page.tsx').then((m) => ({
                Component: m.ForumThreadPage,
              })),
          },
          {
            path: 'cheats',
            handle: { title: 'Cheat Status' },
            lazy: () =>
              import('../features/cheats/pages/cheats-page.tsx').then((m) => ({ Component: m.CheatsPage })),
          },
          {
            path: 'cheats/:cheatId',
            handle: { title: 'Cheat Details' },
            lazy: () =>
              import('../features/cheats/pages/cheat-detail-page.tsx').then((m) => ({
                Component: m.CheatDetailPage,
              })),
          },
          {
            path: 'products',
            handle: { title: 'Products' },
            lazy: () =>
              import('../features/products/pages/products-page.tsx').then((m) => ({
                Component: m.ProductsPage,
              })),
          },
          {
            path: 'products/:productId',
            handle: { title: 'Product Details' },
            lazy: () =>
              import('../features/products/pages/product-detail-page.tsx').then((m) => ({
                Component: m.ProductDetailPage,
              })),
          },
          {
            path: 'marketplace',
            handle: { title: 'Marketplace' },
            loader: marketplaceData,
            lazy: () =>
              import('../features/marketplace/pages/marketplace-page.tsx').then((m) => ({
                Component: m.MarketplacePage,
              })),
          },
          {
            path: 'marketplace/:listingId',
            handle: { title: 'Listing Details' },
            lazy: () =>
              import('../features/marketplace/pages/listing-detail-page.tsx').then((m) => ({
                Component: m.ListingDetailPage,
              })),
          },
          // Creating a listing and messages show the spec's signed-out texts themselves (no redirect to /login).
          {
            path: 'marketplace/create',
            handle: { title: 'Create Listing' },
            lazy: () =>
              import('../features/marketplace/pages/listing-form-page.tsx').then((m) => ({
                Component: m.CreateListingPage,
              })),
          },
          {
            path: 'messages',
            handle: { title: 'Messages' },
            lazy: () =>
              import('../features/messages/pages/messages-page.tsx').then((m) => ({
                Component: m.MessagesPage,
              })),
          },
          {
            path: 'messages/new',
            handle: { title: 'New Message' },
            lazy: () =>
              import('../features/messages/pages/new-message-page.tsx').then((m) => ({
                Component: m.NewMessagePage,
              })),
          },
          {
            path: 'messages/:userId',
            handle: { title: 'Conversation' },
            lazy: () =>
              import('../features/messages/pages/messages-page.tsx').then((m) => ({
                Component: m.MessagesPage,
              })),
          },
          {
            path: 'profile/:userId',
            handle: { title: 'Profile' },
            lazy: () =>
              import('../features/profiles/pages/profile-page.tsx').then((m) => ({
                Component: m.ProfilePage,
              })),
          },
          {
            Component: RequireAuth,
            children: [
              {
                path: 'marketplace/edit/:listingId',
                handle: { title: 'Edit Listing' },
                lazy: () =>
                  import('../features/marketplace/pages/listing-form-page.tsx').then((m) => ({
                    Component: m.EditListingPage,
                  })),
              },
              {
                path: 'edit-profile',
                handle: { title: 'Edit Profile' },
                lazy: () =>
                  import('../features/account/pages/edit-profile-page.tsx').then((m) => ({
                    Component: m.EditProfilePage,
                  })),
              },
              {
                path: 'profile/settings',
                handle: { title: 'Settings' },
                lazy: () =>
                  import('../features/account/pages/settings-page.tsx').then((m) => ({
                    Component: m.SettingsPage,
                  })),
              },
              {
                path: 'tickets',
                handle: { title: 'Support Tickets' },
                lazy: () =>
                  import('../features/tickets/pages/tickets-page.tsx').then((m) => ({
                    Component: m.TicketsPage,
                  })),
              },
              {
                path: 'tickets/create',
                handle: { title: 'New Ticket' },
                lazy: () =>
                  import('../features/tickets/pages/create-ticket-page.tsx').then((m) => ({
                    Component: m.CreateTicketPage,
                  })),
              },
              {
                path: 'tickets/:ticketId',
                handle: { title: 'Ticket' },
                lazy: () =>
                  import('../features/tickets/pages/ticket-page.tsx').then((m) => ({
                    Component: m.TicketPage,
                  })),
              },
              {
                path: 'orders',
                handle: { title: 'Orders' },
                lazy: () =>
                  import('../features/marketplace/pages/orders-page.tsx').then((m) => ({
                    Component: m.OrdersPage,
                  })),
              },
              {
                path: 'seller',
                handle: { title: 'Seller dashboard' },
                lazy: () =>
                  import('../features/seller/pages/seller-page.tsx').then((m) => ({
                    Component: m.SellerPage,
                  })),
              },
              {
                path: 'wallet',
                handle: { title: 'Wallet' },
                lazy: () =>
                  import('../features/wallet/pages/wallet-page.tsx').then((m) => ({
                    Component: m.WalletPage,
                  })),
              },
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
                  {
                    index: true,
                    handle: { title: 'Admin Dashboard' },
                    lazy: () =>
                      import('../features/admin/pages/dashboard-page.tsx').then((m) => ({
                        Component: m.DashboardPage,
                      })),
                  },
                  {
                    path: 'users',
                    handle: { title: 'Manage Users' },
                    lazy: () =>
                      import('../features/admin/pages/admin-users-page.tsx').then((m) => ({
                        Component: m.AdminUsersPage,
                      })),
                  },
                  {
                    path: 'products',
                    handle: { title: 'Manage Products' },
                    lazy: () =>
                      import('../features/products/pages/admin-products-page.tsx').then((m) => ({
                        Component: m.AdminProductsPage,
                      })),
                  },
                  {
                    path: 'marketplace',
                    handle: { title: 'Manage Marketplace' },
                    lazy: () =>
                      import('../features/marketplace/pages/admin-marketplace-page.tsx').then((m) => ({
                        Component: m.AdminMarketplacePage,
                      })),
                  },
                  {
                    path: 'orders',
                    handle: { title: 'Manage Orders' },
                    lazy: () =>
                      import('../features/marketplace/pages/admin-orders-page.tsx').then((m) => ({
                        Component: m.AdminOrdersPage,
                      })),
                  },
                  {
                    path: 'tickets',
                    handle: { title: 'Manage Tickets' },
                    lazy: () =>
                      import('../features/tickets/pages/admin-tickets-page.tsx').then((m) => ({
                        Component: m.AdminTicketsPage,
                      })),
                  },
                  {
                    path: 'tickets/:ticketId',
                    handle: { title: 'Ticket' },
                    lazy: () =>
                      import('../features/tickets/pages/admin-ticket-page.tsx').then((m) => ({
                        Component: m.AdminTicketPage,
                      })),
                  },
                  {
                    path: 'audit-log',
                    handle: { title: 'Audit Log' },
                    lazy: () =>
                      import('../features/admin/pages/audit-log-page.tsx').then((m) => ({
                        Component: m.AuditLogPage,
                      })),
                  },
                  {
                    path: 'reports',
                    handle: { title: 'Manage Reports' },
                    lazy: () =>
                      import('../features/admin/pages/admin-reports-page.tsx').then((m) => ({
                        Component: m.AdminReportsPage,
                      })),
                  },
                  {
                    path: 'settings',
                    handle: { title: 'Site Settings' },
                    lazy: () =>
                      import('../features/site-settings/pages/admin-settings-page.tsx').then((m) => ({
                        Component: m.AdminSettingsPage,
                      })),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            handle: { title: 'Page not found' },
            lazy: () => import('./pages/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
          },
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
