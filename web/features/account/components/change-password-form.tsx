import { KeyRound } from 'lucide-react';
import { changePasswordForm } from '../../../../contract/auth.ts';
import { accountMessages } from '../../../../contract/messages/account.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { SubmitRow } from '../../../components/ui/form-field.tsx';
import { NewPasswordInputs, PasswordInput } from '../../../components/ui/password-input.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import toast from '../../../lib/toast.ts';
import { useChangePassword, useLinkedAccounts } from '../api.ts';

/** Spec: the current password is re-checked; the page stays in place; other sessions are signed out. */
export function ChangePasswordForm() {
  // A member who joined through Discord or OpenID Connect has no password yet: nothing here could work.
  const linked = useLinkedAccounts();
  if (linked.data?.hasPassword === false)
    return (
      <SectionCard title={ui.changePassword} icon={KeyRound}>
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
    <SectionCard title={ui.changePassword} icon={KeyRound}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={ui.changePasswordForm}>
        <PasswordInput
          label={ui.currentPassword}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <NewPasswordInputs
          hint={ui.newPasswordHint}
          password={field('newPassword')}
          confirm={field('confirmPassword')}
        />
        <SubmitRow loading={changePassword.isPending}>{ui.changePassword}</SubmitRow>
      </form>
    </SectionCard>
  );
}
