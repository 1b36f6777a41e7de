import { KeyRound } from 'lucide-react';
import toast from 'react-hot-toast';
import { changePasswordForm } from '../../../../contract/auth.ts';
import { accountMessages } from '../../../../contract/messages.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useChangePassword, useLinkedAccounts } from '../api.ts';

/** Spec: the current password is re-checked; the page stays in place; other sessions are signed out. */
export function ChangePasswordForm() {
  // A member who joined through Discord or OpenID Connect has no password yet: nothing here could work.
  const linked = useLinkedAccounts();
  if (linked.data?.hasPassword === false)
    return (
      <SectionCard title="Change Password" icon={KeyRound}>
        <p className="text-sm text-muted">{accountMessages.noPasswordYet}</p>
      </SectionCard>
    );
  return <PasswordForm />;
}

function PasswordForm() {
  const changePassword = useChangePassword();
  const { field, handleSubmit, reset, failed } = useZodForm(changePasswordForm, {
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
        onError: failed(accountMessages.changePasswordFailed, ['currentPassword', 'newPassword']),
      },
    ),
  );

  return (
    <SectionCard title="Change Password" icon={KeyRound}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change password">
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          hint="At least 8 characters. Your other devices will be signed out."
          {...field('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <SubmitRow loading={changePassword.isPending}>Change Password</SubmitRow>
      </form>
    </SectionCard>
  );
}
