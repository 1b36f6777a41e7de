import { useEffect } from 'react';
import { reviewMessages as m } from '../../../../contract/messages/review.ts';
import { type ReviewItem, rejectBody } from '../../../../contract/review.ts';
import { adminUi as ui } from '../../../../contract/texts/admin-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import type { useReviewDecision } from '../api.ts';
import { kindLabels } from './review-card.tsx';

/**
 * Reject a held post with a reason (mailed to its author), or reject and ban (the ban asked here too: the
 * dialog says what it does, and its button is the danger one).
 */
export function ReviewRejectDialog({
  target,
  onClose,
  decide,
}: {
  target: { item: ReviewItem; ban: boolean } | undefined;
  onClose: () => void;
  decide: ReturnType<typeof useReviewDecision>;
}) {
  const { field, handleSubmit, reset } = useZodForm(rejectBody);
  useEffect(() => {
    if (target) reset({ reason: '' });
  }, [target, reset]);
  const item = target?.item;
  const ban = target?.ban ?? false;
  const message = item?.kind === 'direct_message';
  const onSubmit = handleSubmit(({ reason }) => {
    if (!item) return;
    decide.mutate(
      { id: item.id, action: ban ? 'reject-and-ban' : 'reject', reason },
      toastOutcome(ban ? m.rejectedAndBanned : m.rejected, m.decideFailed, onClose),
    );
  });
  const who = item?.author.username ?? '';
  const title = message ? ui.banSender : ban ? ui.rejectAndBan : ui.reject;
  return (
    <Dialog
      open={target !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={item ? ui.itemAbout(kindLabels()[item.kind], who) : undefined}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {message ? ui.banSenderConfirm(who) : ban ? ui.rejectAndBanConfirm(who) : ui.rejectConfirm(who)}
        </p>
        <Textarea label={commonUi.reason} rows={3} {...field('reason', { counter: 500 })} />
        <SubmitRow variant="danger" loading={decide.isPending} cancel={onClose}>
          {message ? ui.banSenderButton : ban ? ui.rejectAndBanButton : ui.reject}
        </SubmitRow>
      </form>
    </Dialog>
  );
}
