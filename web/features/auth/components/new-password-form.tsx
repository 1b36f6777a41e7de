import { ArrowLeft, LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { newPasswordForm } from '../../../../contract/auth.ts';
import { messages } from '../../../../contract/messages.ts';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useResetPassword } from '../api.ts';
import { AuthCard, AuthForm, linkClasses } from './auth-card.tsx';

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
      title="Set a new password"
      subtitle="Choose a new password for your account. Other devices will be signed out."
      footer={
        <Link to="/login" className={`inline-flex items-center gap-1.5 ${linkClasses}`}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to login
        </Link>
      }
    >
      <AuthForm onSubmit={onSubmit} submitLabel="Update Password" pending={resetPassword.isPending}>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </AuthForm>
    </AuthCard>
  );
}
