import { LogOut, Settings, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../contract/auth.ts';
import { shellMessages as messages } from '../../../contract/shell-messages.ts';
import { shellUi as ui } from '../../../contract/texts/shell-ui.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { errorMessage } from '../../lib/api.ts';
import { useMe } from '../../lib/session.ts';
import toast from '../../lib/toast.ts';

/**
 * Signed-in corner of the top bar: wallet, settings, log out, and the avatar linking to one's profile (a
 * members-only chunk: none of it is in a visitor's first screen).
 */
export function AccountActions({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  // The profile is fresher than the session (a new avatar or name shows at once).
  const me = useMe().data;

  const logOut = () =>
    signOut.mutate(undefined, {
      onError: (err) => toast.error(errorMessage(err, messages.signOutFailed)),
    });

  return (
    <>
      <Link to="/wallet" aria-label={ui.wallet} className={buttonClasses('ghost', 'icon')}>
        <Wallet className="size-5" aria-hidden="true" />
      </Link>
      <Link to="/profile/settings" aria-label={ui.settings} className={buttonClasses('ghost', 'icon')}>
        <Settings className="size-5" aria-hidden="true" />
      </Link>
      <Button variant="ghost" size="icon" aria-label={ui.logOut} loading={signOut.isPending} onClick={logOut}>
        {!signOut.isPending && <LogOut className="size-5" aria-hidden="true" />}
      </Button>
      <Link
        to={`/profile/${user.id}`}
        aria-label={ui.yourProfile}
        className="ml-1 rounded-full ring-2 ring-transparent transition hover:ring-primary/50"
      >
        <Avatar person={me ?? user} />
      </Link>
    </>
  );
}
