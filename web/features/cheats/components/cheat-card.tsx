import { Download, Gamepad2 } from 'lucide-react';
import type { CheatCard } from '../../../../contract/cheats.ts';
import { cheatUi as ui } from '../../../../contract/texts/cheat-ui.ts';
import { Card } from '../../../components/ui/card.tsx';
import { CardTitle } from '../../../components/ui/cover-card.tsx';
import { DateTime } from '../../../components/ui/date-time.tsx';
import { WatchButton } from '../../../components/ui/watch-button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useWatchCheat } from '../api.ts';
import { CheatStatusBadge } from './cheat-status-badge.tsx';

/** A cheat on the status board: game, status, title, summary, downloads, date and (for members) Watch. */
export function CheatCardItem({ cheat: c, watchable }: { cheat: CheatCard; watchable: boolean }) {
  return (
    <Card className="flex w-full flex-col p-5 transition hover:-translate-y-0.5 hover:border-primary/40">
      <article aria-labelledby={`cheat-${c.id}`} className="flex flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <p className="inline-flex min-w-0 items-center gap-1.5 text-xs font-medium text-muted">
            <Gamepad2 className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{c.game}</span>
          </p>
          <CheatStatusBadge status={c.status} />
        </div>
        <CardTitle id={`cheat-${c.id}`} to={`/cheats/${c.id}`} className="mt-3">
          {c.title}
        </CardTitle>
        <p className="mt-2 line-clamp-2 flex-1 text-sm leading-relaxed text-muted">{c.description}</p>
        <div className="mt-4 flex items-center justify-between border-t border-line pt-3 text-xs text-muted">
          <span className="inline-flex items-center gap-1">
            <Download className="size-3.5" aria-hidden="true" />
            {ui.downloadsCount(formatNumber(c.downloads))}
          </span>
          <span className="flex items-center gap-3">
            <DateTime at={c.createdAt} short />
            {watchable && <CardWatch cheat={c} />}
          </span>
        </div>
      </article>
    </Card>
  );
}

/** Members watch a cheat from the board too (issue 18): alerted in the bell and by mail when its status changes. */
function CardWatch({ cheat }: { cheat: CheatCard }) {
  const watch = useWatchCheat(cheat.id);
  return (
    <WatchButton
      watching={cheat.watching}
      toggle={watch.mutateAsync}
      pending={watch.isPending}
      describedBy={`cheat-${cheat.id}`}
    />
  );
}
