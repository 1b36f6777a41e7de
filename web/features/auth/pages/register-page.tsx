import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { registerForm } from '../../../../contract/auth.ts';
import { antiBotMessages, messages } from '../../../../contract/messages.ts';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useSignUp } from '../api.ts';
import { AuthCard, AuthForm, EmailInput, linkClasses } from '../components/auth-card.tsx';
import { SsoButtons } from '../components/sso-buttons.tsx';

export function RegisterPage() {
  const signUp = useSignUp();
  const { field, handleSubmit, failed } = useZodForm(registerForm, {
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ username, email, password }) =>
    signUp.mutate(
      { username, email, password },
      { onError: failed(messages.signUpFailed, ['username', 'email', 'password']) },
    ),
  );

  return (
    <AuthCard
      icon={UserPlus}
      title="Create your account"
      subtitle="Join the CheatMarket community in less than a minute."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <SsoButtons />
      <AuthForm
        onSubmit={onSubmit}
        submitLabel={signUp.solving ? antiBotMessages.solving : 'Create Account'}
        pending={signUp.isPending}
        after={
          <p className="text-center text-xs leading-relaxed text-muted">
            By creating an account you agree to our{' '}
            <Link to="/terms" className={linkClasses}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className={linkClasses}>
              Privacy Policy
            </Link>
            .
          </p>
        }
      >
        <Input
          label="Username"
          autoComplete="username"
          placeholder="your_name"
          hint="3 to 20 characters: letters, numbers, underscores and hyphens."
          {...field('username')}
        />
        <EmailInput {...field('email')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        <PasswordInput label="Confirm Password" autoComplete="new-password" {...field('confirmPassword')} />
      </AuthForm>
    </AuthCard>
  );
}
