import { Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { feedbackBody } from '../../../../contract/marketplace.ts';
import { marketplaceMessages as m } from '../../../../contract/messages/marketplace.ts';
import { listingUi as ui } from '../../../../contract/texts/listing-ui.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import toast from '../../../lib/toast.ts';
import { useLeaveFeedback } from '../api.ts';

/** Rating 1–5 (submit disabled until chosen) and a required comment; closes itself on success. */
export function FeedbackForm({ listingId, onClose }: { listingId: string; onClose: () => void }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const leave = useLeaveFeedback();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = feedbackBody.safeParse({ rating, comment });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    // A promise, not mutate's callbacks: the refetched listing unmounts this form, which would skip them.
    leave.mutateAsync({ id: listingId, body: parsed.data }).then(
      (result) => {
        // A vouch held as a possible ring is not "submitted successfully": the server says it awaits review.
        if (result.counted) toast.success(result.message);
        else toast(result.message, { icon: '⏳' });
        onClose();
      },
      (err: unknown) => toast.error(errorMessage(err, m.vouchFailed)),
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={ui.leaveFeedback}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{ui.rating}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-lg p-1 focus-within:outline-2 focus-within:outline-primary"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
                aria-label={ui.stars(n)}
              />
              <Star
                className={cn('size-7', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-muted')}
                aria-hidden="true"
              />
            </label>
          ))}
        </div>
      </fieldset>
      <Textarea
        label={ui.comment}
        rows={3}
        value={comment}
        onChange={(e) => {
          setComment(e.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <SubmitRow disabled={rating === 0} loading={leave.isPending} cancel={onClose}>
        {ui.submitFeedback}
      </SubmitRow>
    </form>
  );
}
