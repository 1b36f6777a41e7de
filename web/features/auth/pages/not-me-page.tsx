import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { sessionMessages } from '../../../../contract/messages/session.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useConfirmNotMe } from '../api.ts';
import { AuthCard, AuthLink } from '../components/auth-card.tsx';
import { useFragment } from '../fragment.ts';

/** Nothing happens on opening the link (mail scanners open links); only the button's POST acts. */
export function NotMePage() {
  // The alert's link is /security/not-me#token=…
  const token = useFragment().get('token');
  const confirm = useConfirmNotMe();
  const back = <AuthLink to="/login">{ui.goToSignIn}</AuthLink>;

  if (confirm.isSuccess) {
    return (
      <AuthCard
        icon={CheckCircle2}
        title={ui.notMeSecured}
        subtitle={sessionMessages.notMeDone}
        footer={back}
      >
        <p className="text-center text-sm text-muted">{ui.notMeOpenReset}</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={ShieldAlert} title={ui.notMeTitle} subtitle={ui.notMeSubtitle} footer={back}>
      {!token ? (
        <p role="alert" className="text-center text-sm text-danger">
          {sessionMessages.notMeLinkInvalid}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-muted">{ui.notMeExplain}</p>
          {confirm.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(confirm.error, sessionMessages.notMeLinkInvalid)}
            </p>
          )}
          <Button
            variant="danger"
            size="lg"
            className="w-full"
            loading={confirm.isPending}
            onClick={() => confirm.mutate({ token })}
          >
            {ui.notMeConfirm}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
