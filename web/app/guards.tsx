import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { returnPath, useSession } from '../lib/session.ts';

// The login-required and admin guards are lazy chunks (require-auth.tsx, require-staff.tsx): a visitor's
// first screen needs neither.

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
