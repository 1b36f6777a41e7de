import { CalendarClock, Download, User } from 'lucide-react';
import { Link } from 'react-router';
import type { CheatDetail } from '../../../../contract/cheats.ts';
import { formatDateLong, formatNumber, toIsoString } from '../../../lib/format.ts';

/** Downloads, publisher and last update, side by side. */
export function CheatFacts({ cheat }: { cheat: CheatDetail }) {
  return (
    <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-3">
      <div className="rounded-xl bg-surface-2 px-4 py-3">
        <dt className="flex items-center gap-1.5 text-muted">
          <Download className="size-4" aria-hidden="true" />
          Downloads
        </dt>
        <dd className="mt-1 text-lg font-semibold" data-testid="download-count">
          {formatNumber(cheat.downloads)}
        </dd>
      </div>
      <div className="rounded-xl bg-surface-2 px-4 py-3">
        <dt className="flex items-center gap-1.5 text-muted">
          <User className="size-4" aria-hidden="true" />
          Published by
        </dt>
        <dd className="mt-1 truncate font-medium">
          {cheat.publishedBy ? (
            <Link to={`/profile/${cheat.publishedBy.id}`} className="text-primary hover:underline">
              {cheat.publishedBy.username}
            </Link>
          ) : (
            'Staff'
          )}
        </dd>
      </div>
      <div className="rounded-xl bg-surface-2 px-4 py-3">
        <dt className="flex items-center gap-1.5 text-muted">
          <CalendarClock className="size-4" aria-hidden="true" />
          Last updated
        </dt>
        <dd className="mt-1 font-medium">
          <time dateTime={toIsoString(cheat.updatedAt)}>{formatDateLong(cheat.updatedAt)}</time>
        </dd>
      </div>
    </dl>
  );
}
