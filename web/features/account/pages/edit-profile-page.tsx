import { ImageUp, UserPen } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { limits } from '../../../../contract/limits.ts';
import { editProfileForm } from '../../../../contract/me.ts';
import { accountMessages } from '../../../../contract/messages/account.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { authUi } from '../../../../contract/texts/auth-ui.ts';
import { commonUi } from '../../../../contract/texts/common-ui.ts';
import { shellUi } from '../../../../contract/texts/shell-ui.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Page } from '../../../components/ui/page-header.tsx';
import { Loading, Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/session.ts';
import toast from '../../../lib/toast.ts';
import { useDomId } from '../../../lib/use-dom-id.ts';
import { useUpdateProfile, useUploadAvatar } from '../api.ts';

const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

export function EditProfilePage() {
  const me = useMe();
  if (!me.data) {
    return (
      <Loading label={shellUi.loading} className="mx-auto w-full max-w-2xl">
        <Skeleton className="h-8 w-48" />
        <Card className="mt-6 flex flex-col gap-5 p-6">
          <div className="flex items-center gap-4">
            <Skeleton className="size-24 rounded-full" />
            <Skeleton className="h-10 w-36" />
          </div>
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-28 w-full" />
        </Card>
      </Loading>
    );
  }
  return <EditProfileForm me={me.data} />;
}

function EditProfileForm({ me }: { me: NonNullable<ReturnType<typeof useMe>['data']> }) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const uploadAvatar = useUploadAvatar();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHintId = useDomId();

  const { field, handleSubmit, failed } = useZodForm(editProfileForm, {
    defaultValues: { username: me.username, bio: me.bio ?? '' },
  });

  // The preview is a local object URL: free it when it is replaced or the page closes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (!picked) return;
    if (!picked.type.startsWith('image/') || picked.type === 'image/svg+xml') {
      setFileError(accountMessages.notAnImage);
      toast.error(accountMessages.notAnImage);
      event.target.value = '';
      return;
    }
    if (picked.size > MAX_AVATAR_BYTES) {
      setFileError(accountMessages.imageTooLarge);
      toast.error(accountMessages.imageTooLarge);
      event.target.value = '';
      return;
    }
    setFileError(undefined);
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  };

  const busy = updateProfile.isPending || uploadAvatar.isPending;

  const onSubmit = handleSubmit(async (values) => {
    if (file) {
      try {
        setProgress(0);
        await uploadAvatar.mutateAsync({ file, onProgress: setProgress });
      } catch (err) {
        setProgress(null);
        const message = errorMessage(err, accountMessages.uploadAvatarFailed);
        setFileError(message);
        toast.error(message);
        return;
      }
    }
    try {
      await updateProfile.mutateAsync({ username: values.username, bio: values.bio });
    } catch (err) {
      failed(accountMessages.updateProfileFailed, ['username', 'bio'])(err);
      return;
    }
    toast.success(accountMessages.profileUpdated);
    await navigate(`/profile/${me.id}`);
  });

  return (
    <Page
      width="max-w-2xl"
      title={ui.editProfile}
      icon={UserPen}
      iconSize="size-5"
      intro={ui.editProfileIntro}
    >
      <Card className="p-5 sm:p-6">
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 text-sm font-medium text-fg">{ui.avatar}</legend>
            <div className="flex flex-wrap items-center gap-5">
              <div className="relative">
                {preview ? (
                  <img
                    src={preview}
                    alt={ui.avatarPreview}
                    className="size-24 rounded-full object-cover ring-2 ring-primary/40"
                  />
                ) : (
                  <Avatar person={me} className="size-24 text-3xl" />
                )}
              </div>
              <div className="flex min-w-0 flex-col gap-2">
                <input
                  ref={fileInput}
                  id={`${fileHintId}-input`}
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                  className="sr-only"
                  aria-describedby={fileHintId}
                  aria-label={ui.avatarImage}
                  onChange={onPick}
                  disabled={busy}
                />
                <Button
                  variant="outline"
                  onClick={() => fileInput.current?.click()}
                  disabled={busy}
                  icon={ImageUp}
                >
                  {file ? ui.chooseAnotherImage : ui.uploadAvatar}
                </Button>
                <p id={fileHintId} className={fileError ? 'text-sm text-danger' : 'text-xs text-muted'}>
                  {fileError ?? (file ? file.name : ui.avatarHint)}
                </p>
              </div>
            </div>
            {progress !== null && (
              <div className="flex items-center gap-3">
                <progress
                  value={Math.round(progress * 100)}
                  max={100}
                  aria-label={ui.uploadProgress}
                  className="h-2 flex-1 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-surface-2 [&::-webkit-progress-value]:bg-primary"
                />
                <span className="w-10 text-right text-xs tabular-nums text-muted">
                  {Math.round(progress * 100)}%
                </span>
              </div>
            )}
          </fieldset>

          <Input label={authUi.username} autoComplete="username" {...field('username')} />
          <Textarea
            label={ui.bio}
            placeholder={ui.bioPlaceholder}
            {...field('bio', { counter: limits.bio.max })}
          />

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to={`/profile/${me.id}`} className={buttonClasses('outline')}>
              {shellUi.cancel}
            </Link>
            <Button type="submit" loading={busy}>
              {commonUi.saveChanges}
            </Button>
          </div>
        </form>
      </Card>
    </Page>
  );
}
