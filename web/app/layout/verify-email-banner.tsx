import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { verifyEmailMessages as m } from '../../../contract/messages/verify-email.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { authRoutes } from '../../lib/api-routes/auth.gen.ts';
import { useMe } from '../../lib/session.ts';
import toast from '../../lib/toast.ts';

/**
 * Shown to a signed-in member whose address is not verified yet (issue 36): what stays locked until then, and
 * a Resend button (the server limits how often). A members-only chunk: no visitor's first screen loads it.
 */
export function VerifyEmailBanner() {
  const me = useMe().data;
  const resend = useMutation({
    mutationFn: () => authRoutes.sendVerificationEmail(),
    onSuccess: () => toast.success(m.resent),
    onError: (err) =>
      toast.error(
        err instanceof ApiError && err.status === 429 ? m.resendLimited : errorMessage(err, m.resendFailed),
      ),
  });
  if (!me || me.emailVerified) return null;
  return (
    <section
      aria-labelledby="verify-email-title"
      className="border-b border-primary/30 bg-primary/10 px-4 py-3 sm:px-6 lg:px-8"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <MailWarning className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id="verify-email-title" className="text-sm font-semibold text-fg">
              {m.bannerTitle}
            </h2>
            <p className="text-sm text-muted">
              {m.bannerBody} <span className="wrap-break-word text-fg">({me.email})</span>
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {m.resend}
        </Button>
      </div>
    </section>
  );
}
