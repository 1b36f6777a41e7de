import { forumMessages as m } from '../../../../contract/messages.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useRevisions } from '../api.ts';

/** Staff: the earlier versions of a thread or a reply, newest first. */
export function RevisionsDialog({
  kind,
  id,
  open,
  onOpenChange,
  title,
}: {
  kind: 'threads' | 'replies';
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
}) {
  const query = useRevisions(kind, id, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description="Earlier versions, newest first"
    >
      {query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : !query.data?.items.length ? (
        <p className="text-sm text-muted">{m.noRevisions}</p>
      ) : (
        <ol aria-label="Earlier versions" className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
          {query.data.items.map((r) => (
            <li key={r.id} className="rounded-xl border border-line p-3">
              <p className="text-xs text-muted">
                Replaced <time dateTime={toIsoString(r.createdAt)}>{formatDateLong(r.createdAt)}</time>
                {r.editor && <> by {r.editor.username}</>}
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
