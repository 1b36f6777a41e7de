import { Clock } from 'lucide-react';
import { reviewMessages as m } from '../../../contract/messages/review.ts';
import type { MyReviewItem } from '../../../contract/review.ts';
import { componentsUi as ui } from '../../../contract/texts/components-ui.ts';
import { sentencesUi } from '../../../contract/texts/sentences-ui.ts';
import { cn } from '../../lib/cn.ts';
import { useMyReviewItems } from '../../lib/review-items.ts';
import { Badge } from './badge.tsx';
import { Card } from './card.tsx';
import { DateTime } from './date-time.tsx';

/** The notice a form shows once what was sent is held for staff (issue 36), announced to screen readers. */
export function AwaitingReviewNotice({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-2 rounded-xl border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-700 dark:text-amber-300',
        className,
      )}
    >
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">{sentencesUi.awaitingReview}</span> {m.awaitingReviewDetail}
      </span>
    </p>
  );
}

/**
 * The member's own held posts where they would appear (a category, a thread, the feed): only they see them,
 * marked as awaiting review, their text as text.
 */
export function AwaitingReview({ show, label }: { show: (item: MyReviewItem) => boolean; label: string }) {
  const items = useMyReviewItems(show);
  if (items.length === 0) return null;
  return (
    <ul aria-label={label} className="mb-4 flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.id}>
          <Card className="flex flex-col gap-2 border-dashed p-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="warning">
                <Clock className="size-3" aria-hidden="true" />
                {ui.awaitingReview}
              </Badge>
              <span className="text-muted">{m.awaitingReview}</span>
              <DateTime at={item.createdAt} className="ml-auto text-xs text-muted" />
            </div>
            {item.content.title && <p className="font-semibold break-words">{item.content.title}</p>}
            <p className="line-clamp-6 break-words whitespace-pre-line">{item.content.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
