import { LogIn } from 'lucide-react';
import { useContext } from 'react';
import { Link, useLocation } from 'react-router';
import { shellUi } from '../../../contract/texts/shell-ui.ts';
import { ServerDraw } from '../../lib/server-draw.ts';
import { buttonClasses } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/**
 * A page a visitor must sign in for, when the spec gives it a signed-out text: that text and a Sign in link
 * that brings them back here afterwards (the login page follows `state.from`, as after a guard's redirect).
 */
export function SignedOut({ text }: { text: string }) {
  const { pathname } = useLocation();
  // Drawn in the browser, not on the server (lib/server-draw.ts): the link's way back lives in the router.
  const drawing = useContext(ServerDraw);
  if (drawing) {
    drawing.inBrowser = true;
    return null;
  }
  return (
    <div className="mx-auto w-full max-w-xl">
      <EmptyState
        text={text}
        icon={<LogIn className="size-6" aria-hidden="true" />}
        action={
          <Link to="/login" state={{ from: pathname }} className={buttonClasses('primary', 'sm')}>
            {shellUi.signIn}
          </Link>
        }
      />
    </div>
  );
}
