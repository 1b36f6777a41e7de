import { Bell, BellOff } from 'lucide-react';
import type { ForumThreadView } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useWatch } from '../api.ts';

/** Watch (new replies notify you and mark the thread unread) or stop watching. */
export function ThreadWatchButton({ thread }: { thread: ForumThreadView }) {
  const watch = useWatch(thread.id);
  return (
    <Button
      variant="outline"
      size="sm"
      className="-mt-1 ml-auto shrink-0"
      aria-pressed={thread.watching}
      disabled={watch.isPending}
      onClick={() =>
        watch.mutate(!thread.watching, {
          onSuccess: ({ watching }) => toast.success(watching ? m.watching : m.notWatching),
          onError: (err) => toast.error(errorMessage(err, ui.actionFailed)),
        })
      }
      icon={thread.watching ? BellOff : Bell}
    >
      {thread.watching ? ui.unwatch : ui.watch}
    </Button>
  );
}
