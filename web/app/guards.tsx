import { Navigate, Outlet, useLocation } from 'react-router';
import { isStaff } from '../../contract/limits.ts';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { useSession } from '../lib/session.ts';

/** Login-required pages: visitors go to /login (the session's load shows a skeleton, never a redirect). */
export function RequireAuth() {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageSkeleton />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** The admin area: moderators and admins only; everyone else goes home. */
export function RequireStaff() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSkeleton />;
  if (!user || !isStaff(user.role)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** Sign-in and sign-up: a member who is already signed in goes home. */
export function GuestOnly() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSkeleton />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
