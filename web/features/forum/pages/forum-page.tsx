import { ChevronRight, MessagesSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { useSession } from '../../../lib/session.ts';
import { withNumber } from '../../../lib/text-parts.tsx';
import { useFailureToast } from '../../../lib/use-failure-toast.ts';
import { useForumCategories } from '../api.ts';

// Only admins see these, and their form brings the zod schemas: a visitor's forum loads neither.
const loadAdmin = () => import('../components/category-admin.tsx');
const NewCategoryButton = lazy(() => loadAdmin().then((mod) => ({ default: mod.NewCategoryButton })));
const DeleteCategoryButton = lazy(() => loadAdmin().then((mod) => ({ default: mod.DeleteCategoryButton })));

export function ForumPage() {
  const query = useForumCategories();
  const isAdmin = useSession().user?.role === 'admin';
  useFailureToast(query.isError, 'forum-categories', m.loadFailed);

  const actions = isAdmin ? (
    <Suspense fallback={null}>
      <NewCategoryButton />
    </Suspense>
  ) : undefined;

  return (
    <Page width="max-w-4xl" title={ui.forum} icon={MessagesSquare} intro={ui.intro} actions={actions}>
      {query.isPending ? (
        <SkeletonRows label={ui.loadingCategories} rows={4} className="h-20 w-full rounded-2xl" />
      ) : !query.data?.items.length ? (
        <EmptyState text={m.noCategories} />
      ) : (
        <ul className="flex flex-col gap-3">
          {query.data.items.map((c) => (
            <li key={c.id} className="flex items-center gap-2">
              <Card className="flex-1 transition hover:border-primary/40">
                <Link
                  to={`/forum/c/${c.id}`}
                  className="flex items-center gap-4 rounded-2xl p-5 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
                    <MessagesSquare className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 font-semibold">
                      {c.name}
                      {c.unreadCount > 0 && <Badge tone="primary">{ui.unreadCount(c.unreadCount)}</Badge>}
                    </span>
                    {c.description && (
                      <span className="mt-0.5 block text-sm text-muted">{c.description}</span>
                    )}
                  </span>
                  <span className="shrink-0 text-right text-sm text-muted">
                    {withNumber(
                      ui.threadCount(c.threadCount),
                      c.threadCount,
                      (figure) => (
                        <span className="block font-semibold text-fg">{figure}</span>
                      ),
                      // The figure is a block above the word: no space between them, as before.
                      (words) => words.trim(),
                    )}
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden="true" />
                </Link>
              </Card>
              {isAdmin && (
                <Suspense fallback={null}>
                  <DeleteCategoryButton category={c} />
                </Suspense>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
