import { Laptop, MonitorSmartphone, Smartphone } from 'lucide-react';
import { sessionMessages } from '../../../../contract/messages/session.ts';
import type { SessionItem } from '../../../../contract/sessions.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { deviceLabel, deviceUi } from '../../../../contract/texts/device-ui.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { ConfirmDialog, useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useRowConfirm } from '../../../lib/admin-list.ts';
import { withParts } from '../../../lib/text-parts.tsx';
import { toastOutcome } from '../../../lib/toast-outcome.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api.ts';
import { browserLabel, isHandheld } from '../device-words.ts';
import { DeviceRow } from './device-row.tsx';
import { LoadFailed } from './load-failed.tsx';

/** Where I am signed in: each browser's session, this one first-class, any other signed out on confirm. */
export function ActiveSessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const signingOut = useRowConfirm<SessionItem>();
  const items = sessions.data?.items ?? [];
  const others = items.filter((s) => !s.current);

  const failed = sessionMessages.signOutSessionFailed;
  const confirmOne = () =>
    signingOut.row &&
    revoke.mutate(signingOut.row.id, {
      ...toastOutcome(sessionMessages.sessionSignedOut, failed),
      onSettled: signingOut.close,
    });
  const signingOutOthers = useConfirm(
    (close) =>
      revokeOthers.mutate(undefined, {
        ...toastOutcome(sessionMessages.otherSessionsSignedOut, failed),
        onSettled: close,
      }),
    revokeOthers.isPending,
  );

  return (
    <SectionCard title={ui.sessions} icon={MonitorSmartphone}>
      {sessions.isPending ? (
        <SkeletonRows className="h-14 w-full" />
      ) : sessions.isError ? (
        <LoadFailed text={sessionMessages.loadSessionsFailed} retry={() => sessions.refetch()} />
      ) : (
        <>
          <ul className="divide-y divide-line" aria-label={ui.signedInSessions}>
            {items.map((s) => (
              <DeviceRow
                key={s.id}
                className="flex-wrap"
                icon={isHandheld(s) ? Smartphone : Laptop}
                action={
                  !s.current && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={ui.signOutNamed(browserLabel(s))}
                      onClick={() => signingOut.ask(s)}
                    >
                      {ui.signOut}
                    </Button>
                  )
                }
              >
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  <span className="truncate">{browserLabel(s)}</span>
                  {s.current && <Badge tone="primary">{ui.thisDevice}</Badge>}
                </p>
                <p className="text-xs text-muted break-words">
                  <span>{deviceLabel(deviceUi, { kind: s.deviceKind, model: s.deviceModel })}</span>
                  <span aria-hidden="true"> · </span>
                  <span>{s.ipAddress ? ui.ipAddress(s.ipAddress) : deviceUi.unknownAddress}</span>
                  <span aria-hidden="true"> · </span>
                  <span>{withParts(ui.lastActive, <DateTime at={s.lastActiveAt} />)}</span>
                </p>
              </DeviceRow>
            ))}
          </ul>
          {others.length === 0 ? (
            <EmptyState text={sessionMessages.noOtherSessions} className="mt-2 py-6" />
          ) : (
            <div className="mt-4 flex justify-end">
              <Button variant="danger" className="w-full sm:w-auto" onClick={signingOutOthers.ask}>
                {ui.signOutOthers}
              </Button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        {...signingOut.dialog}
        title={ui.signOutSessionTitle}
        message={ui.signOutSessionConfirm(signingOut.row ? browserLabel(signingOut.row) : '')}
        confirmLabel={ui.signOut}
        onConfirm={confirmOne}
        pending={revoke.isPending}
      />
      <ConfirmDialog
        {...signingOutOthers.dialog}
        title={ui.signOutOthers}
        message={ui.signOutOthersConfirm(others.length)}
        confirmLabel={ui.signOutAll}
      />
    </SectionCard>
  );
}
