import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { registerForm } from '../../../../contract/auth.ts';
import { messages } from '../../../../contract/common-messages.ts';
import { antiBotMessages } from '../../../../contract/messages/anti-bot.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import { useSignUp } from '../api.ts';
import { AuthCard, AuthForm, AuthLink, EmailInput, linkClasses } from '../components/auth-card.tsx';
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
      title={ui.registerTitle}
      subtitle={ui.registerSubtitle}
      footer={
        <AuthLink prompt={ui.haveAccount} to="/login">
          {ui.signIn}
        </AuthLink>
      }
    >
      <SsoButtons />
      <AuthForm
        onSubmit={onSubmit}
        submitLabel={signUp.solving ? antiBotMessages.solving : ui.createAccount}
        pending={signUp.isPending}
        after={
          <p className="text-center text-xs leading-relaxed text-muted">
            {withParts(
              ui.agreeToTerms,
              <Link to="/terms" className={linkClasses}>
                {ui.termsOfService}
              </Link>,
              <Link to="/privacy" className={linkClasses}>
                {ui.privacyPolicy}
              </Link>,
            )}
          </p>
        }
      >
        <Input
          label={ui.username}
          autoComplete="username"
          placeholder="your_name"
          translate="no"
          hint={ui.usernameHint}
          {...field('username')}
        />
        <EmailInput {...field('email')} />
        <PasswordInput
          label={ui.password}
          autoComplete="new-password"
          hint={ui.passwordHint}
          {...field('password')}
        />
        <PasswordInput label={ui.confirmPassword} autoComplete="new-password" {...field('confirmPassword')} />
      </AuthForm>
    </AuthCard>
  );
}
