import { KeyRound, LogIn, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { signInBody } from '../../../../contract/auth.ts';
import { messages } from '../../../../contract/common-messages.ts';
import { accountMessages } from '../../../../contract/messages/account.ts';
import { passkeyMessages } from '../../../../contract/messages/passkey.ts';
import { ssoMessages } from '../../../../contract/messages/sso.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { useTextField, useZodForm } from '../../../lib/forms.ts';
import { passkeyFailure } from '../../../lib/passkeys.ts';
import toast from '../../../lib/toast.ts';
import { usePasskeySignIn, useSignIn, useVerifyTwoFactor } from '../api.ts';
import { AuthCard, AuthForm, AuthLink, EmailInput, linkClasses } from '../components/auth-card.tsx';
import { SsoButtons } from '../components/sso-buttons.tsx';

export function LoginPage() {
  // A provider sign-in of a member with two-factor sign-in on comes back here for the code (`?twoFactor=1`).
  const { search } = useLocation();
  const [codeStep, setCodeStep] = useState(() => new URLSearchParams(search).has('twoFactor'));
  if (codeStep) return <TwoFactorStep onRestart={() => setCodeStep(false)} />;
  return <PasswordStep onCodeRequired={() => setCodeStep(true)} />;
}

function PasswordStep({ onCodeRequired }: { onCodeRequired: () => void }) {
  const signIn = useSignIn();
  const { field, register, handleSubmit, failed } = useZodForm(signInBody, {
    // Unticked: the session cookie then ends with the browser.
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutate(
      { ...values, rememberMe: values.rememberMe ?? false },
      {
        onSuccess: (data) => {
          if ('twoFactorRequired' in data) onCodeRequired();
        },
        onError: failed(messages.signInFailed, ['email', 'password']),
      },
    ),
  );

  return (
    <AuthCard
      icon={LogIn}
      title={ui.signIn}
      subtitle={ui.signInSubtitle}
      footer={
        <AuthLink prompt={ui.noAccount} to="/register">
          {ui.signUp}
        </AuthLink>
      }
    >
      <SsoButtons />
      <AuthForm onSubmit={onSubmit} submitLabel={ui.signInSubmit} pending={signIn.isPending}>
        <EmailInput {...field('email')} />
        <PasswordInput label={ui.password} autoComplete="current-password" {...field('password')} />
        <div className="flex items-center justify-between gap-3">
          <Checkbox label={ui.rememberMe} {...register('rememberMe')} />
          <Link to="/reset-password" className={`text-sm ${linkClasses}`}>
            {ui.forgotPassword}
          </Link>
        </div>
      </AuthForm>
      <PasskeySignIn />
    </AuthCard>
  );
}

/**
 * The other way in: a passkey of this site, chosen in the browser's prompt (no email, no code). At the code
 * step it stands in for the code: the passkey is both factors on its own.
 */
function PasskeySignIn({ label = ui.passkeySignIn }: { label?: string }) {
  const signIn = usePasskeySignIn();
  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        {ssoMessages.or}
        <span className="h-px flex-1 bg-line" />
      </div>
      <Button
        icon={KeyRound}
        variant="outline"
        size="lg"
        className="w-full"
        loading={signIn.isPending}
        onClick={() =>
          signIn.mutate(undefined, {
            onError: (err) => toast.error(passkeyFailure(err, passkeyMessages.signInFailed)),
          })
        }
      >
        {label}
      </Button>
    </div>
  );
}

/** After the password: the code from the authenticator app, or one of the backup codes. */
function TwoFactorStep({ onRestart }: { onRestart: () => void }) {
  const verify = useVerifyTwoFactor();
  const [useBackup, setUseBackup] = useState(false);
  const code = useTextField();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.value.trim()) return code.setError(accountMessages.codeRequired);
    verify.mutate(
      { code: code.value.trim() },
      {
        onError: (err) => {
          const message = errorMessage(err, messages.signInFailed);
          // An expired or spent challenge means starting over from the password.
          if (err instanceof ApiError && (err.status === 401 || err.code === 'RATE_LIMITED')) {
            toast.error(message);
            onRestart();
            return;
          }
          code.setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <AuthCard
      icon={ShieldCheck}
      title={ui.twoFactorTitle}
      subtitle={useBackup ? ui.backupCodePrompt : ui.totpPrompt}
      footer={
        <button type="button" className={linkClasses} onClick={onRestart}>
          {ui.backToSignIn}
        </button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Input
          key={useBackup ? 'backup' : 'totp'}
          label={useBackup ? ui.backupCode : ui.authenticationCode}
          inputMode={useBackup ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          placeholder={useBackup ? 'XXXXX-XXXXX' : '123456'}
          maxLength={32}
          {...code.props}
        />
        <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
          {ui.verify}
        </Button>
        <button
          type="button"
          className={`text-sm ${linkClasses} self-center`}
          onClick={() => {
            setUseBackup((v) => !v);
            code.clear();
          }}
        >
          {useBackup ? ui.useAuthenticator : ui.useBackupCode}
        </button>
      </form>
      <PasskeySignIn label={ui.passkeyInstead} />
    </AuthCard>
  );
}
