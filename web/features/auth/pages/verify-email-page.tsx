import { CheckCircle2, MailCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { verifyEmailMessages as m } from '../../../../contract/messages/verify-email.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useVerifyEmail } from '../api.ts';
import { AuthCard, AuthLink } from '../components/auth-card.tsx';
import { useFragment } from '../fragment.ts';

/** Opening the link verifies the address (once); the banner goes with the member's profile read again. */
export function VerifyEmailPage() {
  // The link is /verify-email#token=…
  const token = useFragment().get('token');
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const home = <AuthLink to="/">{m.backHome}</AuthLink>;
  if (verify.isSuccess) {
    return (
      <AuthCard icon={CheckCircle2} title={m.verified} subtitle={ui.verifiedSubtitle} footer={home}>
        <p className="text-center text-sm text-muted">{ui.verifiedCarryOn}</p>
      </AuthCard>
    );
  }
  if (!token || verify.isError) {
    return (
      <AuthCard icon={MailX} title={ui.verificationFailed} subtitle={m.bannerTitle} footer={home}>
        <p role="alert" className="text-center text-sm text-danger">
          {verify.isError ? errorMessage(verify.error, m.invalidLink) : m.invalidLink}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={MailCheck} title={m.bannerTitle} subtitle={m.verifying} footer={home}>
      <p role="status" className="text-center text-sm text-muted">
        {m.verifying}
      </p>
    </AuthCard>
  );
}
