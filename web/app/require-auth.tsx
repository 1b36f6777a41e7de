import { useContext } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { ServerDraw } from '../lib/server-draw.ts';
import { useSession } from '../lib/session.ts';

/** Login-required pages: visitors go to /login (the session's load shows a skeleton, never a redirect). */
export function RequireAuth() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSkeleton />;
  if (!user) return <ToSignIn />;
  return <Outlet />;
}

/**
 * A login-required page without a session sends the visitor to /login, to come back here after. Not a
 * page being left: a sign-out heads home before the session ends, but the route change is a transition
 * that a lazy chunk can hold back, so React may still show the page it left when the session empties;
 * that page waits for the navigation rather than naming itself as where to return.
 */
export function ToSignIn() {
  const { pathname } = useLocation();
  const drawing = useContext(ServerDraw);
  if (useNavigation().state !== 'idle') return <PageSkeleton />;
  if (drawing) {
    drawing.inBrowser = true;
    return null;
  }
  return <Navigate to="/login" replace state={{ from: pathname }} />;
}
