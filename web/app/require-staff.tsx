import { Outlet } from 'react-router';
import { isStaff } from '../../contract/limits.ts';
import { componentsUi } from '../../contract/texts/components-ui.ts';
import { PageSkeleton } from '../components/ui/skeleton.tsx';
import { useSession } from '../lib/session.ts';
import { AccessDenied } from './access-denied.tsx';
import { ToSignIn } from './require-auth.tsx';

/**
 * The admin area: moderators and admins only. Visitors sign in first; a signed-in member who is not
 * staff sees Access Denied (spec §8 Other) on every admin URL, live if their role changes.
 */
export function RequireStaff() {
  const { user, isPending } = useSession();
  if (isPending) return <PageSkeleton />;
  if (!user) return <ToSignIn />;
  if (!isStaff(user.role)) return <AccessDenied detail={componentsUi.staffOnly} />;
  return <Outlet />;
}
