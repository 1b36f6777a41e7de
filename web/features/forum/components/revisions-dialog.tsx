import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { withParts } from '../../../lib/text-parts.tsx';
import { useRevisions } from '../api.ts';

/** Staff: the earlier versions of a thread or a reply, newest first. */
export function RevisionsDialog({
  kind,
  id,
  open,
  onOpenChange,
}: {
  kind: 'threads' | 'replies';
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useRevisions(kind, id, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={kind === 'threads' ? ui.threadHistory : ui.replyHistory}
      description={ui.earlierVersionsNewest}
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : !query.data?.items.length ? (
        <p className="text-sm text-muted">{m.noRevisions}</p>
      ) : (
        <ol aria-label={ui.earlierVersions} className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
          {query.data.items.map((r) => (
            <li key={r.id} className="rounded-xl border border-line p-3">
              <p className="text-xs text-muted">
                {withParts(
                  (when: string) => (r.editor ? ui.replacedBy(when, r.editor.username) : ui.replaced(when)),
                  <DateTime at={r.createdAt} />,
                )}
              </p>
              {r.title && <p className="mt-1 font-semibold">{r.title}</p>}
              <pre className="mt-1 text-sm whitespace-pre-wrap">{r.content}</pre>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
