import { LogIn, Newspaper } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { postsUi as ui } from '../../../../contract/texts/social-ui.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { FeedSkeleton } from '../components/feed-skeleton.tsx';

/** The member's feed, its own chunk: a visitor sees the sign-in prompt and never fetches it. */
const Feed = lazy(() => import('../components/feed.tsx').then((m) => ({ default: m.Feed })));

export function PostsPage() {
  const { user, isPending } = useSession();

  return (
    <Page width="max-w-2xl" title={ui.title} icon={Newspaper} iconSize="size-5" intro={ui.intro}>
      {isPending ? (
        <FeedSkeleton />
      ) : user ? (
        <Suspense fallback={<FeedSkeleton />}>
          <Feed viewerId={user.id} />
        </Suspense>
      ) : (
        <SignInPrompt />
      )}
    </Page>
  );
}

function SignInPrompt() {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-primary/10 text-primary">
        <LogIn className="size-6" aria-hidden="true" />
      </span>
      <div>
        <h2 className="text-lg font-semibold">{ui.signInTitle}</h2>
        <p className="mt-1 text-sm text-muted">{ui.signInText}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/login" className={buttonClasses('primary', 'md')}>
          {ui.signIn}
        </Link>
        <Link to="/register" className={buttonClasses('outline', 'md')}>
          {ui.joinNow}
        </Link>
      </div>
    </Card>
  );
}
