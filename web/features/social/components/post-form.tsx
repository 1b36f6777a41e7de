import { Send } from 'lucide-react';
import { useState } from 'react';
import { socialMessages } from '../../../../contract/messages/social.ts';
import { isHeld } from '../../../../contract/review.ts';
import { createPostBody, socialLimits } from '../../../../contract/social.ts';
import { postCardUi as ui } from '../../../../contract/texts/social-ui.ts';
import { AwaitingReviewNotice } from '../../../components/ui/awaiting-review.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { ImageUrlField } from '../../../components/ui/image-upload.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useCreatePost } from '../api.ts';

export function PostForm() {
  const create = useCreatePost();
  // The last post sent was held for staff (issue 36): the form says so until the next one.
  const [held, setHeld] = useState(false);
  const { field, handleSubmit, reset, upload, failed } = useZodForm(createPostBody, {
    defaultValues: { content: '', imageUrl: '' },
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { content: values.content, imageUrl: values.imageUrl || null },
      {
        onSuccess: (made) => {
          reset();
          setHeld(isHeld(made));
          if (!isHeld(made)) toast.success(socialMessages.postCreated);
        },
        onError: failed(socialMessages.createPostFailed, ['content', 'imageUrl']),
      },
    ),
  );

  return (
    <Card className="p-5">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={ui.newPost}>
        <Textarea
          label={ui.composerLabel}
          rows={3}
          placeholder={ui.composerPlaceholder}
          {...field('content', { counter: socialLimits.postContent.max })}
        />
        <ImageUrlField inputMode="url" {...field('imageUrl')} upload={upload('imageUrl')} />
        {held && <AwaitingReviewNotice />}
        <SubmitRow loading={create.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {ui.post}
        </SubmitRow>
      </form>
    </Card>
  );
}
