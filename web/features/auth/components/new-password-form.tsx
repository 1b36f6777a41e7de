import { LockKeyhole } from 'lucide-react';
import { newPasswordForm } from '../../../../contract/auth.ts';
import { messages } from '../../../../contract/common-messages.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { NewPasswordInputs } from '../../../components/ui/password-input.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useResetPassword } from '../api.ts';
import { AuthCard, AuthForm, BackToLogin } from './auth-card.tsx';

/** Second step of the reset: the emailed link brought a token; choose the new password. */
export function NewPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const { field, handleSubmit, failed } = useZodForm(newPasswordForm, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ password }) =>
    resetPassword.mutate(
      { token, newPassword: password },
      { onError: failed(messages.updateFailed, ['password'], { newPassword: 'password' }) },
    ),
  );

  return (
    <AuthCard
      icon={LockKeyhole}
      title={ui.newPasswordTitle}
      subtitle={ui.newPasswordSubtitle}
      footer={<BackToLogin />}
    >
      <AuthForm onSubmit={onSubmit} submitLabel={ui.updatePassword} pending={resetPassword.isPending}>
        <NewPasswordInputs
          hint={ui.passwordHint}
          password={field('password')}
          confirm={field('confirmPassword')}
        />
      </AuthForm>
    </AuthCard>
  );
}
