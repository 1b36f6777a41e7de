import { CalendarClock, Download, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CheatDetail } from '../../../../contract/cheats.ts';
import { cheatUi as ui } from '../../../../contract/texts/cheat-ui.ts';
import { marketWords as w } from '../../../../contract/texts/market-words.ts';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** Downloads, publisher and last update, side by side. */
export function CheatFacts({ cheat }: { cheat: CheatDetail }) {
  return (
    <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-3">
      <Fact icon={<Download className="size-4" aria-hidden="true" />} term={ui.downloads}>
        <dd className="mt-1 text-lg font-semibold" data-testid="download-count">
          {formatNumber(cheat.downloads)}
        </dd>
      </Fact>
      <Fact icon={<User className="size-4" aria-hidden="true" />} term={ui.publishedBy}>
        <dd className="mt-1 truncate font-medium">
          {cheat.publishedBy ? (
            <Link
              to={`/profile/${cheat.publishedBy.id}`}
              className="text-primary underline underline-offset-2 hover:decoration-2"
            >
              {cheat.publishedBy.username}
            </Link>
          ) : (
            ui.staff
          )}
        </dd>
      </Fact>
      <Fact icon={<CalendarClock className="size-4" aria-hidden="true" />} term={w.lastUpdated}>
        <dd className="mt-1 font-medium">
          <DateTime at={cheat.updatedAt} />
        </dd>
      </Fact>
    </dl>
  );
}

/** One term with its icon; `children` is the <dd>. */
function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-surface-2 px-4 py-3">
      <dt className="flex items-center gap-1.5 text-muted">
        {icon}
        {term}
      </dt>
      {children}
    </div>
  );
}
