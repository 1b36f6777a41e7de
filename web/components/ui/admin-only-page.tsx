import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { useSession } from '../../lib/session.ts';
import { EmptyState } from './empty-state.tsx';

/**
 * A page of the staff area that only admins use (spec §2 Admin): a moderator sees its header and Access
 * Denied with `detail` in place of `children`.
 */
export function AdminOnlyPage({
  header,
  detail,
  children,
}: {
  header: ReactNode;
  detail: string;
  children: ReactNode;
}) {
  const { user } = useSession();
  return (
    <div>
      {header}
      {user?.role === 'admin' ? (
        children
      ) : (
        <EmptyState
          icon={<ShieldAlert className="size-8 text-danger" aria-hidden="true" />}
          text={ui.accessDenied}
          action={<p className="text-xs">{detail}</p>}
        />
      )}
    </div>
  );
}
