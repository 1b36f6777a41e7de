import { createBrowserRouter, type RouteObject } from 'react-router';
// The DOM build of the provider: it lets navigations use ReactDOM.flushSync (the sign-out relies on it).
import { RouterProvider } from 'react-router/dom';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { GuestOnly, RequireAuth, RequireStaff } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';
import type { RouteHandle } from './route-handle.ts';

/*
 * Every page is its own chunk (React Router `lazy`), so the first screen loads only the shell and itself.
 * Pages of features still to come render the placeholder page, titled by their route's `handle`.
 */

const comingSoon = () =>
  import('./pages/coming-soon-page.tsx').then((m) => ({ Component: m.ComingSoonPage }));

function soon(path: string, title: string): RouteObject {
  return { path, lazy: comingSoon, handle: { title } satisfies RouteHandle };
}
function soonIndex(title: string): RouteObject {
  return { index: true, lazy: comingSoon, handle: { title } satisfies RouteHandle };
}

const routes: RouteObject[] = [
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
          soon('marketplace', 'Marketplace'),
          soon('marketplace/:listingId', 'Listing Details'),
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
              soon('marketplace/create', 'Create Listing'),
              soon('marketplace/edit/:listingId', 'Edit Listing'),
              soon('messages', 'Messages'),
              soon('messages/new', 'New Message'),
              soon('messages/:userId', 'Conversation'),
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
              soon('tickets', 'Support Tickets'),
              soon('tickets/create', 'New Ticket'),
              soon('tickets/:ticketId', 'Ticket'),
              soon('orders', 'Orders'),
              soon('wallet', 'Wallet'),
            ],
          },
          {
            path: 'admin',
            Component: RequireStaff,
            children: [
              {
                lazy: () =>
                  import('../features/admin/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
                children: [
                  soonIndex('Admin Dashboard'),
                  soon('users', 'Manage Users'),
                  {
                    path: 'products',
                    handle: { title: 'Manage Products' },
                    lazy: () =>
                      import('../features/products/pages/admin-products-page.tsx').then((m) => ({
                        Component: m.AdminProductsPage,
                      })),
                  },
                  soon('marketplace', 'Manage Marketplace'),
                  soon('tickets', 'Manage Tickets'),
                  soon('tickets/:ticketId', 'Ticket'),
                  soon('reports', 'Reports'),
                  soon('settings', 'Site Settings'),
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

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
