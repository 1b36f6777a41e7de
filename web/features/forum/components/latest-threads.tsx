import { MessageSquare } from 'lucide-react';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumListUi } from '../../../../contract/texts/forum-ui.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { LinkRows } from '../../../components/ui/link-rows.tsx';
import { useLatestThreads } from '../latest-threads-api.ts';

/** The home page's newest forum threads by last activity, with their category and reply count. */
export function LatestThreads() {
  const query = useLatestThreads();
  return (
    <LinkRows
      pending={query.isPending}
      items={query.data?.items ?? []}
      label={m.latestThreads}
      empty={m.noThreads}
      skeleton="h-14 w-full"
      to={(th) => `/forum/post/${th.id}`}
      layout="block"
    >
      {(th) => (
        <>
          <p className="line-clamp-2 text-sm font-semibold break-words text-fg">{th.title}</p>
          <p className="mt-0.5 flex items-center gap-2 text-xs text-muted">
            <span className="truncate">{th.category.name}</span>
            <span className="inline-flex shrink-0 items-center gap-1">
              <MessageSquare className="size-3" aria-hidden="true" />
              {forumListUi.replyCount(th.replyCount)}
            </span>
            <DateTime at={th.lastActivityAt} short className="ml-auto shrink-0" />
          </p>
        </>
      )}
    </LinkRows>
  );
}
