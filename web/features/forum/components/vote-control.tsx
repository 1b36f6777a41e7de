import { ArrowBigDown, ArrowBigUp } from 'lucide-react';
import type { ForumThread } from '../../../../contract/forum.ts';
import { forumMessages as m } from '../../../../contract/messages/forum.ts';
import { forumUi as ui } from '../../../../contract/texts/forum-ui.ts';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import toast from '../../../lib/toast.ts';
import { useVote } from '../api.ts';

/** Up/down toggles: pressing the current vote again removes it. */
export function VoteControl({ thread, signedIn }: { thread: ForumThread; signedIn: boolean }) {
  const vote = useVote(thread.id);
  const cast = (value: 1 | -1) => {
    if (!signedIn) {
      toast.error(m.loginToVote);
      return;
    }
    vote.mutate(thread.myVote === value ? 0 : value, {
      onError: (err) => toast.error(errorMessage(err, m.voteFailed)),
    });
  };
  const score = thread.upvotes - thread.downvotes;
  const base =
    'grid size-9 place-items-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60';
  return (
    <div className="flex shrink-0 flex-col items-center gap-1">
      <button
        type="button"
        aria-label={ui.upvote}
        aria-pressed={thread.myVote === 1}
        disabled={vote.isPending}
        onClick={() => cast(1)}
        className={cn(
          base,
          thread.myVote === 1 ? 'bg-success/15 text-success' : 'text-muted hover:bg-surface-2',
        )}
      >
        <ArrowBigUp className="size-6" aria-hidden="true" />
      </button>
      <output aria-label={ui.score} className="text-sm font-semibold tabular-nums">
        {score}
      </output>
      <button
        type="button"
        aria-label={ui.downvote}
        aria-pressed={thread.myVote === -1}
        disabled={vote.isPending}
        onClick={() => cast(-1)}
        className={cn(
          base,
          thread.myVote === -1 ? 'bg-danger/15 text-danger' : 'text-muted hover:bg-surface-2',
        )}
      >
        <ArrowBigDown className="size-6" aria-hidden="true" />
      </button>
      <span className="sr-only">{ui.votes(thread.upvotes, thread.downvotes)}</span>
    </div>
  );
}
