import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { ssoMessages } from '../../../../contract/messages/sso.ts';
import { isSsoErrorCode, ssoErrorText } from '../../../../contract/sso.ts';
import { authUi as ui } from '../../../../contract/texts/auth-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import toast from '../../../lib/toast.ts';
import { useSsoProviders, useStartSso } from '../api.ts';

/**
 * "Sign in with Discord" and the OpenID Connect provider's button, each only when the site configured it;
 * nothing at all (not even the divider) when none is. A provider sign-in that came back unfinished says why.
 */
export function SsoButtons() {
  const providers = useSsoProviders().data ?? [];
  const startSso = useStartSso();
  const [params] = useSearchParams();
  const code = params.get('ssoError');
  const label = providers.find((p) => p.id === params.get('sso'))?.label ?? ui.thatProvider;
  const problem = isSsoErrorCode(code) ? ssoErrorText(code, label) : null;
  return (
    <>
      {problem && (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger"
        >
          {problem}
        </p>
      )}
      {providers.length > 0 && (
        <div className="mb-4 flex flex-col gap-2">
          {providers.map((p) => (
            <Button
              icon={KeyRound}
              key={p.id}
              type="button"
              variant="outline"
              size="lg"
              className="w-full"
              loading={startSso.isPending && startSso.variables === p.id}
              onClick={() =>
                startSso.mutate(p.id, {
                  onError: (err) => toast.error(errorMessage(err, ssoMessages.failed(p.label))),
                })
              }
            >
              {ssoMessages.continueWith(p.label)}
            </Button>
          ))}
          <div className="my-2 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            {ssoMessages.or}
            <span className="h-px flex-1 bg-line" />
          </div>
        </div>
      )}
    </>
  );
}
