import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { changePasswordForm } from '../../../../contract/auth.ts';
import { accountMessages } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SectionCard } from '../../../components/ui/card.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { useChangePassword } from '../api.ts';

/** Spec: the current password is re-checked; the page stays in place; other sessions are signed out. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof changePasswordForm>, unknown, z.output<typeof changePasswordForm>>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(accountMessages.passwordChanged);
          reset();
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, ['currentPassword', 'newPassword']);
          toast.error(errorMessage(err, accountMessages.changePasswordFailed));
        },
      },
    ),
  );

  return (
    <SectionCard
      title="Change Password"
      icon={<KeyRound className="size-4 text-primary" aria-hidden="true" />}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change password">
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          hint="At least 8 characters. Your other devices will be signed out."
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={changePassword.isPending}>
            Change Password
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
