import { UserPlus } from 'lucide-react';
import { ssoMessages } from '../../../../contract/messages/sso.ts';
import { ssoCompleteBody } from '../../../../contract/sso.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/forms.ts';
import { useCompleteSso, useSsoPending } from '../api.ts';
import { AuthCard, AuthForm, AuthLink } from '../components/auth-card.tsx';

/** A first sign-in with a provider: the member picks a username before the account is made. */
export function SsoUsernamePage() {
  const pending = useSsoPending();
  if (pending.isPending) return <Skeleton className="mx-auto h-80 w-full max-w-md rounded-2xl" />;
  if (pending.isError)
    return (
      <AuthCard
        icon={UserPlus}
        title={ssoMessages.pickUsernameTitle}
        subtitle={errorMessage(pending.error, ssoMessages.pendingExpired)}
      >
        <AuthLink to="/login">{ui.backToSignIn}</AuthLink>
      </AuthCard>
    );
  return (
    <PickUsername
      label={pending.data.provider.label}
      email={pending.data.email}
      suggested={pending.data.suggestedUsername}
    />
  );
}

function PickUsername({
  label,
  email,
  suggested,
}: {
  label: string;
  email: string;
  suggested: string | null;
}) {
  const complete = useCompleteSso();
  const { field, handleSubmit, failed } = useZodForm(ssoCompleteBody, {
    defaultValues: { username: suggested ?? '' },
  });
  const onSubmit = handleSubmit((values) =>
    complete.mutate(values, { onError: failed(ssoMessages.failed(label), ['username']) }),
  );
  return (
    <AuthCard
      icon={UserPlus}
      title={ssoMessages.pickUsernameTitle}
      subtitle={ssoMessages.pickUsernameIntro(label)}
    >
      <AuthForm onSubmit={onSubmit} submitLabel={ssoMessages.createAccount} pending={complete.isPending}>
        <Input label={ui.email} value={email} readOnly disabled />
        <Input
          label={ui.username}
          autoComplete="username"
          autoFocus
          hint={ui.usernameHint}
          {...field('username')}
        />
      </AuthForm>
    </AuthCard>
  );
}
