import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { resetRequestBody } from '../../../../contract/auth.ts';
import { antiBotMessages, messages } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { useRequestPasswordReset } from '../api.ts';
import { AuthCard, AuthForm, EmailInput, linkClasses } from './auth-card.tsx';

function BackToLogin() {
  return (
    <Link to="/login" className={`inline-flex items-center gap-1.5 ${linkClasses}`}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to login
    </Link>
  );
}

export function RequestResetForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const requestReset = useRequestPasswordReset();
  const { field, handleSubmit, failed } = useZodForm(resetRequestBody, {
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) =>
    requestReset.mutate(values, {
      onSuccess: () => {
        toast.success(messages.resetSent);
        setSentTo(values.email);
      },
      onError: failed(messages.resetFailed, ['email']),
    }),
  );

  if (sentTo !== null) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Email sent"
        subtitle="Check your inbox for a link to reset your password."
        footer={<BackToLogin />}
      >
        <div className="rounded-xl bg-surface-2 p-4 text-sm leading-relaxed text-muted">
          If an account exists for <strong className="wrap-break-word text-fg">{sentTo}</strong>, it will
          receive an email with a reset link within a few minutes. The link works for one hour. Don't see it?
          Check your spam folder.
        </div>
        <Button variant="outline" className="mt-4 w-full" onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={KeyRound}
      title="Reset your password"
      subtitle="Enter your account's email and we'll send you a link to choose a new password."
      footer={<BackToLogin />}
    >
      <AuthForm
        onSubmit={onSubmit}
        submitLabel={requestReset.solving ? antiBotMessages.solving : 'Send Reset Link'}
        pending={requestReset.isPending}
      >
        <EmailInput {...field('email')} />
      </AuthForm>
    </AuthCard>
  );
}
