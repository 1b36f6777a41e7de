import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { returnPath, useSession } from '../lib/session.ts';

/** Login-required pages: visitors go to /login (the session's load shows a skeleton, never a redirect). */
export function RequireAuth() {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSkeleton />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

// The admin area's guard is require-staff.tsx, a lazy chunk: only the admin area needs it.

/**
 * Sign-in and sign-up: a member who is already signed in goes where they were headed (the same place the
 * sign-in sends them, so the two navigations never disagree), else home.
 */
export function GuestOnly() {
  const { user, isPending } = useSession();
  const { state } = useLocation();
  if (isPending) return <PageSkeleton />;
  if (user) return <Navigate to={returnPath(state)} replace />;
  return <Outlet />;
}
