import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { resetRequestBody } from '../../../../contract/auth.ts';
import { messages } from '../../../../contract/common-messages.ts';
import { antiBotMessages } from '../../../../contract/messages/anti-bot.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useZodForm } from '../../../lib/forms.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import toast from '../../../lib/toast.ts';
import { useRequestPasswordReset } from '../api.ts';
import { AuthCard, AuthForm, BackToLogin, EmailInput } from './auth-card.tsx';

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
        title={ui.emailSentTitle}
        subtitle={ui.emailSentSubtitle}
        footer={<BackToLogin />}
      >
        <div className="rounded-xl bg-surface-2 p-4 text-sm leading-relaxed text-muted">
          {withParts(ui.resetSentTo, <strong className="wrap-break-word text-fg">{sentTo}</strong>)}
        </div>
        <Button variant="outline" className="mt-4 w-full" onClick={() => setSentTo(null)}>
          {ui.differentEmail}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard icon={KeyRound} title={ui.resetTitle} subtitle={ui.resetSubtitle} footer={<BackToLogin />}>
      <AuthForm
        onSubmit={onSubmit}
        submitLabel={requestReset.solving ? antiBotMessages.solving : ui.sendResetLink}
        pending={requestReset.isPending}
      >
        <EmailInput {...field('email')} />
      </AuthForm>
    </AuthCard>
  );
}
