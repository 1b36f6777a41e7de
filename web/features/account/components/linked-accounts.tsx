import { Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ssoMessages } from '../../../../contract/messages/sso.ts';
import { isSsoErrorCode, type LinkedAccounts as Linked, ssoErrorText } from '../../../../contract/sso.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { authUi } from '../../../../contract/texts/auth-ui.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatDateLong } from '../../../lib/format.ts';
import toast from '../../../lib/toast.ts';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useLinkAccount, useLinkedAccounts, useUnlinkAccount } from '../api.ts';

type Account = Linked['accounts'][number];

/**
 * The sign-in providers the site offers, each linked (since when, Unlink) or not (Link). Nothing at all when
 * the site offers none. A link that came back from the provider says how it went, once.
 */
export function LinkedAccounts() {
  const linked = useLinkedAccounts();
  const link = useLinkAccount();
  const unlink = useUnlinkAccount();
  const [unlinking, setUnlinking] = useState<Account | undefined>();
  const confirm = useConfirm((close) => {
    if (!unlinking) return;
    unlink.mutate(unlinking.provider, {
      ...toastOutcome(ssoMessages.unlinked(unlinking.label), ssoMessages.unlinkFailed),
      onSettled: close,
    });
  }, unlink.isPending);
  useCameBack(linked.data);

  const accounts = linked.data?.accounts ?? [];
  if (linked.isSuccess && accounts.length === 0) return null;
  return (
    <SectionCard title={ssoMessages.linkedAccounts} icon={Link2}>
      <p className="mb-3 text-sm text-muted">{ssoMessages.linkedAccountsIntro}</p>
      {linked.isPending ? (
        <SkeletonRows className="h-12 w-full" />
      ) : (
        <ul className="divide-y divide-line" aria-label={ssoMessages.linkedAccounts}>
          {accounts.map((a) => (
            <li key={a.provider} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{a.label}</p>
                <p className="text-xs text-muted">
                  {a.linkedAt ? ui.linkedOn(formatDateLong(a.linkedAt)) : ssoMessages.notLinkedYet}
                </p>
              </div>
              {a.linkedAt ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={ui.unlinkNamed(a.label)}
                  onClick={() => {
                    setUnlinking(a);
                    confirm.ask();
                  }}
                >
                  {ssoMessages.unlink}
                </Button>
              ) : (
                <Button
                  size="sm"
                  aria-label={ui.linkNamed(a.label)}
                  loading={link.isPending && link.variables === a.provider}
                  onClick={() =>
                    link.mutate(a.provider, {
                      onError: (err) => toast.error(errorMessage(err, ssoMessages.failed(a.label))),
                    })
                  }
                >
                  {ssoMessages.link}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        {...confirm.dialog}
        title={ui.unlinkTitle(unlinking?.label ?? '')}
        message={unlinking ? ui.unlinkConfirm(unlinking.label) : ''}
        confirmLabel={ssoMessages.unlink}
      />
    </SectionCard>
  );
}

/** `?linked=discord` or `?sso=discord&ssoError=…` after the provider: a toast, then a clean address. */
function useCameBack(data: Linked | undefined) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!data) return;
    const id = params.get('linked') ?? params.get('sso');
    if (!id) return;
    const label = data.accounts.find((a) => a.provider === id)?.label ?? authUi.thatProvider;
    const code = params.get('ssoError');
    if (params.get('linked')) toast.success(ssoMessages.linked(label));
    else if (isSsoErrorCode(code)) toast.error(ssoErrorText(code, label));
    setParams({}, { replace: true });
  }, [data, params, setParams]);
}
