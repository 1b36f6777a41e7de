import { ArrowBigDown, ArrowBigUp } from 'lucide-react';

/** Up and down counts of a thread in a list (read-only). */
export function VoteCounts({ upvotes, downvotes }: { upvotes: number; downvotes: number }) {
  return (
    <span className="inline-flex items-center gap-2 text-xs text-muted">
      <span className="inline-flex items-center gap-0.5" title="Upvotes">
        <ArrowBigUp className="size-4 text-success" aria-hidden="true" />
        <span className="sr-only">Upvotes:</span>
        {upvotes}
      </span>
      <span className="inline-flex items-center gap-0.5" title="Downvotes">
        <ArrowBigDown className="size-4 text-danger" aria-hidden="true" />
        <span className="sr-only">Downvotes:</span>
        {downvotes}
      </span>
    </span>
  );
}
