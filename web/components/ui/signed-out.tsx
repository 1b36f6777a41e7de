import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** The spec's signed-out text with a Sign in link. */
export function SignedOut({ text }: { text: string }) {
  return (
    <div className="mx-auto w-full max-w-xl">
      <EmptyState
        text={text}
        icon={<LogIn className="size-6" aria-hidden="true" />}
        action={
          <Link to="/login" className={buttonClasses('primary', 'sm')}>
            Sign in
          </Link>
        }
      />
    </div>
  );
}
