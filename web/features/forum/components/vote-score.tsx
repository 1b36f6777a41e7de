import { ArrowBigDown, ArrowBigUp } from 'lucide-react';
import { forumListUi } from '../../../../contract/texts/forum-ui.ts';

/** Up and down counts of a thread in a list (read-only). */
export function VoteCounts({ upvotes, downvotes }: { upvotes: number; downvotes: number }) {
  return (
    <span className="inline-flex items-center gap-2 text-xs text-muted">
      <span className="inline-flex items-center gap-0.5" title={forumListUi.upvotes}>
        <ArrowBigUp className="size-4 text-success" aria-hidden="true" />
        <span className="sr-only">{forumListUi.upvotesLabel}</span>
        {upvotes}
      </span>
      <span className="inline-flex items-center gap-0.5" title={forumListUi.downvotes}>
        <ArrowBigDown className="size-4 text-danger" aria-hidden="true" />
        <span className="sr-only">{forumListUi.downvotesLabel}</span>
        {downvotes}
      </span>
    </span>
  );
}
