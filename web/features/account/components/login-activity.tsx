import { History, Monitor } from 'lucide-react';
import { accountMessages } from '../../../../contract/messages.ts';
import { SectionCard } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateLong, toIsoString } from '../../../lib/format.ts';
import { useLogins } from '../api.ts';
import { describeUserAgent } from '../user-agent.ts';

/** The 10 latest sign-ins: date, IP address and browser. */
export function LoginActivity() {
  const logins = useLogins();
  return (
    <SectionCard
      title="Recent Login Activity"
      icon={<History className="size-4 text-primary" aria-hidden="true" />}
    >
      {logins.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : logins.isError ? (
        <p className="text-sm text-danger">{accountMessages.loadLoginsFailed}</p>
      ) : logins.data.items.length === 0 ? (
        <EmptyState text="No sign-ins recorded yet" />
      ) : (
        <ul className="divide-y divide-line" aria-label="Recent sign-ins">
          {logins.data.items.map((login) => (
            <li key={login.id} className="flex items-center gap-3 py-3">
              <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-surface-2 text-muted">
                <Monitor className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={login.userAgent}>
                  {describeUserAgent(login.userAgent)}
                </p>
                <p className="text-xs text-muted">
                  <time dateTime={toIsoString(login.createdAt)}>{formatDateLong(login.createdAt)}</time>
                  <span aria-hidden="true"> · </span>
                  <span>IP {login.ipAddress}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
