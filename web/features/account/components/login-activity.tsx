import { History, Monitor, Smartphone } from 'lucide-react';
import { accountMessages } from '../../../../contract/messages/account.ts';
import { accountUi as ui } from '../../../../contract/texts/account-ui.ts';
import { SkeletonRows } from '../../../components/ui/card-grid.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useLogins } from '../api.ts';
import { browserLabel, isHandheld } from '../device-words.ts';
import { DeviceRow } from './device-row.tsx';

/** The 10 latest sign-ins: date, IP address and browser. */
export function LoginActivity() {
  const logins = useLogins();
  return (
    <SectionCard title={ui.loginActivity} icon={History}>
      {logins.isPending ? (
        <SkeletonRows className="h-12 w-full" />
      ) : logins.isError ? (
        <p className="text-sm text-danger">{accountMessages.loadLoginsFailed}</p>
      ) : logins.data.items.length === 0 ? (
        <EmptyState text={ui.noLogins} />
      ) : (
        <ul className="divide-y divide-line" aria-label={ui.recentSignIns}>
          {logins.data.items.map((login) => (
            <DeviceRow key={login.id} icon={isHandheld(login) ? Smartphone : Monitor}>
              <p className="truncate text-sm font-medium" title={login.userAgent}>
                {browserLabel(login)}
              </p>
              <p className="text-xs text-muted">
                <DateTime at={login.createdAt} />
                <span aria-hidden="true"> · </span>
                <span>{ui.ipAddress(login.ipAddress)}</span>
              </p>
            </DeviceRow>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
