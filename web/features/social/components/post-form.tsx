import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { socialMessages } from '../../../../contract/messages.ts';
import { createPostBody, socialLimits } from '../../../../contract/social.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ImageUpload } from '../../../components/ui/image-upload.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useCreatePost } from '../api.ts';

export function PostForm() {
  const create = useCreatePost();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    setValue,
    formState: { errors },
  } = useForm<z.input<typeof createPostBody>, unknown, z.output<typeof createPostBody>>({
    resolver: zodResolver(createPostBody),
    defaultValues: { content: '', imageUrl: '' },
  });
  const length = watch('content')?.length ?? 0;

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { content: values.content, imageUrl: values.imageUrl || null },
      {
        onSuccess: () => {
          reset();
          toast.success(socialMessages.postCreated);
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['content', 'imageUrl']);
          toast.error(errorMessage(err, socialMessages.createPostFailed));
        },
      },
    ),
  );

  return (
    <Card className="p-5">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="New post">
        <Textarea
          label="What's on your mind?"
          rows={3}
          placeholder="Share something with the community…"
          maxLength={socialLimits.postContent.max}
          error={errors.content?.message}
          hint={`${length}/${socialLimits.postContent.max}`}
          {...register('content')}
        />
        <Input
          label="Image URL (optional)"
          inputMode="url"
          placeholder="https://… or upload an image"
          error={errors.imageUrl?.message}
          {...register('imageUrl')}
        />
        <ImageUpload
          value={watch('imageUrl')}
          onChange={(url) => setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={create.isPending}>
            <Send className="size-4" aria-hidden="true" />
            Post
          </Button>
        </div>
      </form>
    </Card>
  );
}
