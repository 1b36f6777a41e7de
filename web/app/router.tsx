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
          soon('posts', 'Community Posts'),
          soon('forum', 'Forum'),
          soon('forum/post/:postId', 'Forum Post'),
          soon('cheats/:cheatId', 'Cheat Details'),
          soon('products', 'Products'),
          soon('products/:productId', 'Product Details'),
          soon('marketplace', 'Marketplace'),
          soon('marketplace/:listingId', 'Listing Details'),
          soon('profile/:userId', 'Profile'),
          {
            Component: RequireAuth,
            children: [
              soon('marketplace/create', 'Create Listing'),
              soon('marketplace/edit/:listingId', 'Edit Listing'),
              soon('messages', 'Messages'),
              soon('messages/new', 'New Message'),
              soon('messages/:userId', 'Conversation'),
              soon('edit-profile', 'Edit Profile'),
              soon('profile/settings', 'Settings'),
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
              soonIndex('Admin Dashboard'),
              soon('users', 'Manage Users'),
              soon('products', 'Manage Products'),
              soon('marketplace', 'Manage Marketplace'),
              soon('tickets', 'Manage Tickets'),
              soon('tickets/:ticketId', 'Ticket'),
              soon('reports', 'Reports'),
              soon('settings', 'Site Settings'),
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
